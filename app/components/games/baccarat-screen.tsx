import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import type { BaccaratConfig, EngineScreenProps } from "./engine-screen";
import { useGameFrame, BET_PANEL } from "./game-frame";
import { RoundError, WinBanner } from "./round-error";
import { ChipRack, lastStakes, PlacedChip, StakeField, TableActions, useTableStakes } from "./table-stakes";
import { usePlayedRound } from "./use-played-round";

/** The coup as the engine stores it (engines/baccarat.ts, BaccaratOutcome). */
interface CardView {
  rank: string;
  suit: "S" | "H" | "D" | "C";
}
interface BaccaratOutcomeView {
  player: CardView[];
  banker: CardView[];
  playerTotal: number;
  bankerTotal: number;
  natural: boolean;
  result: "player" | "banker" | "tie";
  playerPair: boolean;
  bankerPair: boolean;
  bets: { spot: string; stakeCentavos: string; outcome: "win" | "lose" | "push"; winCentavos: string }[];
  totalBetCentavos: string;
  totalWinCentavos: string;
}

/** The shoe deals at least this long with JavaScript, then the cards turn one by one. */
const DEAL_MS = 600;
const CARD_MS = 260;

/** Suits drawn as paths: the card suit characters are emoji on many phones. */
const SUIT_PATH: Record<CardView["suit"], string> = {
  S: "M12 2C9 6 4 9 4 13a4 4 0 0 0 7 2.6L10 21h4l-1-5.4A4 4 0 0 0 20 13c0-4-5-7-8-11Z",
  H: "M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6-8 11-8 11Z",
  D: "M12 2 20 12 12 22 4 12Z",
  C: "M12 2a4 4 0 0 0-3.5 6A4 4 0 1 0 11 15l-1 6h4l-1-6a4 4 0 1 0 2.5-7A4 4 0 0 0 12 2Z",
};
const RED = new Set(["H", "D"]);

function Suit({ suit, className }: { suit: CardView["suit"]; className: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className}>
      <path d={SUIT_PATH[suit]} fill="currentColor" />
    </svg>
  );
}

/**
 * The row of a hand's cards is a size container, so `cqw` is a hundredth of the hand's width, and
 * both hands always have the same width. A card (`--card` wide) is 54 × 76 px where the hand has
 * room. A hand of three overlaps its cards by 40 % and lays the third sideways, as on a casino
 * table; the turned card stands out past its box by a fifth of its width on each side, which its
 * right margin keeps inside the row. Cards of 41 % of the hand then fit it whole
 * (0.6 + 0.6 + 1 + 0.2 = 2.4 widths), and the page never grows wider than the screen.
 */
const handRow = (count: number) => (count < 3 ? "gap-1 [--card:min(54px,46cqw)]" : "[--card:min(54px,41cqw)]");

function cardBox(index: number, count: number): string {
  if (count < 3 || index === 0) return "w-(--card)";
  return `w-(--card) -ml-[calc(var(--card)*0.4)] ${index === 2 ? "mr-[calc(var(--card)*0.2)] rotate-90" : ""}`;
}

function PlayingCard({ card, label, box }: { card: CardView; label: string; box: string }) {
  const ink = RED.has(card.suit) ? "text-card-red" : "text-card-ink";
  return (
    <span
      role="img"
      aria-label={label}
      className={`relative flex aspect-[54/76] flex-col justify-between rounded-lg border border-black/20 bg-card-paper p-1 shadow-lg shadow-black/60 motion-safe:transition motion-safe:duration-300 motion-safe:starting:-translate-y-6 motion-safe:starting:opacity-0 ${ink} ${box}`}
      data-testid="playing-card"
      data-card={`${card.rank}${card.suit}`}
    >
      <span className="flex flex-col items-start leading-none">
        <span className="text-sm font-black">{card.rank}</span>
        <Suit suit={card.suit} className="h-3 w-3" />
      </span>
      <Suit suit={card.suit} className="mx-auto h-6 w-6" />
    </span>
  );
}

function CardBack({ box }: { box: string }) {
  return (
    <span
      aria-hidden
      className={`${box} aspect-[54/76] rounded-lg border-2 border-card-paper/80 bg-[repeating-linear-gradient(45deg,var(--primary-2)_0_4px,var(--surface-3)_4px_8px)] shadow-lg shadow-black/60`}
    />
  );
}

