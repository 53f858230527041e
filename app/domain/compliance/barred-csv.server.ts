import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";

/**
 * The restricted-persons list as support staff receive it (docs/compliance.md): a CSV file with the
 * header `name,birthday,reason,period`, one person a row. A file is taken whole or not at all, so a
 * list is never half imported: every bad row is named by its line number and nothing goes in.
 */

/** 5 MB holds ~80,000 rows of a long name and reason: the national list fits with room to spare. */
export const BARRED_CSV_MAX_BYTES = 5 * 1024 * 1024;
export const BARRED_CSV_MAX_ROWS = 100_000;
/** More errors than this and the rest are counted, not listed: a wrong file is told at a glance. */
const MAX_ERRORS_LISTED = 20;
const HEADER = ["name", "birthday", "reason", "period"] as const;
const FIRST_BIRTHDAY = "1900-01-01";

/**
 * The name key both sides of a match are brought to, so that writing that does not change who a
 * person is does not change the key:
 * 1. lower case, then Unicode NFKD with the combining marks dropped ("PEÑA" and "Pena", full-width
 *    letters and ligatures compare as their plain letters);
 * 2. every run of characters that are neither letters nor digits (commas, dots, hyphens,
 *    apostrophes, spaces, control characters) becomes one space;
 * 3. the words are sorted, so the order of given and family names does not matter:
 *    "DELA CRUZ, Juan" and "Juan dela Cruz" are both "cruz dela juan".
 * Not made equal: words split or joined differently ("Delacruz"), nicknames, misspellings. Those
 * are a reviewer's work, which is why a list gives the birthday too.
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .sort()
    .join(" ");
}

/** The Manila calendar day (YYYY-MM-DD) of an instant: a list's periods are in Manila days. */
export function manilaDay(at: Date): string {
  return new Date(at.getTime() + MARKET_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const t = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

/**
 * A restriction's period in Manila days, both ends included: "2026-01-01..2026-12-31", or
 * "2026-01-01.." for one with no end (lifted only by a later import that gives one).
 */
export function parsePeriod(text: string): { from: string; to: string | null } | null {
  const m = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})?$/.exec(text.trim());
  if (!m || !isDay(m[1]!) || (m[2] !== undefined && !isDay(m[2]))) return null;
  const to = m[2] ?? null;
  return to !== null && to < m[1]! ? null : { from: m[1]!, to };
}

export interface BarredRow {
  line: number;
  name: string;
  nameKey: string;
  birthday: string;
  reason: string;
  periodFrom: string;
  periodTo: string | null;
}

export type BarredCsv = { ok: true; rows: BarredRow[] } | { ok: false; errors: string[] };

/** One line's fields, or why it has none. Quoted fields may hold commas; "" is a quote. */
function fieldsOf(line: string): string[] | string {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === " " || line[i] === "\t") i++;
    if (line[i] === '"') {
      let value = "";
      for (i++; ; i++) {
        if (i >= line.length) return "a quoted field is not closed on its line";
        if (line[i] === '"') {
          if (line[i + 1] !== '"') break;
          i++;
        }
        value += line[i];
      }
      i++;
      while (line[i] === " " || line[i] === "\t") i++;
      if (i < line.length && line[i] !== ",") return "text after a closing quote (a quote inside a field is written twice)";
      fields.push(value);
    } else {
      const end = line.indexOf(",", i);
      const value = line.slice(i, end === -1 ? line.length : end);
      if (value.includes('"')) return "a quote inside an unquoted field (quote the whole field, and write the quote twice)";
      fields.push(value);
      i = end === -1 ? line.length : end;
    }
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

