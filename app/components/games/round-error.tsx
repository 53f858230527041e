import { useTranslation } from "~/components/ui/i18n";
import { AlertIcon } from "~/components/ui/icons";
import { formatPeso } from "~/utils/money";
import { useGameFrame } from "./game-frame";

/** Where a member tops up when a stake is more than the balance. */
const DEPOSIT_PAGE = "/m/voucherCenter";

/** A refused round, translated; short of money with real money, the way to a deposit. */
export function RoundError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const { fun } = useGameFrame();
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-3 rounded-card border border-danger/50 bg-danger/10 px-3 py-2.5 text-sm text-danger"
      data-testid="round-error"
      data-error={error}
    >
      <AlertIcon className="h-5 w-5 shrink-0" />
      <p className="flex-1">{t(error)}</p>
      {error === "play.notEnoughMoney" && !fun ? (
        <a href={DEPOSIT_PAGE} className="shrink-0 rounded-full bg-danger px-3 py-1.5 text-xs font-bold text-bg">
          {t("play.deposit")}
        </a>
      ) : null}
    </div>
  );
}

/** The round's win (centavos) in large metallic digits, or a quiet line when it won nothing. */
export function WinBanner({ win, label, nothing }: { win: string | null; label: string; nothing: string }) {
  if (win === null) return null;
  const won = win !== "0";
  return won ? (
    <div className="flex flex-col items-center" data-testid="win-banner">
      <span className="text-[11px] font-bold tracking-[0.3em] text-prize uppercase">{label}</span>
      <span className="bg-[linear-gradient(180deg,var(--prize-shine),var(--prize)_55%,var(--prize-deep))] bg-clip-text text-3xl font-black tabular-nums text-transparent drop-shadow-md">
        {formatPeso(win)}
      </span>
    </div>
  ) : (
    <p className="text-center text-sm text-muted" data-testid="win-banner">
      {nothing}
    </p>
  );
}
