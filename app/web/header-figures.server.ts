import { sql, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, toBigInt, type Db } from "~/db/client.server";
import { unreadNoticesQuery } from "~/domain/content/content.server";
import type { Reader } from "~/domain/content/rules";
import { unreadInboxQuery } from "~/domain/inbox/inbox.server";
import { balanceQuery, type AccountKind } from "~/domain/wallet/balances.server";
import type { LanguageId } from "~/utils/languages";

export interface HeaderFigures {
  noticeUnread: number;
  inboxUnread: number;
  /** Centavos of the account the header shows; zero for a visitor. */
  balance: bigint;
}

/**
 * The figures every page's header shows a member (unread announcements, unread inbox, balance),
 * read in one statement: on the embedded database each statement costs a round of the protocol,
 * and this runs on every page a member opens.
 */
export async function headerFigures(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  opts: { reader: Reader | null; notices: boolean; inbox: boolean; account: AccountKind | null },
): Promise<HeaderFigures> {
  const { reader } = opts;
  const parts: Array<[keyof HeaderFigures, SQL]> = [];
  const notices = opts.notices ? unreadNoticesQuery(db, brand, lng, reader) : null;
  if (notices) parts.push(["noticeUnread", sql`(${notices})`]);
  const inbox = opts.inbox ? unreadInboxQuery(db, brand, reader) : null;
  if (inbox) parts.push(["inboxUnread", sql`(${inbox})`]);
  if (reader && opts.account) parts.push(["balance", sql`(${balanceQuery(db, brand, reader.memberId, opts.account)})`]);
  const figures: HeaderFigures = { noticeUnread: 0, inboxUnread: 0, balance: 0n };
  if (parts.length === 0) return figures;
  const [row] = await rawRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      parts.map(([name, query]) => sql`${query} as ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  );
  if (row?.noticeUnread != null) figures.noticeUnread = Number(row.noticeUnread);
  if (row?.inboxUnread != null) figures.inboxUnread = Number(row.inboxUnread);
  if (row?.balance != null) figures.balance = toBigInt(row.balance);
  return figures;
}
