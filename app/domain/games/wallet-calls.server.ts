import crypto from "node:crypto";
import type { Brand } from "~/brand/schema";
import { isWalletUnreachable, type WalletAction, type WalletAnswer, type WalletApi } from "./ports";

/** A canonical call body for one player's session, with a fresh request_uuid and the current time. */
export function body(brand: Brand, player: { token: string; user: string }, gameCode: string, extra: Record<string, unknown>) {
  return {
    request_uuid: crypto.randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
    token: player.token,
    user: player.user,
    currency: brand.currency,
    game_code: gameCode,
    ...extra,
  };
}

/** The wallet's answer, or null when it could not be reached (the call's effect is unknown). */
export async function call(wallet: WalletApi, action: WalletAction, b: Record<string, unknown>): Promise<WalletAnswer | null> {
  try {
    return await wallet.call(action, b);
  } catch (err) {
    if (isWalletUnreachable(err)) return null;
    throw err;
  }
}

export const balanceOf = (a: WalletAnswer) => (typeof a.balance === "number" ? BigInt(a.balance) : null);
