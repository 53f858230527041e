import { and, asc, countDistinct, desc, eq, gt, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { BannerGroup } from "~/brand/categories";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { announcementReads, announcements, banners, helpItems } from "~/db/schema";
import type { LanguageId } from "~/utils/languages";
import { contentLanguages, keepsReadState, pickLanguage, type Reader } from "./rules";
import { sanitiseHtml } from "./sanitise.server";

/**
 * What players see of the operators' content: per brand, per language (with the brand's default
 * language as fallback, rules.ts), never retired, announcements only while in force.
 */

const langs = (brand: Brand, lng: LanguageId) => contentLanguages(lng, brand.languages.default);

export async function listBanners(db: Db, brand: Brand, group: BannerGroup, lng: LanguageId = brand.languages.default) {
  if (!brand.bannerGroups.includes(group)) return [];
  const chain = langs(brand, lng);
  const rows = await db
    .select({
      id: banners.id,
      key: banners.key,
      language: banners.language,
      title: banners.title,
      imageUrl: banners.imageUrl,
      linkUrl: banners.linkUrl,
    })
    .from(banners)
    .where(
      and(
        eq(banners.merchantCode, brand.merchantCode),
        eq(banners.groupName, group),
        inArray(banners.language, chain),
        isNull(banners.retiredAt),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
  return pickLanguage(rows, chain).map(({ id, title, imageUrl, linkUrl }) => ({ id, title, imageUrl, linkUrl }));
}

const inForce = (now: Date) =>
  and(
    isNull(announcements.retiredAt),
    lte(announcements.startDate, now),
    or(isNull(announcements.endDate), gt(announcements.endDate, now)),
  );

/** Spec §3: the announcement kinds shown on the notice list; PU also opens the login pop-up list. */
export const NOTICE_TYPES = ["A", "PL", "B", "PU", "PR"] as const;
const MARQUEE_TYPES = ["A", "PL", "B"];

/** What a notice is read with: its text, kind and date, and its key and language to pick the reader's version. */
const NOTICE_COLUMNS = {
  id: announcements.id,
  key: announcements.key,
  language: announcements.language,
  contentType: announcements.contentType,
  title: announcements.title,
  content: announcements.content,
  startDate: announcements.startDate,
};

async function inForceRows(db: Db, brand: Brand, lng: LanguageId, types: readonly string[], now: Date) {
  const chain = langs(brand, lng);
  const rows = await db
    .select(NOTICE_COLUMNS)
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, brand.merchantCode),
        inArray(announcements.contentType, [...types]),
        inArray(announcements.language, chain),
        inForce(now),
      ),
    )
    .orderBy(desc(announcements.startDate), asc(announcements.sort), asc(announcements.id));
  return pickLanguage(rows, chain);
}

/** Titles for the header marquee: announcements in force now, newest first. */
export async function listMarquee(db: Db, brand: Brand, lng: LanguageId = brand.languages.default, now = new Date(), limit = 10) {
  const rows = await inForceRows(db, brand, lng, MARQUEE_TYPES, now);
  return rows.slice(0, limit).map(({ id, title, startDate }) => ({ id, title, startDate }));
}

async function readKeys(db: Db, brand: Brand, memberId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: announcementReads.announcementKey })
    .from(announcementReads)
    .where(
      and(
        eq(announcementReads.merchantCode, brand.merchantCode),
        eq(announcementReads.memberId, memberId),
        inArray(announcementReads.announcementKey, keys),
      ),
    );
  return new Set(rows.map((r) => r.key));
}

export interface Notice {
  id: number;
  contentType: string;
  title: string;
  /** Sanitised HTML. */
  html: string;
  startDate: Date;
  read: boolean;
}

/**
 * The notice list. HTML is stored sanitised, and sanitised again here: rows written by the seed or
 * before this sanitiser (or by hand) must not reach a page as they are.
 */
export async function listNotices(db: Db, brand: Brand, lng: LanguageId, reader: Reader, now = new Date()): Promise<Notice[]> {
  const rows = await inForceRows(db, brand, lng, NOTICE_TYPES, now);
  const read = keepsReadState(reader)
    ? await readKeys(
        db,
        brand,
        reader.memberId,
        rows.map((r) => r.key),
      )
    : null;
  return rows.map((r) => ({
    id: r.id,
    contentType: r.contentType,
    title: r.title,
    html: sanitiseHtml(r.content),
    startDate: r.startDate,
    read: read === null || read.has(r.key),
  }));
}

