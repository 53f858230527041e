import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import { BetPicker, postedBet } from "./bet-picker";
import type { BingoConfig, EngineScreenProps } from "./engine-screen";
import { useGameFrame, BET_PANEL } from "./game-frame";
import { RoundError, WinBanner } from "./round-error";
import { usePlayedRound } from "./use-played-round";

/** The bingo round as the engine stores it (engines/bingo.ts, BingoOutcome). */
interface BingoLineView {
  kind: "row" | "column" | "diagonal";
  index: number;
  cells: [number, number][];
  ball: number;
  drawnAt: number;
}
interface BingoOutcomeView {
  betCentavos: string;
  card: (number | null)[][];
  balls: number[];
  marked: boolean[][];
  lines: BingoLineView[];
  blackout: boolean;
  multiplier: number;
  winCentavos: string;
}

const COLUMNS = ["B", "I", "N", "G", "O"];
/** The draw starts after at least this long with JavaScript; then the balls come out one by one. */
const DRAW_MS = 500;
const BALL_MS = 45;

/** The card before any round: column ranges only, so the layout does not jump when a card is dealt. */
const EMPTY_CARD: (number | null)[][] = Array.from({ length: 5 }, (_, r) =>
  Array.from({ length: 5 }, (_, c) => (r === 2 && c === 2 ? null : 0)),
);

/** Paytable rows: consecutive line counts with one multiplier shown as a range (6–11 lines). */
function paytableRows(paytable: number[]): { from: number; to: number; multiplier: number }[] {
  const rows: { from: number; to: number; multiplier: number }[] = [];
  paytable.forEach((multiplier, lines) => {
    if (lines === 0) return;
    const last = rows[rows.length - 1];
    if (last && last.multiplier === multiplier && last.to === lines - 1) last.to = lines;
    else rows.push({ from: lines, to: lines, multiplier });
  });
  return rows;
}