/** Letters of any script, combining marks, spaces and . , - ' ’ (a list writes "DELA CRUZ, Juan"). */
const LIST_NAME = /^[\p{L}\p{M} .,'’-]+$/u;
/** Control and format characters (line breaks, bidi overrides, zero-width joiners) hide what a field says. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;
/** What a spreadsheet would run as a formula if the field were ever opened in one. */
const FORMULA = /^[=+\-@]/;

/** A value quoted back in a message: short, and with nothing that could steer a terminal. */
const shown = (value: string) =>
  JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(
    /[\p{Cc}\p{Cf}]/gu,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`,
  );

function rowProblems(fields: string[], today: string): { problems: string[]; row?: Omit<BarredRow, "line"> } {
  if (fields.length !== HEADER.length)
    return {
      problems: [`${fields.length} fields where a row has 4 (${HEADER.join(",")}); quote a field that holds a comma`],
    };
  const [name, birthday, reason, period] = fields.map((f) => f.trim()) as [string, string, string, string];
  const problems: string[] = [];
  HEADER.forEach((column, i) => {
    if (HIDDEN.test(fields[i]!.trim())) problems.push(`the ${column} holds a control or invisible character`);
  });
  const key = nameKey(name);
  if (name.length === 0 || name.length > 200) problems.push("the name must have 1 to 200 characters");
  else if (FORMULA.test(name)) problems.push(`the name starts with "${name[0]}", as a spreadsheet formula does`);
  else if (!LIST_NAME.test(name) || !/\p{L}/u.test(name) || key.length > 200)
    problems.push("the name may hold only letters, spaces and . , - '");
  if (!isDay(birthday)) problems.push(`the birthday ${shown(birthday)} is not a day written YYYY-MM-DD`);
  else if (birthday < FIRST_BIRTHDAY || birthday > today)
    problems.push(`the birthday ${birthday} is before 1900 or in the future`);
  if (reason.length === 0 || reason.length > 200) problems.push("the reason must have 1 to 200 characters");
  else if (FORMULA.test(reason)) problems.push(`the reason starts with "${reason[0]}", as a spreadsheet formula does`);
  const parsed = parsePeriod(period);
  if (!parsed)
    problems.push(
      `the period ${shown(period)} is not YYYY-MM-DD..YYYY-MM-DD (an end not before the start) or YYYY-MM-DD.. (no end)`,
    );
  if (problems.length > 0 || !parsed) return { problems };
  return { problems, row: { name, nameKey: key, birthday, reason, periodFrom: parsed.from, periodTo: parsed.to } };
}

/** The list in `text`, checked row by row against the day it is imported on (Manila `today`). */
export function parseBarredCsv(text: string, today: string): BarredCsv {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > BARRED_CSV_MAX_BYTES)
    return { ok: false, errors: [`the file has ${bytes} bytes; a list may have at most ${BARRED_CSV_MAX_BYTES} (5 MB)`] };
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const errors: string[] = [];
  let unlisted = 0;
  const fail = (line: number, why: string) => {
    if (errors.length < MAX_ERRORS_LISTED) errors.push(`line ${line}: ${why}`);
    else unlisted++;
  };
  const rows: BarredRow[] = [];
  const seen = new Map<string, number>();
  let header = false;
  let dataRows = 0;
  for (const [index, line] of lines.entries()) {
    const n = index + 1;
    if (line.trim() === "") continue;
    const fields = fieldsOf(line);
    if (!header) {
      header = true;
      const names = typeof fields === "string" ? [] : fields.map((f) => f.trim().toLowerCase());
      if (names.join(",") !== HEADER.join(","))
        return { ok: false, errors: [`line ${n}: the first line must be the header "${HEADER.join(",")}"`] };
      continue;
    }
    if (++dataRows > BARRED_CSV_MAX_ROWS)
      return { ok: false, errors: [`the file has more than ${BARRED_CSV_MAX_ROWS} rows; split it into several files`] };
    if (typeof fields === "string") {
      fail(n, fields);
      continue;
    }
    const { problems, row } = rowProblems(fields, today);
    if (!row) {
      fail(n, problems.join("; "));
      continue;
    }
    // One statement cannot write one person twice, and two rows for one person would contradict each other.
    const key = `${row.nameKey}|${row.birthday}`;
    const first = seen.get(key);
    if (first !== undefined) {
      fail(n, `the same person (name and birthday) as line ${first}`);
      continue;
    }
    seen.set(key, n);
    rows.push({ line: n, ...row });
  }
  if (!header) return { ok: false, errors: [`the file is empty; its first line must be the header "${HEADER.join(",")}"`] };
  if (unlisted > 0) return { ok: false, errors: [...errors, `… and ${unlisted} more bad rows`] };
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: ["the file has no rows below its header"] };
  return { ok: true, rows };
}