/** One notice of this brand in force, in the reader's language when the item has it; null if none. */
export async function getNotice(db: Db, brand: Brand, lng: LanguageId, id: number, reader: Reader, now = new Date()) {
  const [row] = await db
    .select({ key: announcements.key })
    .from(announcements)
    .where(and(eq(announcements.merchantCode, brand.merchantCode), eq(announcements.id, id), inForce(now)));
  if (!row) return null;
  const chain = langs(brand, lng);
  const versions = await db
    .select(NOTICE_COLUMNS)
    .from(announcements)
    .where(and(eq(announcements.merchantCode, brand.merchantCode), eq(announcements.key, row.key), inForce(now)));
  // The item as opened (its own language) when none of the reader's languages has it.
  const shown = pickLanguage(versions, chain)[0] ?? versions.find((v) => v.id === id)!;
  const read = keepsReadState(reader) ? (await readKeys(db, brand, reader.memberId, [row.key])).size > 0 : true;
  return {
    id: shown.id,
    key: shown.key,
    contentType: shown.contentType,
    title: shown.title,
    html: sanitiseHtml(shown.content),
    startDate: shown.startDate,
    read,
  };
}

/**
 * Marks an announcement of this brand read for a member; trial guests and visitors keep no marks.
 * Answers whether the announcement exists (in force, this brand), so a caller can answer 404.
 */
export async function markNoticeRead(db: Db, brand: Brand, reader: Reader, id: number, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ key: announcements.key })
    .from(announcements)
    .where(and(eq(announcements.merchantCode, brand.merchantCode), eq(announcements.id, id), inForce(now)));
  if (!row) return false;
  if (keepsReadState(reader)) {
    await db
      .insert(announcementReads)
      .values({ merchantCode: brand.merchantCode, memberId: reader.memberId, announcementKey: row.key })
      .onConflictDoNothing();
  }
  return true;
}

/**
 * The unread badge's count as a query (one COUNT), so that the root loader can read it in one
 * statement with the member's other figures; null for visitors and trial guests, who keep no marks.
 */
export function unreadNoticesQuery(db: Db, brand: Brand, lng: LanguageId, reader: Reader, now = new Date()) {
  if (!keepsReadState(reader)) return null;
  return db
    .select({ n: countDistinct(announcements.key) })
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, brand.merchantCode),
        inArray(announcements.contentType, [...NOTICE_TYPES]),
        inArray(announcements.language, langs(brand, lng)),
        inForce(now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(announcementReads)
            .where(
              and(
                eq(announcementReads.merchantCode, announcements.merchantCode),
                eq(announcementReads.memberId, reader.memberId),
                eq(announcementReads.announcementKey, announcements.key),
              ),
            ),
        ),
      ),
    );
}

/** The login pop-up list: popup (PU) announcements in force. */
export async function listPopups(db: Db, brand: Brand, lng: LanguageId, now = new Date()) {
  const rows = await inForceRows(db, brand, lng, ["PU"], now);
  return rows.map((r) => ({ id: r.id, title: r.title, html: sanitiseHtml(r.content) }));
}

export interface HelpEntry {
  tag: string;
  parentTag: string | null;
  title: string;
  /** Plain text. */
  content: string;
  startDate: Date;
}

async function helpRows(db: Db, brand: Brand, lng: LanguageId, tag?: string) {
  const chain = langs(brand, lng);
  const rows = await db
    .select({
      key: helpItems.tag,
      language: helpItems.language,
      tag: helpItems.tag,
      parentTag: helpItems.parentTag,
      title: helpItems.title,
      content: helpItems.content,
      startDate: helpItems.startDate,
      sort: helpItems.sort,
    })
    .from(helpItems)
    .where(
      and(
        eq(helpItems.merchantCode, brand.merchantCode),
        inArray(helpItems.language, chain),
        isNull(helpItems.retiredAt),
        tag === undefined ? undefined : eq(helpItems.tag, tag),
      ),
    )
    .orderBy(asc(helpItems.sort), asc(helpItems.id));
  return pickLanguage(rows, chain);
}

const entry = (r: Awaited<ReturnType<typeof helpRows>>[number]): HelpEntry => ({
  tag: r.tag,
  parentTag: r.parentTag,
  title: r.title,
  content: r.content,
  startDate: r.startDate,
});

/**
 * The help list with children flattened (spec §3): each topic, then its children. A child whose
 * parent is retired or missing in every shown language stands on its own at the end.
 */
export async function listHelp(db: Db, brand: Brand, lng: LanguageId): Promise<HelpEntry[]> {
  const rows = await helpRows(db, brand, lng);
  const tops = rows.filter((r) => r.parentTag === null);
  const topTags = new Set(tops.map((r) => r.tag));
  const out: HelpEntry[] = [];
  for (const top of tops) {
    out.push(entry(top));
    for (const child of rows) if (child.parentTag === top.tag) out.push(entry(child));
  }
  for (const orphan of rows) if (orphan.parentTag !== null && !topTags.has(orphan.parentTag)) out.push(entry(orphan));
  return out;
}

export async function getHelp(db: Db, brand: Brand, lng: LanguageId, tag: string): Promise<HelpEntry | null> {
  const [row] = await helpRows(db, brand, lng, tag);
  return row ? entry(row) : null;
}
