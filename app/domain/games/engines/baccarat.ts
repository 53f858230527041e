import type { Rng } from "./rng";

/**
 * Punto banco for the live-casino style tables (baccarat, dragon tiger and the other LIVE entries):
 * an 8-deck shoe shuffled afresh for every round, so no round tells anything about the next.
 */

export const BACCARAT_DECKS = 8;

/** Allowed stakes per bet spot in centavos; multiples of 20 so the banker's 95 % pays exactly. */
export const BACCARAT_BET_STEPS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

export const BACCARAT_SPOTS = ["player", "banker", "tie", "playerPair", "bankerPair"] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

/**
 * Theoretical return of each bet with 8 decks, in basis points (to two decimals): the published house
 * edges are banker 1.0579 %, player 1.2351 % (both counting a tie as a push), tie at 8:1 14.3596 %,
 * either pair at 11:1 10.3614 %. baccarat.test.ts checks them by a seeded simulation.
 */
export const BACCARAT_RTP_BPS: Readonly<Record<BaccaratSpot, number>> = {
  banker: 9894.21,
  player: 9876.49,
  tie: 8564.04,
  playerPair: 8963.86,
  bankerPair: 8963.86,
};

export const SUITS = ["S", "H", "D", "C"] as const;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export type Suit = (typeof SUITS)[number];
export type Rank = (typeof RANKS)[number];

export interface Card {
  rank: Rank;
  suit: Suit;
}

/** Baccarat points: ace 1, two to nine at face value, tens and pictures 0. */
export function cardPoints(card: Card): number {
  return POINTS[card.rank];
}

const POINTS = Object.fromEntries(RANKS.map((rank, i) => [rank, i < 9 ? i + 1 : 0])) as Record<Rank, number>;

function handTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0) % 10;
}

/** Whether the banker draws a third card, given its two-card total and the player's third card. */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const p = cardPoints(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

export type BaccaratResult = "player" | "banker" | "tie";

export interface Coup {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  /** Either side showed 8 or 9 on its first two cards, so neither drew. */
  natural: boolean;
  result: BaccaratResult;
  playerPair: boolean;
  bankerPair: boolean;
}

/** Deals one coup from a source of cards, applying the third-card rules; order P, B, P, B, then thirds. */
export function dealCoup(nextCard: () => Card): Coup {
  const first = [nextCard(), nextCard(), nextCard(), nextCard()];
  const player = [first[0], first[2]];
  const banker = [first[1], first[3]];
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: Card | null = null;
    if (handTotal(player) <= 5) {
      playerThird = nextCard();
      player.push(playerThird);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(nextCard());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    natural,
    result: playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie",
    playerPair: player[0].rank === player[1].rank,
    bankerPair: banker[0].rank === banker[1].rank,
  };
}

/**
 * Cards from a freshly shuffled shoe, drawn without replacement. A lazy Fisher–Yates: only the
 * positions a draw touches are remembered, so a round costs a handful of draws, not a 416-card shuffle.
 */
function shuffledShoe(rng: Rng): () => Card {
  const size = BACCARAT_DECKS * 52;
  const moved = new Map<number, number>();
  let dealt = 0;
  return () => {
    const j = dealt + rng.int(size - dealt);
    const card = moved.get(j) ?? j;
    moved.set(j, moved.get(dealt) ?? dealt);
    dealt++;
    return { rank: RANKS[card % 13], suit: SUITS[Math.floor(card / 13) % 4] };
  };
}

export type BaccaratBets = Partial<Record<BaccaratSpot, bigint>>;

export interface BaccaratBetOutcome {
  spot: BaccaratSpot;
  stakeCentavos: bigint;
  outcome: "win" | "lose" | "push";
  /** What the wallet credits for this spot, stake included; 0n when lost. */
  winCentavos: bigint;
}

export interface BaccaratOutcome extends Coup {
  bets: BaccaratBetOutcome[];
  totalBetCentavos: bigint;
  totalWinCentavos: bigint;
}

function validateBets(bets: BaccaratBets): [BaccaratSpot, bigint][] {
  if (typeof bets !== "object" || bets === null) throw new RangeError("baccarat bets must be an object");
  const placed: [BaccaratSpot, bigint][] = [];
  for (const [spot, stake] of Object.entries(bets)) {
    if (!(BACCARAT_SPOTS as readonly string[]).includes(spot)) throw new RangeError(`unknown baccarat bet "${spot}"`);
    if (stake === undefined) continue;
    if (typeof stake !== "bigint" || !BACCARAT_BET_STEPS.includes(stake)) {
      throw new RangeError(`a baccarat stake must be one of ${BACCARAT_BET_STEPS.join(", ")} centavos, got ${String(stake)}`);
    }
    placed.push([spot as BaccaratSpot, stake]);
  }
  if (placed.length === 0) throw new RangeError("a baccarat round needs at least one bet");
  return placed;
}

function settle(spot: BaccaratSpot, stake: bigint, coup: Coup): Pick<BaccaratBetOutcome, "outcome" | "winCentavos"> {
  const win = (credit: bigint) => ({ outcome: "win" as const, winCentavos: credit });
  const lose = { outcome: "lose" as const, winCentavos: 0n };
  switch (spot) {
    case "player":
    case "banker":
      if (coup.result === "tie") return { outcome: "push", winCentavos: stake };
      if (coup.result !== spot) return lose;
      // Banker wins pay 0.95:1 (a 5 % commission); stakes are multiples of 20, so this divides exactly.
      return win(spot === "player" ? stake * 2n : stake + (stake * 95n) / 100n);
    case "tie":
      return coup.result === "tie" ? win(stake * 9n) : lose;
    case "playerPair":
      return coup.playerPair ? win(stake * 12n) : lose;
    case "bankerPair":
      return coup.bankerPair ? win(stake * 12n) : lose;
  }
}

/** One round: validate the bets, deal a coup from a fresh shoe, settle every bet. */
export function playBaccarat(input: { bets: BaccaratBets }, rng: Rng): BaccaratOutcome {
  const placed = validateBets(input.bets);
  const coup = dealCoup(shuffledShoe(rng));
  const bets = placed.map(([spot, stake]) => ({ spot, stakeCentavos: stake, ...settle(spot, stake, coup) }));
  return {
    ...coup,
    bets,
    totalBetCentavos: bets.reduce((sum, b) => sum + b.stakeCentavos, 0n),
    totalWinCentavos: bets.reduce((sum, b) => sum + b.winCentavos, 0n),
  };
}
