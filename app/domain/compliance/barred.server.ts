import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { barredMatches, barredPersons, members } from "~/db/schema";
import { manilaDay, nameKey, parseBarredCsv } from "./barred-csv.server";

/**
 * Barred persons (issue 16, item 2): the national restricted-persons list (NDRP), imported by
 * support staff, holds on every brand. A registration or sign-in whose full name (as on a
 * government ID) and birthday match a person whose period covers today (Manila) is refused with a
 * neutral message, and the attempt is recorded on the brand it was made on for review. The brand
 * setting `compliance.barredCheck` switches both checks.
 */

export interface ImportSummary {
  rows: number;
  added: number;
  /** Persons already listed whose name as written, reason or period changed. */
  updated: number;
  unchanged: number;
}

export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; errors: string[] };

/** Rows per statement: eight parameters a row stays far below the protocol's 65,535. */
const CHUNK = 500;

/**
 * Imports a list (barred-csv.server.ts) as an upsert in one transaction: a person is a name key
 * and birthday; a person the file leaves out stays listed (the file may be a supplement, and a
 * match points at its person). Only a row that differs is written, so importing the same file
 * again changes nothing, `imported_at`/`imported_by` included: they say who last changed a row.
 */
export async function importBarredList(db: Db, text: string, by: string, now = new Date()): Promise<ImportOutcome> {
  const parsed = parseBarredCsv(text, manilaDay(now));
  if (!parsed.ok) return parsed;
  const excluded = (column: string) => sql.raw(`excluded."${column}"`);
  const summary = await db.transaction(async (tx) => {
    let added = 0;
    let updated = 0;
    for (let i = 0; i < parsed.rows.length; i += CHUNK) {
      const values = parsed.rows
        .slice(i, i + CHUNK)
        .map(({ line: _line, ...row }) => ({ ...row, importedAt: now, importedBy: by }));
      const written = await tx
        .insert(barredPersons)
        .values(values)
        .onConflictDoUpdate({
          target: [barredPersons.nameKey, barredPersons.birthday],
          set: {
            name: excluded("name"),
            reason: excluded("reason"),
            periodFrom: excluded("period_from"),
            periodTo: excluded("period_to"),
            importedAt: excluded("imported_at"),
            importedBy: excluded("imported_by"),
          },
          setWhere: sql`(${barredPersons.name}, ${barredPersons.reason}, ${barredPersons.periodFrom}, ${barredPersons.periodTo})
            is distinct from (${excluded("name")}, ${excluded("reason")}, ${excluded("period_from")}, ${excluded("period_to")})`,
        })
        // xmax is 0 on a row this statement inserted and set on one it updated.
        .returning({ inserted: sql<boolean>`(${barredPersons}.xmax = 0)` });
      for (const w of written) {
        if (w.inserted) added++;
        else updated++;
      }
    }
    return { rows: parsed.rows.length, added, updated, unchanged: parsed.rows.length - added - updated };
  });
  return { ok: true, summary };
}

export interface BarredPerson {
  id: number;
  name: string;
  birthday: string;
  reason: string;
}

/** The listed person `realName` and `birthday` name, if their period covers `today` (Manila YYYY-MM-DD). */
export async function barredMatch(
  db: Db,
  who: { realName: string | null; birthday: string | null },
  today: string,
): Promise<BarredPerson | null> {
  // No name or no birthday: nothing a list can be matched on (accounts from social sign-in).
  const key = who.realName ? nameKey(who.realName) : "";
  if (!key || !who.birthday) return null;
  const [person] = await db
    .select({ id: barredPersons.id, name: barredPersons.name, birthday: barredPersons.birthday, reason: barredPersons.reason })
    .from(barredPersons)
    .where(
      and(
        eq(barredPersons.nameKey, key),
        eq(barredPersons.birthday, who.birthday),
        lte(barredPersons.periodFrom, today),
        or(isNull(barredPersons.periodTo), gte(barredPersons.periodTo, today)),
      ),
    )
    .limit(1);
  return person ?? null;
}

export interface BarredAttempt {
  realName: string | null;
  birthday: string | null;
  /** The username the attempt was made with (for a registration: the one asked for). */
  username: string;
  /** Null for a registration: the account is never made. */
  memberId: number | null;
  event: "registration" | "sign_in";
}

/** Whether the attempt is refused: on a brand that checks, a listed person's attempt is recorded for review. */
export async function refusedAsBarred(db: Db, brand: Brand, attempt: BarredAttempt, now = new Date()): Promise<boolean> {
  if (!brand.compliance.barredCheck) return false;
  const person = await barredMatch(db, attempt, manilaDay(now));
  if (!person) return false;
  await db.insert(barredMatches).values({
    merchantCode: brand.merchantCode,
    barredPersonId: person.id,
    memberId: attempt.memberId,
    username: attempt.username,
    event: attempt.event,
    createdAt: now,
  });
  return true;
}

/** The member's name, birthday and username as the list is matched on them. */
async function listedAs(db: Db, brand: Brand, memberId: number) {
  const [member] = await db
    .select({ realName: members.realName, birthday: members.birthday, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId)));
  return member ?? null;
}

