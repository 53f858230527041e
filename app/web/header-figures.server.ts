import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { perDatabase, toBigInt, type Db } from "~/db/client.server";
import { unreadNoticesQuery } from "~/domain/content/content.server";
import type { Reader } from "~/domain/content/rules";
import { unreadInboxQuery } from "~/domain/inbox/inbox.server";
import { balanceQuery, type AccountKind } from "~/domain/wallet/balances.server";
import { favouritesStampQuery } from "~/domain/catalogue/favourites.server";
import { isGuest } from "~/domain/accounts/member-types";
import type { LanguageId } from "~/utils/languages";
import type { BrandContext } from "./guards.server";
import { favouriteOwner } from "./lobby.server";

export interface HeaderFigures {
  noticeUnread: number;
  inboxUnread: number;
  /** Centavos of the account the header shows; zero for a visitor. */
  balance: bigint;
  /** favouritesStampQuery's text when asked for (the member page cache's key), else "". */
  favourites: string;
}

export interface FigureOptions {
  reader: Reader | null;
  notices: boolean;
  inbox: boolean;
  account: AccountKind | null;
  /** The member whose favourites' stamp to read as well. */
  favouritesOf?: number | null;
}

/** What the header of this request's page shows: the root loader's reading, and the member page cache's. */
export function figureOptions(c: BrandContext): FigureOptions {
  const { session, status, flags } = c;
  return {
    reader: session ? { memberId: session.memberId, type: session.type } : null,
    notices: status === 0,
    inbox: status === 0 && flags.INBOX3,
    account: session ? (isGuest(session.type) ? "demo" : "cash") : null,
  };
}

/** The statement's values: the member and the time are bound per request, the rest is compiled in. */
const MEMBER = sql.placeholder("member");
const FAVOURITES_OF = sql.placeholder("favouritesOf");
const NOW = sql.placeholder("now");

interface FiguresStatement {
  execute(values: { member: number | null; favouritesOf: number | null; now: string }): Promise<Record<string, unknown>[]>;
}

/** Statements compiled per database, brand, language and the figures asked for (a handful per process). */
const statements = perDatabase<FiguresStatement | null>();

/**
 * The figures' statement for this shape of request, built and compiled by drizzle once: building a
 * statement of four subqueries costs about as much as the embedded database takes to run it. On
 * PostgreSQL it is a named prepared statement, planned once per connection.
 */
function figuresStatement(db: Db, brand: Brand, lng: LanguageId, opts: FigureOptions): FiguresStatement | null {
  const shape = [
    brand.merchantCode,
    lng,
    opts.notices,
    opts.inbox,
    opts.account,
    opts.reader ? isGuest(opts.reader.type) : null,
    opts.favouritesOf != null,
  ].join("|");
  return statements(db, shape, () => buildFiguresStatement(db, brand, lng, opts));
}

function buildFiguresStatement(db: Db, brand: Brand, lng: LanguageId, opts: FigureOptions): FiguresStatement | null {
  // The builders take a member id and a time; placeholders stand in for them, bound at execute.
  const member = MEMBER as unknown as number;
  const reader: Reader | null = opts.reader ? { memberId: member, type: opts.reader.type } : null;
  const parts: Array<[keyof HeaderFigures, SQL]> = [];
  const notices = opts.notices ? unreadNoticesQuery(db, brand, lng, reader, NOW as unknown as Date) : null;
  if (notices) parts.push(["noticeUnread", sql`(${notices})`]);
  const inbox = opts.inbox ? unreadInboxQuery(db, brand, reader) : null;
  if (inbox) parts.push(["inboxUnread", sql`(${inbox})`]);
  if (reader && opts.account) parts.push(["balance", sql`(${balanceQuery(db, brand, member, opts.account)})`]);
  if (opts.favouritesOf != null)
    parts.push(["favourites", sql`(${favouritesStampQuery(db, brand, FAVOURITES_OF as unknown as number)})`]);
  if (parts.length === 0) return null;
  const query = db.select(Object.fromEntries(parts)).from(sql`(select 1) as one`);
  const name = `header_figures_${createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 16)}`;
  return query.prepare(name);
}

/**
 * The figures every page's header shows a member (unread announcements, unread inbox, balance),
 * read in one statement: on the embedded database each statement costs a round of the protocol,
 * and this runs on every page a member opens.
 */
export async function headerFigures(db: Db, brand: Brand, lng: LanguageId, opts: FigureOptions): Promise<HeaderFigures> {
  const figures: HeaderFigures = { noticeUnread: 0, inboxUnread: 0, balance: 0n, favourites: "" };
  const statement = figuresStatement(db, brand, lng, opts);
  if (!statement) return figures;
  const [row] = await statement.execute({
    member: opts.reader?.memberId ?? null,
    favouritesOf: opts.favouritesOf ?? null,
    now: new Date().toISOString(),
  });
  if (row?.noticeUnread != null) figures.noticeUnread = Number(row.noticeUnread);
  if (row?.inboxUnread != null) figures.inboxUnread = Number(row.inboxUnread);
  if (row?.balance != null) figures.balance = toBigInt(row.balance);
  if (row?.favourites != null) figures.favourites = String(row.favourites);
  return figures;
}

/**
 * The header's figures and the member's favourites, read for the member page cache's key (ADR
 * 0023): `stamp` is one text of all of them, which any change to one changes.
 */
export async function memberPageFigures(c: BrandContext): Promise<{ figures: HeaderFigures; stamp: string }> {
  const figures = await headerFigures(c.db, c.brand, c.lng, { ...figureOptions(c), favouritesOf: favouriteOwner(c) });
  const { noticeUnread, inboxUnread, balance, favourites } = figures;
  return { figures, stamp: [noticeUnread, inboxUnread, balance, favourites].join("/") };
}
