import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { barredSignIn } from "./barred.server";
import { activeExclusion, type Exclusion } from "./exclusions.server";

/**
 * What the compliance rules say when a member is about to be signed in, by any way in (password,
 * SMS code, social sign-in, registration, a password change): "open"; "barred", a person on the
 * restricted list (no session at all, and the attempt is recorded for review); or an exclusion
 * that runs (the session opens only to withdraw and to see the exclusion, ADR 0033).
 */
export type SignInGate = { kind: "open" } | { kind: "barred" } | { kind: "excluded"; exclusion: Exclusion };

export async function signInGate(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<SignInGate> {
  // First: a barred person is told nothing about the account, an exclusion included.
  if (await barredSignIn(db, brand, memberId, now)) return { kind: "barred" };
  const exclusion = await activeExclusion(db, brand, memberId, now);
  if (exclusion) return { kind: "excluded", exclusion };
  return { kind: "open" };
}
