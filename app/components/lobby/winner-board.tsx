import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";

export interface WinnerView {
  /** Already masked by the server ("ju***24"). */
  player: string;
  gameName: string;
  /** Centavos, as a string. */
  winAmount: string;
}

function TrophyIcon(props: React.SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
      <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" />
    </svg>
  );
}

const MEDALS = ["bg-accent text-on-primary", "bg-primary/80 text-on-primary", "bg-primary/50 text-on-primary"];

/** Spec §3/§4: the biggest recent wins of this site, by win descending; nothing at all when there are none. */
export function WinnerBoard({ winners }: { winners: WinnerView[] }) {
  const { t } = useTranslation();
  if (winners.length === 0) return null;
  return (
    <section aria-labelledby="winners-title" className="mt-5 px-3" data-testid="winner-board">
      <div className="mb-2.5 flex items-baseline gap-2">
        <h2 id="winners-title" className="flex items-center gap-2 text-base font-bold">
          <TrophyIcon width={18} height={18} className="text-accent" />
          {t("winners.title")}
        </h2>
        <p className="text-[11px] text-muted">{t("winners.subtitle")}</p>
      </div>
      <ol className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface">
        {winners.map((w, i) => (
          <li key={i} className="flex items-center gap-3 px-3 py-2.5" data-winner>
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums ${MEDALS[i] ?? "bg-surface-3 text-muted"}`}
              aria-hidden
            >
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold" data-player>
                {w.player}
              </p>
              <p className="truncate text-[11px] text-muted">{t("winners.wonIn", { game: w.gameName })}</p>
            </div>
            <span className="shrink-0 text-sm font-bold text-accent tabular-nums" data-amount>
              {formatPeso(w.winAmount)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