export function BingoScreen({ config, round, error }: EngineScreenProps<BingoConfig>) {
  const { t } = useTranslation();
  const frame = useGameFrame();
  const { Form, shown, playing, revealed, start } = usePlayedRound({ round, error }, DRAW_MS);
  const outcome = shown.round ? (shown.round.outcome as unknown as BingoOutcomeView) : null;
  const soundRef = useRef(frame.sound);
  soundRef.current = frame.sound;

  // How many balls are out: all of them after a plain post or with reduced motion.
  const [out, setOut] = useState(99);
  useEffect(() => {
    if (revealed === 0) return;
    if (frame.reducedMotion) {
      setOut(99);
      return;
    }
    setOut(0);
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      setOut(n);
      if (n >= config.drawSize) clearInterval(timer);
    }, BALL_MS);
    return () => clearInterval(timer);
  }, [revealed, frame.reducedMotion, config.drawSize]);

  const balls = outcome && !playing ? outcome.balls.slice(0, out) : [];
  const settled = Boolean(outcome) && !playing && out >= (outcome?.balls.length ?? 0);
  const lines = settled && outcome ? outcome.lines : [];

  useEffect(() => {
    if (!settled || revealed === 0 || !outcome) return;
    soundRef.current.play(outcome.winCentavos === "0" ? "lose" : outcome.multiplier >= 10 ? "bigWin" : "win");
  }, [settled, revealed]); // eslint-disable-line react-hooks/exhaustive-deps

  const drawnSet = new Set(balls);
  const inLine = new Map<string, number>();
  for (const l of lines) for (const [r, c] of l.cells) inLine.set(`${r}:${c}`, l.ball);
  const completing = new Set(lines.map((l) => l.ball));
  const card = outcome && !playing ? outcome.card : EMPTY_CARD;
  const lineName = (l: BingoLineView) =>
    l.kind === "diagonal"
      ? t(`games.bingo.diagonal${l.index}`)
      : t(`games.bingo.${l.kind}`, { n: l.kind === "column" ? COLUMNS[l.index] : l.index + 1 });

  const announcement =
    !settled || !outcome
      ? ""
      : outcome.winCentavos === "0"
        ? t("games.bingo.noLine")
        : `${t("games.bingo.linesWon", { count: outcome.lines.length, multiplier: outcome.multiplier })} ${t("games.result.won", {
            amount: formatPeso(outcome.winCentavos),
          })}`;

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="bingo-screen">
      <div className="relative rounded-card border border-line/60 bg-[radial-gradient(120%_90%_at_50%_0%,var(--surface-3),var(--surface)_70%)] p-3 shadow-inner shadow-black/60">
        {/* Before the first card: why it is blank, over it (the layout stays as it will be). */}
        {!outcome && !playing ? (
          <p
            className="pointer-events-none absolute inset-x-6 top-[5.5rem] z-10 rounded-full bg-surface/90 px-3 py-2 text-center text-xs font-semibold text-balance text-muted shadow-lg shadow-black/50"
            data-testid="bingo-dealt-on-play"
          >
            {t("games.bingo.dealtOnPlay")}
          </p>
        ) : null}
        <table className="w-full table-fixed border-separate border-spacing-1" data-testid="bingo-card">
          <caption className="sr-only">{t("games.bingo.card")}</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="rounded-lg bg-[linear-gradient(180deg,var(--primary),var(--primary-2))] py-1 text-lg font-black text-on-primary"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {card.map((row, r) => (
              <tr key={r}>
                {row.map((n, c) => {
                  const free = n === null;
                  const marked = free || (n !== 0 && drawnSet.has(n));
                  const lineBall = inLine.get(`${r}:${c}`);
                  return (
                    <td
                      key={c}
                      className={`relative h-12 rounded-lg text-center text-lg font-black tabular-nums transition-colors duration-200 motion-reduce:transition-none ${
                        lineBall !== undefined
                          ? "bg-prize text-on-primary ring-2 ring-prize-shine"
                          : marked
                            ? "bg-primary/25 text-primary ring-1 ring-primary/60"
                            : "bg-surface-2 text-text"
                      }`}
                      data-marked={marked || undefined}
                      data-line={lineBall !== undefined || undefined}
                    >
                      {free ? (
                        <span className="text-[10px] tracking-wider uppercase">{t("games.bingo.free")}</span>
                      ) : n === 0 ? (
                        ""
                      ) : (
                        n
                      )}
                      {marked && !free ? <span className="sr-only">{t("games.bingo.marked")}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>

        <div className="mt-2">
          <p className="mb-1 flex justify-between px-1 text-[10px] font-semibold tracking-wider text-muted uppercase">
            <span>{t("games.bingo.balls")}</span>
            <span className="tabular-nums">{outcome && !playing ? `${balls.length}/${outcome.balls.length}` : ""}</span>
          </p>
          {/* A slot for every ball of the draw holds its room from the start: the balls coming out
              fill it, and nothing below (the play button) moves under the player's finger. */}
          <div className="relative">
            <div className="grid grid-cols-10 gap-1" aria-hidden="true">
              {Array.from({ length: config.drawSize }, (_, i) => (
                <span key={i} className="aspect-square rounded-full border border-line/40 bg-black/20" />
              ))}
            </div>
            <ol
              className="absolute inset-0 grid grid-cols-10 content-start gap-1"
              aria-label={t("games.bingo.balls")}
              data-testid="bingo-balls"
            >
              {playing ? (
                <li className="absolute inset-0 flex items-center justify-center text-sm font-semibold tracking-widest text-muted uppercase">
                  {t("games.bingo.drawing")}
                </li>
              ) : (
                balls.map((b, i) => (
                  <li
                    key={`${shown.round?.id}-${b}`}
                    className={`flex aspect-square items-center justify-center rounded-full text-[11px] font-black tabular-nums shadow shadow-black/50 motion-safe:transition motion-safe:duration-200 motion-safe:starting:scale-0 ${
                      completing.has(b) ? "bg-prize text-on-primary ring-2 ring-prize-shine" : "bg-surface-3 text-text"
                    }`}
                    title={`${COLUMNS[Math.floor((b - 1) / 15)]}${b}`}
                    data-order={i + 1}
                  >
                    {b}
                  </li>
                ))
              )}
            </ol>
          </div>
        </div>
      </div>

      <div className="flex min-h-14 flex-col items-center justify-center" data-testid="bingo-result">
        {settled && outcome ? (
          <WinBanner win={outcome.winCentavos} label={t("games.result.win")} nothing={t("games.bingo.noLine")} />
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
          frame.sound.play("spin");
        }}
        data-testid="bingo-form"
      >
        <CsrfInput />
        <BetPicker steps={config.betSteps} selected={shown.round?.bet ?? round?.bet ?? null} label={t("games.bingo.cardPrice")} />
        <button
          type="submit"
          disabled={playing}
          className="btn-primary flex h-12 w-full items-center justify-center rounded-full text-base font-black tracking-wider uppercase transition active:scale-95 disabled:opacity-60 motion-reduce:transition-none"
          data-testid="bingo-play"
        >
          {playing ? t("games.bingo.drawing") : t("games.bingo.play")}
        </button>
      </Form>

      {/* A refusal and the completed lines: under the button, which they would otherwise move. */}
      <RoundError error={shown.error} />

      {lines.length > 0 ? (
        <ul
          className="flex flex-col gap-1 rounded-card border border-line/60 bg-surface/80 p-2 text-xs"
          data-testid="bingo-lines"
        >
          {lines.map((l) => (
            <li key={`${l.kind}${l.index}`} className="flex items-center justify-between gap-2 px-1">
              <span className="font-semibold">{lineName(l)}</span>
              <span className="text-muted">{t("games.bingo.completedBy", { ball: l.ball, n: l.drawnAt })}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <details className="rounded-card border border-line/60 bg-surface/70 px-3 py-2 text-xs" data-testid="bingo-paytable" open>
        <summary className="cursor-pointer font-bold tracking-wider text-muted uppercase">{t("games.bingo.paytable")}</summary>
        <dl className="mt-2 grid grid-cols-4 gap-1">
          {paytableRows(config.paytable).map((row) => {
            const hit = settled && outcome && outcome.lines.length >= row.from && outcome.lines.length <= row.to;
            return (
              <div
                key={row.from}
                className={`rounded-lg px-2 py-1 text-center ${hit ? "bg-prize text-on-primary" : "bg-surface-2"}`}
              >
                <dt className="text-[10px] text-current opacity-80">
                  {row.from === 12
                    ? t("games.bingo.fullCard")
                    : row.from === row.to
                      ? t("games.bingo.lines", { count: row.from })
                      : t("games.bingo.linesRange", { from: row.from, to: row.to })}
                </dt>
                <dd className="font-black tabular-nums">×{row.multiplier}</dd>
              </div>
            );
          })}
        </dl>
      </details>
    </div>
  );
}