/** The sign-in check of a member: the list may have named them after they registered. */
export async function barredSignIn(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<boolean> {
  if (!brand.compliance.barredCheck) return false;
  const member = await listedAs(db, brand, memberId);
  if (!member) return false;
  const { realName, birthday, username } = member;
  return refusedAsBarred(db, brand, { realName, birthday, username, memberId, event: "sign_in" }, now);
}

/**
 * Whether a signed-in member is listed today: a session opened before the list named them lasts
 * until its end, so the money-moving actions (deposit, launch) ask too. Nothing is recorded: the
 * sign-in that follows records the match.
 */
export async function isBarredMember(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<boolean> {
  if (!brand.compliance.barredCheck) return false;
  const member = await listedAs(db, brand, memberId);
  return member ? (await barredMatch(db, member, manilaDay(now))) !== null : false;
}

export interface ListedPerson extends BarredPerson {
  periodFrom: string;
  periodTo: string | null;
  importedAt: Date;
  importedBy: string;
}

/** The list, by name key; `activeOn` (a Manila day) keeps only the persons whose period covers it. */
export async function listBarredPersons(db: Db, activeOn?: string): Promise<ListedPerson[]> {
  const active = activeOn
    ? and(lte(barredPersons.periodFrom, activeOn), or(isNull(barredPersons.periodTo), gte(barredPersons.periodTo, activeOn)))
    : undefined;
  return db
    .select({
      id: barredPersons.id,
      name: barredPersons.name,
      birthday: barredPersons.birthday,
      reason: barredPersons.reason,
      periodFrom: barredPersons.periodFrom,
      periodTo: barredPersons.periodTo,
      importedAt: barredPersons.importedAt,
      importedBy: barredPersons.importedBy,
    })
    .from(barredPersons)
    .where(active)
    .orderBy(asc(barredPersons.nameKey), asc(barredPersons.birthday));
}

export interface BarredMatchRecord {
  id: number;
  merchantCode: string;
  event: "registration" | "sign_in";
  username: string;
  memberId: number | null;
  at: Date;
  person: BarredPerson;
  review: { at: Date; by: string; note: string } | null;
}

/** Matches with their listed person, to be narrowed by the caller. */
const selectMatches = (db: Db) =>
  db
    .select({
      id: barredMatches.id,
      merchantCode: barredMatches.merchantCode,
      event: barredMatches.event,
      username: barredMatches.username,
      memberId: barredMatches.memberId,
      at: barredMatches.createdAt,
      reviewedAt: barredMatches.reviewedAt,
      reviewedBy: barredMatches.reviewedBy,
      reviewNote: barredMatches.reviewNote,
      personId: barredPersons.id,
      name: barredPersons.name,
      birthday: barredPersons.birthday,
      reason: barredPersons.reason,
    })
    .from(barredMatches)
    .innerJoin(barredPersons, eq(barredPersons.id, barredMatches.barredPersonId))
    .$dynamic();

function record(r: Awaited<ReturnType<typeof selectMatches>>[number]): BarredMatchRecord {
  return {
    id: r.id,
    merchantCode: r.merchantCode,
    event: r.event,
    username: r.username,
    memberId: r.memberId,
    at: r.at,
    person: { id: r.personId, name: r.name, birthday: r.birthday, reason: r.reason },
    review: r.reviewedAt ? { at: r.reviewedAt, by: r.reviewedBy ?? "", note: r.reviewNote ?? "" } : null,
  };
}

/** The matches of one brand (`merchantCode`), or of every brand (null), newest first; `open`: not yet reviewed. */
export async function listBarredMatches(
  db: Db,
  merchantCode: string | null,
  opts: { open?: boolean; limit: number },
): Promise<BarredMatchRecord[]> {
  const rows = await selectMatches(db)
    .where(
      and(
        merchantCode === null ? undefined : eq(barredMatches.merchantCode, merchantCode),
        opts.open ? isNull(barredMatches.reviewedAt) : undefined,
      ),
    )
    .orderBy(desc(barredMatches.createdAt), desc(barredMatches.id))
    .limit(opts.limit);
  return rows.map(record);
}

export type ReviewOutcome =
  { ok: true; match: BarredMatchRecord } | { ok: false; reason: "unknown" | "reviewed"; match?: BarredMatchRecord };

/** Marks a match reviewed, once: a review on record is what a regulator is shown, so it is never overwritten. */
export async function reviewBarredMatch(
  db: Db,
  id: number,
  review: { by: string; note: string },
  now = new Date(),
): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(barredMatches)
      .set({ reviewedAt: now, reviewedBy: review.by, reviewNote: review.note })
      .where(and(eq(barredMatches.id, id), isNull(barredMatches.reviewedAt)))
      .returning({ id: barredMatches.id });
    const [row] = await selectMatches(tx).where(eq(barredMatches.id, id));
    if (!row) return { ok: false, reason: "unknown" };
    return marked.length > 0 ? { ok: true, match: record(row) } : { ok: false, reason: "reviewed", match: record(row) };
  });
}
