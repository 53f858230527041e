import { z } from "zod";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import { BARRED_CSV_MAX_BYTES, manilaDay } from "~/domain/compliance/barred-csv.server";
import {
  importBarredList,
  listBarredMatches,
  listBarredPersons,
  reviewBarredMatch,
  type BarredMatchRecord,
} from "~/domain/compliance/barred.server";

/**
 * `npm run compliance -- barred …` (issue 16, item 2). The list belongs to no brand (the national
 * list holds on every one), so only the matches name a brand: each was made on one.
 */
const by = z.string().trim().min(1, "--by is required").max(100, "--by must have at most 100 characters");

export const barredCommandSchemas = [
  z.object({
    command: z.literal("barred.import"),
    /** The file's name as given, for the answer; the CLI reads the file and sends its text. */
    file: z.string().max(1000),
    // A character is at least one byte: the byte cap itself is checked on the text.
    text: z.string().max(BARRED_CSV_MAX_BYTES, "the file is larger than 5 MB"),
    by,
  }),
  z.object({ command: z.literal("barred.list"), active: z.boolean().default(false) }),
  z.object({
    command: z.literal("barred.matches"),
    /** A brand id; absent: every brand, each match naming its own. */
    brand: z.string().optional(),
    open: z.boolean().default(false),
    limit: z.number().int().min(1, "--limit must be at least 1").max(1000, "--limit must be at most 1000").default(200),
  }),
  z.object({
    command: z.literal("barred.review"),
    id: z.number().int("the match id is a whole number").min(1, "the match id is a whole number from 1"),
    note: z.string().trim().min(1, "--note is required").max(500, "--note must have at most 500 characters"),
    by,
  }),
] as const;

type BarredCommand = z.output<(typeof barredCommandSchemas)[number]>;

/** JSON only: days as YYYY-MM-DD, times as ISO 8601. */
export interface BarredPersonItem {
  id: number;
  name: string;
  birthday: string;
  reason: string;
  periodFrom: string;
  periodTo: string | null;
  importedAt: string;
  importedBy: string;
}

export interface BarredMatchItem {
  id: number;
  /** The brand's id (its merchant code when no configured brand has it any more). */
  brand: string;
  event: "registration" | "sign_in";
  username: string;
  at: string;
  person: { name: string; birthday: string; reason: string };
  review: { at: string; by: string; note: string } | null;
}

export type BarredCommandResult =
  | {
      ok: true;
      command: "barred.import";
      file: string;
      by: string;
      rows: number;
      added: number;
      updated: number;
      unchanged: number;
    }
  | { ok: true; command: "barred.list"; today: string; active: boolean; persons: BarredPersonItem[] }
  | { ok: true; command: "barred.matches"; brand: string | null; open: boolean; matches: BarredMatchItem[] }
  | { ok: true; command: "barred.review"; match: BarredMatchItem }
  | { ok: false; error: string };

export async function runBarredCommand(db: Db, registry: BrandRegistry, req: BarredCommand): Promise<BarredCommandResult> {
  const brandIds = new Map(registry.brands.map((b) => [b.merchantCode, b.id]));
  const item = (m: BarredMatchRecord): BarredMatchItem => ({
    id: m.id,
    brand: brandIds.get(m.merchantCode) ?? m.merchantCode,
    event: m.event,
    username: m.username,
    at: m.at.toISOString(),
    person: { name: m.person.name, birthday: m.person.birthday, reason: m.person.reason },
    review: m.review && { ...m.review, at: m.review.at.toISOString() },
  });
  switch (req.command) {
    case "barred.import": {
      const outcome = await importBarredList(db, req.text, req.by);
      if (!outcome.ok) return { ok: false, error: [`${req.file}: nothing was imported.`, ...outcome.errors].join("\n") };
      return { ok: true, command: req.command, file: req.file, by: req.by, ...outcome.summary };
    }
    case "barred.list": {
      const today = manilaDay(new Date());
      const rows = await listBarredPersons(db, req.active ? today : undefined);
      const persons = rows.map((p) => ({ ...p, importedAt: p.importedAt.toISOString() }));
      return { ok: true, command: req.command, today, active: req.active, persons };
    }
    case "barred.matches": {
      const brand = req.brand === undefined ? null : registry.byId.get(req.brand);
      if (brand === undefined)
        return { ok: false, error: `Unknown brand "${req.brand}". Brands: ${[...registry.byId.keys()].join(", ")}` };
      const rows = await listBarredMatches(db, brand?.merchantCode ?? null, { open: req.open, limit: req.limit });
      return { ok: true, command: req.command, brand: brand?.id ?? null, open: req.open, matches: rows.map(item) };
    }
    case "barred.review": {
      const outcome = await reviewBarredMatch(db, req.id, { by: req.by, note: req.note });
      if (outcome.ok) return { ok: true, command: req.command, match: item(outcome.match) };
      if (outcome.reason === "unknown") return { ok: false, error: `There is no match ${req.id}.` };
      const done = outcome.match!.review!;
      return { ok: false, error: `Match ${req.id} was already reviewed by ${done.by} at ${done.at.toISOString()}: ${done.note}` };
    }
  }
}
