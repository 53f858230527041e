import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";

/** "₱500" rather than "₱500.00" on a chip; centavos stay when there are some. */
export function chipLabel(centavos: string): string {
  return formatPeso(centavos).replace(/\.00$/, "");
}

/** The stake (centavos) a game's form posts in its `bet` field, or 0 when it holds none. */
export function postedBet(form: HTMLFormElement): bigint {
  const bet = new FormData(form).get("bet");
  return typeof bet === "string" && /^\d{1,12}$/.test(bet) ? BigInt(bet) : 0n;
}

/**
 * The stake as a row of chips: real radio buttons named `name`, so the choice posts without
 * JavaScript, and arrow keys move between them.
 */
export function BetPicker({
  steps,
  selected,
  name = "bet",
  label,
}: {
  steps: string[];
  /** The step checked at first (the last round's stake, else the smallest). */
  selected: string | null;
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const initial = selected && steps.includes(selected) ? selected : steps[0];
  return (
    <fieldset className="min-w-0" data-testid="bet-picker">
      <legend className="mb-1.5 px-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
        {label ?? t("play.bet")}
      </legend>
      <div className="no-scrollbar -mx-1 flex snap-x gap-2 overflow-x-auto px-1 py-1">
        {steps.map((step) => (
          <label key={step} className="relative shrink-0 snap-start">
            <input type="radio" name={name} value={step} defaultChecked={step === initial} className="peer sr-only" />
            <span className="flex h-11 min-w-14 cursor-pointer items-center justify-center rounded-full border-2 border-dashed border-line bg-surface-2 px-3 text-sm font-bold tabular-nums text-muted shadow-inner shadow-black/40 transition peer-checked:border-solid peer-checked:border-prize peer-checked:bg-[radial-gradient(circle_at_35%_30%,var(--prize-shine),var(--prize)_45%,var(--prize-deep))] peer-checked:text-on-primary peer-checked:shadow-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary motion-reduce:transition-none">
              {chipLabel(step)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
