/**
 * The in-house game server's view of the wallet: the seamless-wallet API over HTTP, signed as any
 * provider signs (docs/providers.md). The game server reaches money only through this port.
 */

/** The in-house game server's vendor and provider code (spec §9: in-house BGS). */
export const IN_HOUSE_VENDOR = "BGS";

export type WalletAction = "authenticate" | "balance" | "bet" | "win" | "rollback";

/** The canonical answer, as the wallet wrote it. */
export interface WalletAnswer {
  status: string;
  request_uuid: string | null;
  user?: string;
  currency?: string;
  /** Centavos. */
  balance?: number;
  token?: string;
  game_code?: string;
}

export interface WalletApi {
  call(action: WalletAction, body: Record<string, unknown>): Promise<WalletAnswer>;
}

/** The wallet did not answer (refused connection, timeout, a non-JSON or 5xx answer): the call's effect is unknown. */
export class WalletUnreachableError extends Error {
  override readonly name = "WalletUnreachableError";
}

/**
 * By name, not instanceof: the wallet client is made by the host, which bundles its own copy of
 * this module apart from the app build that the routes run from (ADR 0026; see isDeliveryError).
 */
export function isWalletUnreachable(err: unknown): err is WalletUnreachableError {
  return err instanceof Error && err.name === "WalletUnreachableError";
}
