import { and, count, desc, eq, isNull, notExists, or, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { inboxMessages, inboxReads } from "~/db/schema";
import { isGuest } from "~/domain/accounts/member-types";
import { recordAudit, type Actor } from "~/domain/site/audit.server";

/**
 * The member inbox (INBOX3): messages from support staff to one member or to every member of a
 * brand. A message "to all" reaches members who join later too (a welcome or a standing notice
 * reads the same to them), and each member reads it for themselves: read state is a row per
 * member and message. Trial guests (type 4) have no inbox.
 */

export const INBOX_TITLE_MAX = 100;
export const INBOX_BODY_MAX = 4000;
const PAGE = 50;

export interface Reader {
  memberId: number;
  type: number;
}

/** Guests keep no inbox; everyone else signed in has one. */
export const hasInbox = (reader: Reader | null): reader is Reader => reader !== null && !isGuest(reader.type);

const addressedTo = (brand: Brand, memberId: number) =>
  and(
    eq(inboxMessages.merchantCode, brand.merchantCode),
    or(eq(inboxMessages.memberId, memberId), isNull(inboxMessages.memberId)),
  );

const readBy = (memberId: number) => and(eq(inboxReads.messageId, inboxMessages.id), eq(inboxReads.memberId, memberId));

/** The unread count for the badges as a query (one indexed COUNT); null for those who keep no inbox. */
export function unreadInboxQuery(db: Db, brand: Brand, reader: Reader | null) {
  if (!hasInbox(reader)) return null;
  return db
    .select({ n: count() })
    .from(inboxMessages)
    .where(
      and(
        addressedTo(brand, reader.memberId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(inboxReads)
            .where(readBy(reader.memberId)),
        ),
      ),
    );
}

/** The unread count for the badges. */
export async function countUnreadInbox(db: Db, brand: Brand, reader: Reader | null): Promise<number> {
  const query = unreadInboxQuery(db, brand, reader);
  if (!query) return 0;
  const [row] = await query;
  return Number(row?.n ?? 0);
}

export interface InboxItem {
  id: number;
  title: string;
  body: string;
  createdAt: Date;
  read: boolean;
  /** Sent to every member of the brand rather than to this one. */
  toAll: boolean;
}

const itemColumns = (memberId: number) => ({
  id: inboxMessages.id,
  title: inboxMessages.title,
  body: inboxMessages.body,
  createdAt: inboxMessages.createdAt,
  toAll: sql<boolean>`${inboxMessages.memberId} is null`,
  read: sql<boolean>`exists (select 1 from ${inboxReads} where ${inboxReads.messageId} = ${inboxMessages.id} and ${inboxReads.memberId} = ${memberId})`,
});

/** The member's messages, newest first. */
export async function listInbox(db: Db, brand: Brand, reader: Reader): Promise<InboxItem[]> {
  if (!hasInbox(reader)) return [];
  return db
    .select(itemColumns(reader.memberId))
    .from(inboxMessages)
    .where(addressedTo(brand, reader.memberId))
    .orderBy(desc(inboxMessages.id))
    .limit(PAGE);
}

/**
 * Opens one of the member's messages and marks it read for them. Null when it is not theirs
 * (another member's, another brand's, or none): the same answer whichever, so ids reveal nothing.
 */
export async function openInboxMessage(db: Db, brand: Brand, reader: Reader, id: number): Promise<InboxItem | null> {
  if (!hasInbox(reader)) return null;
  const [item] = await db
    .select(itemColumns(reader.memberId))
    .from(inboxMessages)
    .where(and(addressedTo(brand, reader.memberId), eq(inboxMessages.id, id)))
    .limit(1);
  if (!item) return null;
  if (!item.read) {
    await db
      .insert(inboxReads)
      .values({ merchantCode: brand.merchantCode, messageId: id, memberId: reader.memberId })
      .onConflictDoNothing();
  }
  return item;
}

export interface NewInboxMessage {
  /** The member it is for, or null for every member of the brand. */
  member: { id: number; usernameKey: string } | null;
  title: string;
  body: string;
}

/** Support staff send a message; the message and its audit row are written together. */
export async function sendInboxMessage(db: Db, brand: Brand, message: NewInboxMessage, actor: Actor): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inboxMessages)
      .values({
        merchantCode: brand.merchantCode,
        memberId: message.member?.id ?? null,
        title: message.title,
        body: message.body,
        sentBy: actor.name,
      })
      .returning({ id: inboxMessages.id });
    await recordAudit(tx, brand, {
      subject: message.member ? `inbox:member:${message.member.usernameKey}` : "inbox:all",
      oldValue: null,
      newValue: `message ${row!.id}: ${message.title}`,
      actor,
    });
    return { id: row!.id };
  });
}
