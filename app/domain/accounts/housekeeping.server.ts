import { lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { captchas, passwordResets, rememberTokens, sessions, verificationCodes } from "~/db/schema";
import { purgeRateLimits } from "~/domain/site/rate-limit.server";

/**
 * How long a row outlives its expiry. Pages tell an expired link or code from
 * an unknown one for a while, and the hourly cap on reset e-mails counts the
 * last hour's rows (a reset link lives 30 minutes): both need the row.
 */
export const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface PurgeCounts {
  sessions: number;
  rememberTokens: number;
  captchas: number;
  verificationCodes: number;
  passwordResets: number;
  rateLimits: number;
}

/**
 * Deletes the secrets nobody can use any more, for every brand: sessions,
 * remember-me tokens, captchas, SMS codes and reset links a day past their
 * expiry, and rate-limit counters whose window ended a day ago. Live rows are
 * never touched. Returns how many rows each table lost.
 */
export async function purgeExpired(db: Db): Promise<PurgeCounts> {
  const before = new Date(Date.now() - RETENTION_MS);
  // One table after another: on PGlite there is one connection, and nothing here is urgent.
  const gone = {
    sessions: await db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id }),
    rememberTokens: await db
      .delete(rememberTokens)
      .where(lt(rememberTokens.expiresAt, before))
      .returning({ id: rememberTokens.id }),
    captchas: await db.delete(captchas).where(lt(captchas.expiresAt, before)).returning({ id: captchas.id }),
    verificationCodes: await db
      .delete(verificationCodes)
      .where(lt(verificationCodes.expiresAt, before))
      .returning({ id: verificationCodes.id }),
    passwordResets: await db
      .delete(passwordResets)
      .where(lt(passwordResets.expiresAt, before))
      .returning({ id: passwordResets.id }),
  };
  return {
    sessions: gone.sessions.length,
    rememberTokens: gone.rememberTokens.length,
    captchas: gone.captchas.length,
    verificationCodes: gone.verificationCodes.length,
    passwordResets: gone.passwordResets.length,
    rateLimits: await purgeRateLimits(db, RETENTION_MS),
  };
}
