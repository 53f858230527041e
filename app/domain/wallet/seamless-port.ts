/**
 * The seamless-wallet contract every game provider's protocol maps onto (docs/providers.md):
 * the canonical calls and answers, and the port a provider adapter in app/integrations/providers
 * implements. Amounts are integer centavos.
 */

export const SEAMLESS_STATUSES = [
  "RS_OK",
  "RS_ERROR_NOT_ENOUGH_MONEY",
  "RS_ERROR_DUPLICATE_TRANSACTION",
  "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
  "RS_ERROR_INVALID_SIGNATURE",
  "RS_ERROR_INVALID_TOKEN",
  "RS_ERROR_TOKEN_EXPIRED",
  "RS_ERROR_USER_DISABLED",
  "RS_ERROR_LIMIT_REACHED",
  "RS_ERROR_WRONG_CURRENCY",
  "RS_ERROR_UNKNOWN",
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

/** Calls older or newer than this (by their signed timestamp) are refused, so a captured call cannot be sent again later. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

interface CallBase {
  requestUuid: string;
  /** Unix seconds, as signed by the provider. */
  timestamp: number;
}

/** The provider exchanges the single-use launch token for the session token (once). */
export interface AuthenticateCall extends CallBase {
  action: "authenticate";
  launchToken: string;
}

interface SessionCall extends CallBase {
  token: string;
  user: string;
  currency: string;
  gameCode: string;
}

export interface BalanceCall extends SessionCall {
  action: "balance";
}

interface MoneyCall extends SessionCall {
  round: string;
  roundClosed: boolean;
  transactionUuid: string;
  amount: bigint;
}

export interface BetCall extends MoneyCall {
  action: "bet";
}

export interface WinCall extends MoneyCall {
  action: "win";
  /** The bet it pays, when the provider names it; otherwise any accepted bet of the round. */
  referenceTransactionUuid: string | null;
}

export interface RollbackCall extends MoneyCall {
  action: "rollback";
  /** The bet it cancels. */
  referenceTransactionUuid: string;
}

/** A bet and its result in one call (JILI, PG Soft): one atomic posting, refused whole or done whole. */
export interface BetWinCall extends MoneyCall {
  action: "betwin";
  /** `amount` is the bet; this is what the round paid. */
  winAmount: bigint;
}

export type SeamlessCall = AuthenticateCall | BalanceCall | BetCall | WinCall | RollbackCall | BetWinCall;
export type SeamlessAction = SeamlessCall["action"];

export interface SeamlessAnswer {
  status: SeamlessStatus;
  requestUuid: string | null;
  user?: string;
  currency?: string;
  /** The member's balance after the call, in centavos (also on refusals where the member is known). */
  balance?: bigint;
  /** authenticate only: the session token for every later call. */
  token?: string;
  gameCode?: string;
  /** The wallet's id of the transaction (bet, win, rollback), for the provider's reconciliation. */
  walletTransactionId?: string;
}

export type ReadResult = { ok: true; call: SeamlessCall } | { ok: false; answer: SeamlessAnswer };

/** One vendor protocol: how its calls are read (signature included) and its answers written. */
export interface ProviderProtocol {
  read(action: string, rawBody: string, header: (name: string) => string | null, secret: string): ReadResult;
  write(answer: SeamlessAnswer): { status: number; body: string };
}

/** Where a game is played: its provider's wallet protocol and secret, and the game URL a launch opens. */
export interface ProviderEndpoint {
  /** The {provider} of /api/seamless/{provider}/{action}. */
  code: string;
  protocol: ProviderProtocol;
  secret: string;
  /** True for this platform's own game server (vendor BGS), which also runs other vendors' games in the embedded default. */
  inHouse: boolean;
  /** The provider's game URL carrying the launch token; a path on this site for the in-house server. */
  gameUrl(input: GameUrlInput): string;
  /** Free play without a session, on the provider's own play money; absent when the provider offers none. */
  funUrl?(input: Omit<GameUrlInput, "launchToken">): string;
  /** Whether the provider can run a catalogue game at its minimum bet; absent when it runs every game it is given. */
  runs?(game: { gameType: string; gameClassify: string | null; minBet: bigint }): boolean;
}

export interface GameUrlInput {
  launchToken: string;
  gameCode: string;
  language: string;
  /** Where the game's way back leads (the lobby, or the game's page). */
  lobbyUrl: string;
  /** Lottery games: Tradition or Entertainment. */
  playType?: string;
  /** Lottery games: Lott, Elott or SEA. */
  prizeMode?: string;
}

export interface GameProviders {
  byCode(code: string): ProviderEndpoint | undefined;
  /** The provider that runs a catalogue vendor's games. */
  forVendor(vassalage: string): ProviderEndpoint;
}
