import { BaccaratScreen } from "./baccarat-screen";
import { BingoScreen } from "./bingo-screen";
import { CatchScreen } from "./catch-screen";
import { ColourScreen } from "./colour-screen";
import { SlotScreen } from "./slot-screen";

/**
 * The screen of an instant game, chosen by its engine. Views may not import the domain, so the
 * shapes of screenConfig (app/domain/games/forms.ts) are restated here structurally; the route
 * passes the domain's values, and the compiler checks that they fit.
 */

/** Centavos travel as decimal strings (bigint does not survive JSON). */
type Centavos = string;

export interface SlotConfig {
  engine: "slot";
  betSteps: Centavos[];
  lines: number;
  /** Per payline, the row (0 top) on each of the five reels. */
  paylines: number[][];
  theme: {
    id: string;
    name: string;
    /** Wild first, scatter second, then the line symbols from the highest paying. */
    symbols: { id: string; name: string }[];
    scatterPays: number[];
    freeSpins: { awards: number[]; multiplier: number };
  };
}

export interface BingoConfig {
  engine: "bingo";
  betSteps: Centavos[];
  /** Multiple of the bet by number of lines completed (index). */
  paytable: number[];
  /** How many balls a round draws. */
  drawSize: number;
}

export interface BaccaratConfig {
  engine: "baccarat";
  betSteps: Centavos[];
  spots: string[];
}

export interface ColourConfig {
  engine: "colour";
  betSteps: Centavos[];
  colours: string[];
}

export interface CatchConfig {
  engine: "catch";
  betSteps: Centavos[];
  maxVolley: number;
  targets: { id: string; multiplier: number }[];
}

export type ScreenConfigView = SlotConfig | BingoConfig | BaccaratConfig | ColourConfig | CatchConfig;

/** A played round as the game route answers it; `outcome` is the engine's outcome as plain JSON. */
export interface RoundView {
  id: string;
  bet: Centavos;
  win: Centavos;
  outcome: Record<string, unknown>;
}

/** What every engine's screen receives: its config, the last round played by a plain post, and an error's locale key. */
export interface EngineScreenProps<C extends ScreenConfigView = ScreenConfigView> {
  config: C;
  round: RoundView | null;
  error: string | null;
}

export function EngineScreen({ config, round, error }: EngineScreenProps) {
  switch (config.engine) {
    case "slot":
      return <SlotScreen config={config} round={round} error={error} />;
    case "catch":
      return <CatchScreen config={config} round={round} error={error} />;
    case "bingo":
      return <BingoScreen config={config} round={round} error={error} />;
    case "baccarat":
      return <BaccaratScreen config={config} round={round} error={error} />;
    case "colour":
      return <ColourScreen config={config} round={round} error={error} />;
  }
}
