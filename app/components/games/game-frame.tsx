import { createContext, useContext, useMemo, useState, type ReactNode, type SVGProps } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { AlertIcon, BackIcon, Icon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";
import { useGameSound, useReducedMotion, type Cue } from "./game-sound";

/**
 * The in-house games' full-screen frame: the way back to the lobby, the game's name, the balance,
 * the sound switch and the play-money and demo-provider marks. Screens reach the frame through
 * useGameFrame, to show the stake leaving the balance at once and the win arriving when the reels stop.
 */

export interface GameFrameValue {
  fun: boolean;
  /** Centavos shown in the top bar. */
  balance: string;
  /** What the top bar shows while a round plays with JavaScript; null gives it back to the page's own figure. */
  showBalance(centavos: string | null): void;
  sound: { on: boolean; play(cue: Cue): void };
  reducedMotion: boolean;
}

const GameFrameContext = createContext<GameFrameValue>({
  fun: false,
  balance: "0",
  showBalance: () => {},
  sound: { on: false, play: () => {} },
  reducedMotion: false,
});

export const useGameFrame = () => useContext(GameFrameContext);

const SoundOnIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);
const SoundOffIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    <path d="m16 9.5 5 5m0-5-5 5" />
  </Icon>
);

export interface GameFrameProps {
  game: { code: string; name: string; vassalage: string; iconUrl: string };
  lobby: string;
  fun: boolean;
  demoProvider: boolean;
  /** Centavos, from the page (the loader, or the last plain form post). */
  balance: string;
  children: ReactNode;
}

/** The panel under a game's table where the player stakes and plays (with flex-col and gap-3 on it). */
export const BET_PANEL = "flex flex-col gap-3 rounded-card border border-line/60 bg-surface/85 p-3 shadow-xl shadow-black/50";

const BACKDROP = "bg-[radial-gradient(120%_70%_at_50%_0%,var(--surface-3),var(--bg)_70%)] bg-bg text-text";

export function GameFrame({ game, lobby, fun, demoProvider, balance, children }: GameFrameProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const sound = useGameSound();
  const reducedMotion = useReducedMotion();
  const [override, setOverride] = useState<string | null>(null);
  const shown = override ?? balance;

  const value = useMemo<GameFrameValue>(
    () => ({ fun, balance: shown, showBalance: setOverride, sound: { on: sound.on, play: sound.play }, reducedMotion }),
    [fun, shown, sound.on, sound.play, reducedMotion],
  );

  return (
    <GameFrameContext.Provider value={value}>
      <div className={`flex min-h-dvh flex-col ${BACKDROP}`} data-testid="game-frame" data-game={game.code}>
        <header className="sticky top-0 z-20 border-b border-line/60 bg-[linear-gradient(180deg,var(--header-from),var(--header-to))] pt-[env(safe-area-inset-top)] shadow-lg shadow-black/40">
          <div className="mx-auto flex h-14 max-w-md items-center gap-2 px-2">
            {/* A whole page load, so the lobby's header shows the balance as the game left it. */}
            <a
              href={lobby}
              className="flex h-11 shrink-0 items-center gap-1 rounded-full pr-3 pl-1.5 text-sm font-semibold text-text hover:bg-surface-2 max-[379px]:w-11 max-[379px]:justify-center max-[379px]:px-0"
              data-testid="game-back"
            >
              <BackIcon className="h-5 w-5" />
              {/* Below 380 px the arrow alone: the game's name needs the room. */}
              <span className="max-[379px]:hidden" aria-hidden>
                {t("play.lobby")}
              </span>
              <span className="sr-only">{t("play.backToLobby")}</span>
            </a>
            <div className="min-w-0 flex-1 text-center">
              <h1 className="truncate text-sm leading-tight font-bold">{game.name}</h1>
              {/* One line on the narrowest phone: below 380 px the demo mark alone, in lower case (the game page names the vendor). */}
              <p className="flex items-center justify-center gap-1 text-[10px] leading-tight text-muted">
                <span className={`min-w-0 truncate ${demoProvider ? "max-[379px]:hidden" : ""}`}>{game.vassalage}</span>
                {demoProvider ? (
                  <span className="min-w-0 truncate rounded-full border border-line px-1.5 py-px font-semibold tracking-wide uppercase max-[379px]:tracking-normal max-[379px]:normal-case">
                    {t("play.demoProvider")}
                  </span>
                ) : null}
              </p>
            </div>
            <div
              className={`flex shrink-0 flex-col items-end rounded-full border px-3 py-1 leading-tight ${
                fun ? "border-accent/60 bg-accent/10" : "border-primary/50 bg-surface/80"
              }`}
              data-testid="game-balance"
              data-centavos={shown}
            >
              <span className="text-[9px] font-semibold tracking-wider text-muted uppercase">
                {fun ? t("play.playMoney") : t("play.balance")}
              </span>
              <span className={`text-sm font-bold tabular-nums ${fun ? "text-accent" : "text-prize"}`} aria-live="polite">
                {formatPeso(shown)}
              </span>
            </div>
            {hydrated ? (
              <button
                type="button"
                onClick={sound.toggle}
                aria-pressed={sound.on}
                aria-label={sound.on ? t("play.soundOff") : t("play.soundOn")}
                className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-line/70 ${
                  sound.on ? "text-primary" : "text-muted"
                }`}
                data-testid="game-sound"
              >
                {sound.on ? <SoundOnIcon className="h-5 w-5" /> : <SoundOffIcon className="h-5 w-5" />}
              </button>
            ) : null}
          </div>
          {fun ? (
            <p className="bg-accent/15 py-1 text-center text-[11px] font-semibold text-accent" data-testid="free-play-mark">
              {t("play.freePlayNote")}
            </p>
          ) : null}
        </header>
        <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-3 pt-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)]">
          {children}
        </main>
      </div>
    </GameFrameContext.Provider>
  );
}

export type GameProblemKind = "unknown" | "expired" | "unavailable" | "ended" | "disabled" | "noFreePlay";

export function GameProblem({ problem, lobby }: { problem: GameProblemKind; lobby: string }) {
  const { t } = useTranslation();
  return (
    <main
      className={`flex min-h-dvh items-center justify-center p-6 ${BACKDROP}`}
      data-testid="game-problem"
      data-problem={problem}
    >
      <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-card border border-line/70 bg-surface/90 p-8 text-center shadow-2xl shadow-black/60">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-surface-3 text-primary ring-1 ring-primary/40">
          <AlertIcon className="h-7 w-7" />
        </span>
        <h1 className="text-xl font-bold">{t(`play.problem.${problem}.title`)}</h1>
        <p className="text-sm text-muted">{t(`play.problem.${problem}.body`)}</p>
        <a href={lobby} className={buttonClass("primary", "md", "w-full px-8")}>
          {t("play.backToLobby")}
        </a>
      </div>
    </main>
  );
}
