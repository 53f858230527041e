import { useEffect, useMemo, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import { BetPicker, postedBet } from "./bet-picker";
import type { EngineScreenProps, SlotConfig } from "./engine-screen";
import { useGameFrame, BET_PANEL } from "./game-frame";
import { RoundError, WinBanner } from "./round-error";
import { SlotGrid, type SlotCellState } from "./slot-symbols";
import { usePlayedRound } from "./use-played-round";

/** The slot round as the engine stores it (app/domain/games/engines/slot.ts, SlotOutcome). */
interface LineWin {
  line: number;
  symbol: string;
  count: number;
  winCentavos: string;
}
interface SlotOutcomeView {
  betCentavos: string;
  grid: string[][];
  lineWins: LineWin[];
  scatter: { count: number; winCentavos: string };
  freeSpins: {
    awarded: number;
    multiplier: number;
    spins: { grid: string[][]; lineWins: LineWin[]; winCentavos: string }[];
    winCentavos: string;
  };
  totalWinCentavos: string;
}

const ROWS = 3;
const REELS = 5;
/** Reels spin at least this long with JavaScript, then stop one after another. */
const SPIN_MS = 700;
const REEL_STOP_MS = 130;
const TICK_MS = 70;

/** A still picture for the reels before the first spin: every symbol shows, none in a paying line. */
function restingGrid(config: SlotConfig): string[][] {
  const ids = config.theme.symbols.map((s) => s.id);
  return Array.from({ length: ROWS }, (_, row) =>
    Array.from({ length: REELS }, (_, reel) => ids[(reel * 4 + row * 3 + 2) % ids.length]!),
  );
}

/** The cells of the winning lines' paying symbols, as "row:reel". */
function winningCells(config: SlotConfig, wins: LineWin[]): Set<string> {
  const cells = new Set<string>();
  for (const w of wins) {
    const rows = config.paylines[w.line - 1];
    if (!rows) continue;
    for (let reel = 0; reel < w.count; reel++) cells.add(`${rows[reel]}:${reel}`);
  }
  return cells;
}

export function SlotScreen({ config, round, error }: EngineScreenProps<SlotConfig>) {
  const { t } = useTranslation();
  const frame = useGameFrame();
  const { Form, shown, playing, revealed, start } = usePlayedRound({ round, error }, SPIN_MS);
  const outcome = shown.round ? (shown.round.outcome as unknown as SlotOutcomeView) : null;
  // The theme's symbols named in the player's language (the engine's English name where a text is missing).
  const symbols = useMemo(
    () => config.theme.symbols.map((s) => ({ ...s, name: t(`play.slot.symbols.${s.id}`, { defaultValue: s.name }) })),
    [config.theme.symbols, t],
  );
  const symbolName = (id: string) => symbols.find((s) => s.id === id)?.name ?? id;
  const scatter = symbols[1];

  // Reels still turning: all of them while the round plays, then fewer as each one stops.
  const [stopped, setStopped] = useState(REELS);
  const [tick, setTick] = useState(0);
  const soundRef = useRef(frame.sound);
  soundRef.current = frame.sound;

  useEffect(() => {
    if (!playing || frame.reducedMotion) return;
    const timer = setInterval(() => setTick((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [playing, frame.reducedMotion]);

  useEffect(() => {
    if (revealed === 0) return;
    if (frame.reducedMotion) {
      setStopped(REELS);
      return;
    }
    let reel = 0;
    const timer = setInterval(() => {
      reel += 1;
      setStopped(reel);
      soundRef.current.play("stop");
      if (reel >= REELS) clearInterval(timer);
    }, REEL_STOP_MS);
    return () => clearInterval(timer);
  }, [revealed, frame.reducedMotion]);

  const settled = stopped >= REELS && !playing;
  const won = outcome ? outcome.totalWinCentavos !== "0" : false;

  useEffect(() => {
    if (!settled || revealed === 0 || !outcome) return;
    if (won) soundRef.current.play(BigInt(outcome.totalWinCentavos) >= BigInt(outcome.betCentavos) * 10n ? "bigWin" : "win");
  }, [settled, revealed]); // eslint-disable-line react-hooks/exhaustive-deps

  const grid = outcome?.grid ?? restingGrid(config);
  const highlighted = settled && outcome ? winningCells(config, outcome.lineWins) : new Set<string>();
  const scatterWon = settled && outcome ? outcome.scatter.count >= 3 : false;
  const ids = config.theme.symbols.map((s) => s.id);

  const cellState = (row: number, reel: number): SlotCellState => {
    const spinning = playing || reel >= stopped;
    if (spinning && !frame.reducedMotion) return { symbol: ids[(tick + reel * 3 + row * 2) % ids.length]!, look: "spinning" };
    if (spinning) return { symbol: grid[row]![reel]!, look: "waiting" };
    const symbol = grid[row]![reel]!;
    const key = `${row}:${reel}`;
    const hit = highlighted.has(key) || (scatterWon && symbol === scatter?.id);
    const anyWin = highlighted.size > 0 || scatterWon;
    return { symbol, look: hit ? "win" : anyWin ? "dim" : "still" };
  };

  const announcement =
    !settled || !outcome
      ? ""
      : won
        ? t("play.result.won", { amount: formatPeso(outcome.totalWinCentavos) })
        : t("play.result.noWin");
  const paylines = settled && outcome ? outcome.lineWins.map((w) => config.paylines[w.line - 1]!).filter(Boolean) : [];

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="slot-screen">
      <div className="text-center">
        <p className="bg-[linear-gradient(180deg,var(--prize-shine),var(--prize)_60%,var(--prize-deep))] bg-clip-text text-2xl font-black tracking-wide text-transparent uppercase drop-shadow">
          {config.theme.name}
        </p>
        <p className="text-[11px] font-semibold tracking-widest text-balance text-muted uppercase">
          {t("play.slot.lines", { lines: config.lines })}
          {" · "}
          {t("play.slot.freeSpinsRule", { symbol: scatter?.name ?? "", multiplier: config.theme.freeSpins.multiplier })}
        </p>
      </div>

      <SlotGrid
        symbols={symbols}
        cell={cellState}
        paylines={paylines}
        label={t("play.slot.reels")}
        moving={playing && !frame.reducedMotion}
        tick={tick}
      />

      <div className="flex min-h-16 flex-col items-center justify-center gap-1" data-testid="slot-result">
        {settled && outcome ? (
          <WinBanner win={outcome.totalWinCentavos} label={t("play.win")} nothing={t("play.result.noWin")} />
        ) : playing ? (
          <p className="text-sm font-semibold tracking-widest text-muted uppercase">{t("play.slot.spinning")}</p>
        ) : null}
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>

      <Form
        method="post"
        className={BET_PANEL}
        onSubmit={(event) => {
          start(event, postedBet(event.currentTarget));
          setStopped(0);
          frame.sound.play("spin");
        }}
        data-testid="slot-form"
      >
        <CsrfInput />
        <BetPicker steps={config.betSteps} selected={shown.round?.bet ?? round?.bet ?? null} />
        <button
          type="submit"
          disabled={playing}
          className="btn-primary mx-auto flex h-20 w-20 items-center justify-center rounded-full text-lg font-black tracking-wider uppercase ring-4 ring-primary/30 transition active:scale-95 disabled:opacity-70 motion-reduce:transition-none"
          data-testid="spin"
        >
          {playing ? (
            <span className="h-7 w-7 animate-spin rounded-full border-4 border-on-primary/30 border-t-on-primary motion-reduce:animate-none" />
          ) : (
            t("play.slot.spin")
          )}
        </button>
      </Form>

      {/* A refusal, what the spin won line by line, and its free spins: under the button, so a long
          list never moves the button from under the player's next tap. */}
      <RoundError error={shown.error} />

      {settled && outcome && won ? (
        <ul className="flex flex-col gap-1 rounded-card border border-line/60 bg-surface/80 p-2 text-xs" data-testid="slot-wins">
          {outcome.lineWins.map((w) => (
            <li key={w.line} className="flex items-center justify-between gap-2 px-1">
              <span className="text-muted">
                {t("play.slot.lineWin", { line: w.line, count: w.count, symbol: symbolName(w.symbol) })}
              </span>
              <span className="font-bold tabular-nums text-prize">{formatPeso(w.winCentavos)}</span>
            </li>
          ))}
          {outcome.scatter.winCentavos !== "0" ? (
            <li className="flex items-center justify-between gap-2 px-1">
              <span className="text-muted">
                {t("play.slot.scatterWin", { count: outcome.scatter.count, symbol: scatter?.name ?? "" })}
              </span>
              <span className="font-bold tabular-nums text-prize">{formatPeso(outcome.scatter.winCentavos)}</span>
            </li>
          ) : null}
        </ul>
      ) : null}

      {settled && outcome && outcome.freeSpins.awarded > 0 ? (
        <section className="rounded-card border border-accent/50 bg-accent/10 p-2" data-testid="slot-free-spins">
          <h2 className="flex items-center justify-between px-1 text-sm font-bold text-accent">
            <span>
              {t("play.slot.freeSpins", { count: outcome.freeSpins.awarded, multiplier: outcome.freeSpins.multiplier })}
            </span>
            <span className="tabular-nums text-prize">{formatPeso(outcome.freeSpins.winCentavos)}</span>
          </h2>
          <ol className="no-scrollbar mt-2 flex gap-2 overflow-x-auto pb-1">
            {outcome.freeSpins.spins.map((s, i) => {
              const cells = winningCells(config, s.lineWins);
              return (
                <li key={i} className="shrink-0 rounded-lg bg-surface/90 p-1.5 text-center">
                  <p className="mb-1 text-[10px] font-semibold text-muted">{t("play.slot.freeSpin", { n: i + 1 })}</p>
                  <SlotGrid
                    symbols={symbols}
                    cell={(row, reel) => ({
                      symbol: s.grid[row]![reel]!,
                      look: cells.has(`${row}:${reel}`) ? "win" : cells.size > 0 ? "dim" : "still",
                    })}
                    paylines={[]}
                    label={t("play.slot.freeSpin", { n: i + 1 })}
                    mini
                  />
                  <p className={`mt-1 text-xs font-bold tabular-nums ${s.winCentavos === "0" ? "text-muted" : "text-prize"}`}>
                    {formatPeso(s.winCentavos)}
                  </p>
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
