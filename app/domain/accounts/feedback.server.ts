import { and, desc, eq, gte } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { memberFeedback, members } from "~/db/schema";
import { takeHit, type Limit } from "~/domain/site/rate-limit.server";

/** A few messages an hour per member: enough to add something forgotten, too few to flood support. */
export const FEEDBACK_LIMIT: Limit = { limit: 3, windowMs: 60 * 60 * 1000 };

/**
 * Stores one message (already validated by feedbackSchema). The hit is counted in the database
 * before the insert, so parallel posts cannot store more than the limit.
 */
export async function sendFeedback(
  db: Db,
  brand: Brand,
  memberId: number,
  message: string,
): Promise<{ ok: true } | { ok: false; reason: "throttled"; retryAfterMs: number }> {
  const hit = await takeHit(db, brand, `feedback:${memberId}`, FEEDBACK_LIMIT);
  if (!hit.allowed) return { ok: false, reason: "throttled", retryAfterMs: hit.retryAfterMs };
  await db.insert(memberFeedback).values({ merchantCode: brand.merchantCode, memberId, message });
  return { ok: true };
}

export interface FeedbackItem {
  id: number;
  username: string;
  message: string;
  /** ISO 8601. */
  createdAt: string;
}

/** Newest first, for support staff. */
export async function listFeedback(db: Db, brand: Brand, opts: { since?: Date; limit: number }): Promise<FeedbackItem[]> {
  const rows = await db
    .select({
      id: memberFeedback.id,
      username: members.username,
      message: memberFeedback.message,
      createdAt: memberFeedback.createdAt,
    })
    .from(memberFeedback)
    .innerJoin(members, eq(members.id, memberFeedback.memberId))
    .where(
      and(
        eq(memberFeedback.merchantCode, brand.merchantCode),
        opts.since ? gte(memberFeedback.createdAt, opts.since) : undefined,
      ),
    )
    .orderBy(desc(memberFeedback.createdAt), desc(memberFeedback.id))
    .limit(opts.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