export function BaccaratScreen({ config, round, error }: EngineScreenProps<BaccaratConfig>) {
  const { t } = useTranslation();
  const frame = useGameFrame();
  const { Form, shown, playing, revealed, start } = usePlayedRound({ round, error }, DEAL_MS);
  const outcome = shown.round ? (shown.round.outcome as unknown as BaccaratOutcomeView) : null;
  const stakes = useTableStakes(config.betSteps, round ? lastStakes((round.outcome as unknown as BaccaratOutcomeView).bets) : {});
  const soundRef = useRef(frame.sound);
  soundRef.current = frame.sound;
  const spotName = (s: string) => t(`games.baccarat.spots.${s}`);

  // Cards turn one at a time in dealing order (P, B, P, B, then thirds); all at once without motion.
  const cardCount = outcome ? outcome.player.length + outcome.banker.length : 0;
  const [turned, setTurned] = useState(99);
  useEffect(() => {
    if (revealed === 0) return;
    if (frame.reducedMotion) {
      setTurned(99);
      return;
    }
    setTurned(0);
    let n = 0;
    const timer = setInterval(() => {
      n += 1;
      setTurned(n);
      soundRef.current.play("stop");
      if (n >= 6) clearInterval(timer);
    }, CARD_MS);
    return () => clearInterval(timer);
  }, [revealed, frame.reducedMotion]);
  const settled = !playing && turned >= cardCount;

  useEffect(() => {
    if (!settled || revealed === 0 || !outcome) return;
    soundRef.current.play(outcome.totalWinCentavos !== "0" ? "win" : "lose");
  }, [settled, revealed]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Dealing position of a hand's card: P1 B1 P2 B2, then the player's third, then the banker's. */
  const order = (side: "player" | "banker", i: number) => {
    if (i < 2) return i * 2 + (side === "banker" ? 1 : 0);
    return side === "player" ? 4 : outcome && outcome.player.length === 3 ? 5 : 4;
  };
  const cardLabel = (c: CardView) => t("games.baccarat.card", { rank: c.rank, suit: t(`games.baccarat.suits.${c.suit}`) });

  const hand = (side: "player" | "banker") => {
    const cards = outcome?.[side] ?? [];
    const total = side === "player" ? outcome?.playerTotal : outcome?.bankerTotal;
    const winner = settled && outcome?.result === side;
    return (
      <div
        className={`flex min-w-0 flex-1 basis-0 flex-col items-center gap-2 rounded-card border p-2 ${
          winner ? "border-prize bg-prize/10 ring-2 ring-prize/50" : "border-line/50 bg-surface/60"
        }`}
        data-testid={`hand-${side}`}
      >
        <div className="flex w-full items-center justify-between px-1">
          <span className={`text-xs font-black tracking-widest uppercase ${side === "player" ? "text-primary" : "text-accent"}`}>
            {spotName(side)}
          </span>
          <span
            className="flex h-7 min-w-7 items-center justify-center rounded-full bg-surface-3 px-1 text-sm font-black tabular-nums"
            aria-label={t("games.baccarat.total", { total: settled ? total : "" })}
          >
            {settled && total !== undefined ? total : "–"}
          </span>
        </div>
        <div className={`@container flex min-h-[80px] w-full items-center justify-center ${handRow(playing ? 2 : cards.length)}`}>
          {playing
            ? [0, 1].map((i) => <CardBack key={i} box={cardBox(i, 2)} />)
            : cards.map((c, i) =>
                turned > order(side, i) ? (
                  <PlayingCard
                    key={`${shown.round?.id}-${side}-${i}`}
                    card={c}
                    label={cardLabel(c)}
                    box={cardBox(i, cards.length)}
                  />
                ) : (
                  <CardBack key={`${shown.round?.id}-${side}-${i}-back`} box={cardBox(i, cards.length)} />
                ),
              )}
        </div>
      </div>
    );
  };

  const betOf = (spot: string) => (settled ? outcome?.bets.find((b) => b.spot === spot) : undefined);
  const won = outcome ? outcome.totalWinCentavos !== "0" : false;
  const announcement =
    !settled || !outcome
      ? ""
      : `${t(`games.baccarat.result.${outcome.result}`)} ${t("games.baccarat.score", { player: outcome.playerTotal, banker: outcome.bankerTotal })} ${
          won ? t("games.result.won", { amount: formatPeso(outcome.totalWinCentavos) }) : t("games.result.noWin")
        }`;

  const spot = (s: string, big: boolean) => {
    const bet = betOf(s);
    const Tile = stakes.hydrated ? "button" : "div";
    const payout = t(`games.baccarat.pays.${s}`);
    return (
      <Tile
        key={s}
        {...(stakes.hydrated
          ? { type: "button" as const, onClick: () => stakes.tap(s), "aria-pressed": Boolean(stakes.stakes[s]) }
          : {})}
        className={`relative flex flex-col items-center justify-center rounded-card border-2 p-2 text-center transition active:scale-95 motion-reduce:transition-none ${
          big ? "min-h-24" : "min-h-16"
        } ${
          bet?.outcome === "win"
            ? "border-prize bg-prize/15 ring-2 ring-prize/60"
            : stakes.stakes[s]
              ? "border-primary bg-surface-2"
              : "border-line/60 bg-surface-2"
        }`}
        data-testid={`baccarat-spot-${s}`}
      >
        <span className={`font-black tracking-wide uppercase ${big ? "text-base" : "text-[11px]"}`}>{spotName(s)}</span>
        <span className="text-[10px] text-muted">{payout}</span>
        {bet ? (
          <span
            className={`text-[11px] font-bold tabular-nums ${bet.outcome === "lose" ? "text-muted" : "text-prize"}`}
            data-testid={`baccarat-outcome-${s}`}
          >
            {t(`games.baccarat.outcome.${bet.outcome}`, { amount: formatPeso(bet.winCentavos) })}
          </span>
        ) : null}
        {stakes.hydrated ? <PlacedChip stake={stakes.stakes[s]} /> : null}
        <StakeField spot={s} label={spotName(s)} steps={config.betSteps} stakes={stakes} />
      </Tile>
    );
  };

  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="baccarat-screen">
      <div className="rounded-card border border-line/60 bg-[radial-gradient(120%_90%_at_50%_0%,var(--surface-3),var(--surface)_70%)] p-3 shadow-inner shadow-black/60">
        <p className="mb-2 text-center text-[11px] font-semibold tracking-[0.3em] text-muted uppercase">
          {t("games.baccarat.title")}
        </p>
        <div className="flex gap-2">
          {hand("player")}
          {hand("banker")}
        </div>
        {/* Room for the result line and a win's large figure from the start: the table below stays put. */}
        <div className="mt-2 flex min-h-[4.75rem] flex-col items-center justify-center" data-testid="baccarat-result">
          {settled && outcome ? (
            <>
              <p className="text-sm font-black tracking-widest text-prize uppercase">
                {t(`games.baccarat.result.${outcome.result}`)}
                {outcome.natural ? ` · ${t("games.baccarat.natural")}` : ""}
              </p>
              <WinBanner win={outcome.totalWinCentavos} label={t("games.result.win")} nothing={t("games.result.noWin")} />
            </>
          ) : null}
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
        </div>
      </div>

      <RoundError error={shown.error} />

      <Form
        method="post"
        className={`mt-auto ${BET_PANEL}`}
        onSubmit={(event) => {
          start(event, stakes.total);
          frame.sound.play("spin");
        }}
        data-testid="baccarat-form"
      >
        <CsrfInput />
        <ChipRack steps={config.betSteps} stakes={stakes} />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t("games.table.placeBets")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {["playerPair", "tie", "bankerPair"].filter((s) => config.spots.includes(s)).map((s) => spot(s, false))}
          </div>
          <div className="grid grid-cols-2 gap-2">
            {["player", "banker"].filter((s) => config.spots.includes(s)).map((s) => spot(s, true))}
          </div>
        </fieldset>
        <TableActions
          stakes={stakes}
          playing={playing}
          labels={{ idle: "games.baccarat.deal", busy: "games.baccarat.dealing", withTotal: "games.baccarat.dealFor" }}
          testId="baccarat-deal"
        />
      </Form>
    </div>
  );
}
