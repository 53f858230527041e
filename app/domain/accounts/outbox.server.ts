import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { outbox } from "~/db/schema";
import type { DeliveryChannel } from "./ports";

export type OutboxRow = typeof outbox.$inferSelect;

export interface OutboxMessage {
  channel: DeliveryChannel;
  recipient: string;
  subject?: string;
  body: string;
}

/** Stores a message that no real provider is configured to deliver, so support staff and tests can read it. */
export async function writeOutbox(db: Db, brand: Brand, msg: OutboxMessage): Promise<OutboxRow> {
  const [row] = await db
    .insert(outbox)
    .values({
      merchantCode: brand.merchantCode,
      channel: msg.channel,
      recipient: msg.recipient,
      subject: msg.subject ?? null,
      body: msg.body,
    })
    .returning();
  return row;
}

export interface OutboxFilter {
  /** Omitted: every brand (support tooling only; player-facing code always passes one). */
  merchantCode?: string;
  channel?: DeliveryChannel;
  limit: number;
}

/** Newest first. */
export async function listOutbox(db: Db, filter: OutboxFilter): Promise<OutboxRow[]> {
  const conditions: SQL[] = [];
  if (filter.merchantCode !== undefined) conditions.push(eq(outbox.merchantCode, filter.merchantCode));
  if (filter.channel !== undefined) conditions.push(eq(outbox.channel, filter.channel));
  return db
    .select()
    .from(outbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit);
}

/**
 * The last message sent to one recipient of one brand: how tests and the
 * development tooling read an SMS code or a reset link without a real gateway.
 */
export async function latestOutboxMessage(
  db: Db,
  brand: Brand,
  where: { channel: DeliveryChannel; recipient: string },
): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.merchantCode, brand.merchantCode), eq(outbox.channel, where.channel), eq(outbox.recipient, where.recipient)),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1);
  return row;
}
