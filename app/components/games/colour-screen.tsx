import { useEffect, useRef } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import type { ColourConfig, EngineScreenProps } from "./engine-screen";
import { useGameFrame, BET_PANEL } from "./game-frame";
import { RoundError, WinBanner } from "./round-error";
import { ChipRack, lastStakes, PlacedChip, StakeField, TableActions, useTableStakes } from "./table-stakes";
import { usePlayedRound } from "./use-played-round";

/** The colour game's round as the engine stores it (engines/colour-game.ts, ColourGameOutcome). */
interface ColourOutcomeView {
  dice: string[];
  bets: { colour: string; stakeCentavos: string; hits: number; winCentavos: string }[];
  totalBetCentavos: string;
  totalWinCentavos: string;
}

/** The dice tumble at least this long with JavaScript. */
const ROLL_MS = 900;

/** Each colour's face, from the game-piece tokens (the same in every theme); its label reads at AA (tests/architecture/theme-tokens.test.ts). */
export const FACE: Record<string, string> = {
  yellow: "bg-game-yellow text-card-ink",
  white: "bg-game-white text-card-ink",
  pink: "bg-game-pink text-card-ink",
  blue: "bg-game-blue text-card-paper",
  red: "bg-game-red text-card-paper",
  green: "bg-game-green text-card-ink",
};

function Die({ colour, label, rolling, index }: { colour: string | null; label: string; rolling: boolean; index: number }) {
  return (
    <span
      className={`flex h-20 w-20 items-center justify-center rounded-2xl border-2 border-black/20 text-[11px] font-black tracking-wide uppercase shadow-lg shadow-black/50 inset-shadow-[0_-6px_0] inset-shadow-black/20 ${
        colour ? FACE[colour] : "bg-surface-3 text-muted"
      } ${rolling ? "motion-safe:animate-bounce" : "motion-safe:transition motion-safe:duration-300 motion-safe:starting:scale-75 motion-safe:starting:rotate-45"}`}
      style={rolling ? { animationDelay: `${index * 120}ms` } : undefined}
      data-testid="colour-die"
      data-colour={colour ?? ""}
    >
      {colour ? label : "?"}
    </span>
  );
}

export function ColourScreen({ config, round, error }: EngineScreenProps<ColourConfig>) {
  const { t } = useTranslation();
  const frame = useGameFrame();
  const { Form, shown, playing, revealed, start } = usePlayedRound({ round, error }, ROLL_MS);
  const outcome = shown.round ? (shown.round.outcome as unknown as ColourOutcomeView) : null;
  const initial = round ? lastStakes((round.outcome as unknown as ColourOutcomeView).bets) : {};
  const stakes = useTableStakes(config.betSteps, initial);
  const soundRef = useRef(frame.sound);
  soundRef.current = frame.sound;
  const colourName = (c: string) => t(`games.colour.names.${c}`);

  useEffect(() => {
    if (revealed === 0 || !outcome) return;
    soundRef.current.play(outcome.totalWinCentavos !== "0" ? "win" : "lose");
  }, [revealed]); // eslint-disable-line react-hooks/exhaustive-deps

  const betOf = (c: string) => outcome?.bets.find((b) => b.colour === c);
  const won = outcome ? outcome.totalWinCentavos !== "0" : false;
  const announcement =
    playing || !outcome
      ? ""
      : `${t("games.colour.rolled", { colours: outcome.dice.map(colourName).join(", ") })} ${
          won ? t("games.result.won", { amount: formatPeso(outcome.totalWinCentavos) }) : t("games.result.noWin")
        }`;

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="colour-screen">
      <div className="text-center">
        <p className="bg-[linear-gradient(180deg,var(--prize-shine),var(--prize)_60%,var(--prize-deep))] bg-clip-text text-2xl font-black tracking-wide text-transparent uppercase drop-shadow">
          {t("games.colour.title")}
        </p>
        <p className="text-[11px] font-semibold tracking-widest text-muted uppercase">{t("games.colour.rule")}</p>
      </div>

      <div
        className="flex items-center justify-center gap-4 rounded-card border border-line/60 bg-[radial-gradient(circle_at_50%_40%,var(--surface-3),var(--surface)_75%)] py-6 shadow-inner shadow-black/60"
        aria-label={t("games.colour.dice")}
        role="img"
        data-testid="colour-dice"
      >
        {[0, 1, 2].map((i) => {
          const colour = playing ? null : (outcome?.dice[i] ?? null);
          return (
            <Die
              key={`${shown.round?.id ?? "rest"}-${i}`}
              colour={colour}
              label={colour ? colourName(colour) : ""}
              rolling={playing}
              index={i}
            />
          );
        })}
      </div>

      <div className="flex min-h-14 flex-col items-center justify-center" data-testid="colour-result">
        {outcome && !playing ? (
          <WinBanner win={outcome.totalWinCentavos} label={t("games.result.win")} nothing={t("games.result.noWin")} />
        ) : null}
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
      </div>

      <RoundError error={shown.error} />

      <Form
        method="post"
        className={`mt-auto ${BET_PANEL}`}
        onSubmit={(event) => {
          start(event, stakes.total);
          frame.sound.play("spin");
        }}
        data-testid="colour-form"
      >
        <CsrfInput />
        <ChipRack steps={config.betSteps} stakes={stakes} />
        <fieldset>
          <legend className="sr-only">{t("games.colour.pick")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {config.colours.map((c) => {
              const bet = !playing ? betOf(c) : undefined;
              const hit = bet && bet.hits > 0;
              const Tile = stakes.hydrated ? "button" : "div";
              return (
                <Tile
                  key={c}
                  {...(stakes.hydrated
                    ? { type: "button" as const, onClick: () => stakes.tap(c), "aria-pressed": Boolean(stakes.stakes[c]) }
                    : {})}
                  className={`relative flex min-h-[5.5rem] flex-col items-center justify-center rounded-card border-2 p-2 text-center transition motion-reduce:transition-none ${
                    hit ? "border-prize ring-2 ring-prize/60" : stakes.stakes[c] ? "border-primary" : "border-line/60"
                  } bg-surface-2 active:scale-95`}
                  data-testid={`colour-spot-${c}`}
                >
                  <span className={`h-7 w-7 rounded-lg border border-black/20 shadow-md ${FACE[c]}`} aria-hidden />
                  <span className="mt-1 text-xs font-bold">{colourName(c)}</span>
                  {bet ? (
                    <span className={`text-[11px] font-semibold tabular-nums ${hit ? "text-prize" : "text-muted"}`}>
                      {hit
                        ? t("games.colour.hits", { count: bet.hits, amount: formatPeso(bet.winCentavos) })
                        : t("games.colour.miss")}
                    </span>
                  ) : null}
                  {stakes.hydrated ? <PlacedChip stake={stakes.stakes[c]} /> : null}
                  <StakeField spot={c} label={colourName(c)} steps={config.betSteps} stakes={stakes} />
                </Tile>
              );
            })}
          </div>
        </fieldset>
        <TableActions
          stakes={stakes}
          playing={playing}
          labels={{ idle: "games.colour.roll", busy: "games.colour.rolling", withTotal: "games.colour.rollFor" }}
          testId="colour-roll"
        />
      </Form>
    </div>
  );
}
