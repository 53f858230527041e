import { useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";
import { chipLabel } from "./bet-picker";

/**
 * Stakes on the spots of a table (baccarat's player / banker…, the colour game's six colours): with
 * JavaScript, pick a chip and tap spots; without it, each spot is a plain select. Either way the
 * form posts `bet_<spot>` with a stake from the bet steps, or nothing for a spot left empty.
 */

export function useTableStakes(steps: string[], initial: Record<string, string>) {
  const hydrated = useHydrated();
  const [chip, setChip] = useState(steps[0] ?? "");
  const [stakes, setStakes] = useState<Record<string, string>>(initial);
  /** A tap puts the chip on the spot; tapping again with the same chip takes it off. */
  const tap = (spot: string) =>
    setStakes((s) => {
      const next = { ...s };
      if (next[spot] === chip) delete next[spot];
      else next[spot] = chip;
      return next;
    });
  const total = Object.values(stakes).reduce((sum, v) => sum + BigInt(v), 0n);
  return { hydrated, chip, setChip, stakes, tap, clear: () => setStakes({}), total };
}

export type TableStakes = ReturnType<typeof useTableStakes>;

/** The chip rack: which chip a tap puts down. */
export function ChipRack({ steps, stakes }: { steps: string[]; stakes: TableStakes }) {
  const { t } = useTranslation();
  if (!stakes.hydrated) return null;
  return (
    <div
      role="group"
      aria-label={t("games.table.chip")}
      className="no-scrollbar -mx-1 flex snap-x gap-2 overflow-x-auto px-1 py-1"
      data-testid="chip-rack"
    >
      {steps.map((step) => {
        const on = step === stakes.chip;
        return (
          <button
            key={step}
            type="button"
            aria-pressed={on}
            onClick={() => stakes.setChip(step)}
            className={`flex h-11 min-w-14 shrink-0 snap-start items-center justify-center rounded-full border-2 px-3 text-sm font-bold tabular-nums transition motion-reduce:transition-none ${
              on
                ? "border-prize bg-[radial-gradient(circle_at_35%_30%,var(--prize-shine),var(--prize)_45%,var(--prize-deep))] text-on-primary shadow-md motion-safe:-translate-y-0.5"
                : "border-dashed border-line bg-surface-2 text-muted shadow-inner shadow-black/40"
            }`}
          >
            {chipLabel(step)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * What a spot posts: a hidden field when JavaScript placed the chip, else a select the player uses
 * directly. `label` names the spot for the select.
 */
export function StakeField({
  spot,
  label,
  steps,
  stakes,
}: {
  spot: string;
  label: string;
  steps: string[];
  stakes: TableStakes;
}) {
  const { t } = useTranslation();
  const name = `bet_${spot}`;
  if (stakes.hydrated) return stakes.stakes[spot] ? <input type="hidden" name={name} value={stakes.stakes[spot]} /> : null;
  return (
    <select
      name={name}
      defaultValue={stakes.stakes[spot] ?? ""}
      aria-label={t("games.table.stakeOn", { spot: label })}
      className="mt-1 h-9 w-full rounded-full border border-line bg-surface-2 px-2 text-center text-xs font-semibold text-text"
    >
      <option value="">{t("games.table.noStake")}</option>
      {steps.map((s) => (
        <option key={s} value={s}>
          {chipLabel(s)}
        </option>
      ))}
    </select>
  );
}

/** The chip sitting on a spot (with JavaScript), drawn over the spot's corner. */
export function PlacedChip({ stake }: { stake: string | undefined }) {
  if (!stake) return null;
  return (
    <span className="absolute -top-2 -right-2 flex h-9 min-w-9 items-center justify-center rounded-full border-2 border-dashed border-on-primary/40 bg-[radial-gradient(circle_at_35%_30%,var(--prize-shine),var(--prize)_45%,var(--prize-deep))] px-1 text-[11px] font-black tabular-nums text-on-primary shadow-lg shadow-black/50 motion-safe:transition motion-safe:starting:scale-50 motion-safe:starting:opacity-0">
      {chipLabel(stake)}
    </span>
  );
}

/** The stakes of the last round, as the next round's starting layout. */
export function lastStakes(
  bets: { spot?: string; colour?: string; stakeCentavos: string }[] | undefined,
): Record<string, string> {
  return Object.fromEntries((bets ?? []).map((b) => [b.spot ?? b.colour ?? "", b.stakeCentavos]));
}

/** Clear (with JavaScript) and the table's play button, labelled by locale keys: idle, while playing, with the stake total. */
export function TableActions({
  stakes,
  playing,
  labels,
  testId,
}: {
  stakes: TableStakes;
  playing: boolean;
  labels: { idle: string; busy: string; withTotal: string };
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      {stakes.hydrated ? (
        <button
          type="button"
          onClick={stakes.clear}
          disabled={playing || stakes.total === 0n}
          className="h-12 rounded-full border border-line px-4 text-sm font-semibold text-muted disabled:opacity-50"
        >
          {t("games.table.clear")}
        </button>
      ) : null}
      <button
        type="submit"
        disabled={playing || (stakes.hydrated && stakes.total === 0n)}
        className="btn-primary flex h-12 flex-1 items-center justify-center rounded-full text-base font-black tracking-wider uppercase transition active:scale-95 disabled:opacity-60 motion-reduce:transition-none"
        data-testid={testId}
      >
        {playing
          ? t(labels.busy)
          : stakes.hydrated && stakes.total > 0n
            ? t(labels.withTotal, { amount: formatPeso(stakes.total.toString()) })
            : t(labels.idle)}
      </button>
    </div>
  );
}
