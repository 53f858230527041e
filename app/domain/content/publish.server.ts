import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { ANNOUNCEMENT_TYPES, BANNER_GROUPS, PROMOTION_CATEGORY_KEYS } from "~/brand/categories";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { announcements, banners, helpItems, promotionCategories, promotions } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { LANGUAGE_IDS } from "~/utils/languages";
import { ImageRejectedError, prepareImage, storeImage } from "./images.server";
import { sanitiseHtml } from "./sanitise.server";

/**
 * Publishing operator content from files (docs/content.md): each file is validated whole and
 * stored in one transaction, so a file with one bad item publishes nothing. An item is named by
 * brand, kind and its operator key (help: its tag) in a language: publishing it again updates it.
 */

const KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const key = z.string().regex(KEY, "a key is 1 to 64 lower-case letters, digits, - or _, starting with a letter or digit");
const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
/** A bare date is midnight in the Philippines, the market's clock. */
const date = z
  .string()
  .regex(DATE, "a date is YYYY-MM-DD, or an ISO 8601 time with its offset (2026-05-01T09:00:00+08:00)")
  .transform((s, ctx) => {
    const d = new Date(s.length === 10 ? `${s}T00:00:00+08:00` : s);
    // Date() rolls 2026-02-30 over to March: a calendar date must come back as written.
    const [y, m, day] = s.slice(0, 10).split("-").map(Number) as [number, number, number];
    const calendar = new Date(Date.UTC(y, m - 1, day));
    if (Number.isNaN(d.getTime()) || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== day) {
      ctx.addIssue({ code: "custom", message: "is not a real date" });
      return z.NEVER;
    }
    return d;
  });
const title = z.string().trim().min(1, "a title is required").max(200, "a title has at most 200 characters");
const html = z.string().trim().min(1, "the HTML content is required").max(100_000, "the HTML is longer than 100,000 characters");
const common = {
  brand: z.union([z.string(), z.array(z.string()).min(1)]),
  language: z.enum(LANGUAGE_IDS, `a language is one of ${LANGUAGE_IDS.join(", ")}`),
  sort: z.number().int().min(0).max(100_000).default(0),
};
/** An image beside the file (a relative path) or on the web. */
const imageRef = z.string().trim().min(1, "an image is required").max(500);
const link = z
  .string()
  .trim()
  .max(500)
  .refine((s) => /^https:\/\/[^/\s]/.test(s) || (s.startsWith("/") && !s.startsWith("//")), {
    message: "a link is a path of this site (/m/activity) or an https:// address",
  });

const announcementFields = {
  ...common,
  key,
  title,
  html,
  start: date,
  end: date.nullable().optional(),
};
const endAfterStart = (v: { start: Date; end?: Date | null }) => !v.end || v.end.getTime() >= v.start.getTime();
const endMessage = { message: "end is before start", path: ["end"] };

export const contentItemSchema = z.discriminatedUnion("kind", [
  z
    .strictObject({ kind: z.literal("announcement"), contentType: z.enum(ANNOUNCEMENT_TYPES), ...announcementFields })
    .refine(endAfterStart, endMessage),
  z.strictObject({ kind: z.literal("popup"), ...announcementFields }).refine(endAfterStart, endMessage),
  z
    .strictObject({
      kind: z.literal("promotion"),
      ...common,
      key,
      title,
      html,
      start: date,
      end: date.nullable().optional(),
      noExpiry: z.boolean().default(false),
      categories: z.array(z.enum(PROMOTION_CATEGORY_KEYS)).min(1, "a promotion is in at least one category"),
      images: z
        .array(z.strictObject({ file: imageRef, sequence: z.number().int().min(1).max(99) }))
        .max(10, "a promotion has at most 10 images")
        .default([]),
    })
    .refine(endAfterStart, endMessage)
    .refine((v) => !(v.noExpiry && v.end), { message: "a promotion with noExpiry has no end", path: ["end"] })
    .refine((v) => new Set(v.images.map((i) => i.sequence)).size === v.images.length, {
      message: "two images have the same sequence",
      path: ["images"],
    }),
  z
    .strictObject({
      kind: z.literal("help"),
      ...common,
      tag: key,
      parentTag: key.nullable().optional(),
      title,
      text: z.string().trim().min(1, "the text is required").max(20_000, "the text is longer than 20,000 characters"),
      date,
    })
    .refine((v) => v.parentTag !== v.tag, { message: "a topic cannot be its own parent", path: ["parentTag"] }),
  z.strictObject({
    kind: z.literal("banner"),
    ...common,
    key,
    group: z.enum(BANNER_GROUPS),
    title,
    image: imageRef,
    link: link.nullable().optional(),
  }),
]);
export type ContentItem = z.output<typeof contentItemSchema>;
export type ContentKind = ContentItem["kind"];
export const CONTENT_KINDS = ["announcement", "popup", "promotion", "help", "banner"] as const;

/** One file as read from disk: its JSON (or why it is not JSON) and the image files it names. */
export interface ContentSource {
  file: string;
  json: { ok: true; value: unknown } | { ok: false; error: string };
  /** Relative path as written -> the file's bytes, or why it could not be read. */
  images: Map<string, Buffer | { error: string }>;
}

export interface PublishedItem {
  brand: string;
  kind: ContentKind;
  key: string;
  language: string;
  /** "created" or "updated". */
  action: "created" | "updated";
}

export type PublishFileResult = { file: string; ok: true; items: PublishedItem[] } | { file: string; ok: false; error: string };

class ContentRejectedError extends Error {}

const where = (index: number | null, path: PropertyKey[]) => {
  const field = path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  return index === null ? field.replace(/^\./, "") || "(top level)" : `item ${index + 1}${field}`;
};

/** Parses a file's items, naming the file, the item and the field of the first problems. */
function parseItems(source: ContentSource): ContentItem[] {
  if (!source.json.ok) throw new ContentRejectedError(`is not valid JSON: ${source.json.error}`);
  const raw = source.json.value;
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0) throw new ContentRejectedError("holds no items");
  if (list.length > 500) throw new ContentRejectedError("holds more than 500 items; split it");
  const items: ContentItem[] = [];
  const problems: string[] = [];
  list.forEach((value, i) => {
    const parsed = contentItemSchema.safeParse(value);
    if (parsed.success) items.push(parsed.data);
    else
      for (const issue of parsed.error.issues.slice(0, 5))
        problems.push(`${where(Array.isArray(raw) ? i : null, issue.path)}: ${issue.message}`);
  });
  if (problems.length) throw new ContentRejectedError(problems.slice(0, 10).join("; "));
  return items;
}

const brandsOf = (item: ContentItem) => (Array.isArray(item.brand) ? item.brand : [item.brand]);
const itemKey = (item: ContentItem) => (item.kind === "help" ? item.tag : item.key);
const isWebImage = (ref: string) => /^https:\/\/[^/\s]/.test(ref);

/** Checks every image an item names before anything is written. */
function checkImages(source: ContentSource, items: ContentItem[]) {
  const refs = items.flatMap((item, i) => {
    const at = `item ${i + 1}`;
    if (item.kind === "banner") return [{ ref: item.image, at: `${at}.image` }];
    if (item.kind === "promotion") return item.images.map((img, j) => ({ ref: img.file, at: `${at}.images[${j}].file` }));
    return [];
  });
  for (const { ref, at } of refs) {
    if (isWebImage(ref)) continue;
    const file = source.images.get(ref);
    if (!file) throw new ContentRejectedError(`${at}: no image file "${ref}" beside the file (or an https:// address)`);
    if (!Buffer.isBuffer(file)) throw new ContentRejectedError(`${at}: ${file.error}`);
    try {
      prepareImage(file);
    } catch (err) {
      if (err instanceof ImageRejectedError) throw new ContentRejectedError(`${at} ("${ref}"): ${err.message}`);
      throw err;
    }
  }
}

/** Images named inside HTML (<img src="art.png">) that are files beside the content file. */
function htmlImages(source: ContentSource, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/gi)) {
    const file = source.images.get(m[1].trim());
    if (file && Buffer.isBuffer(file)) found.push(m[1].trim());
  }
  return found;
}

async function writeItem(
  tx: Db,
  brand: Brand,
  source: ContentSource,
  item: ContentItem,
  now: Date,
): Promise<"created" | "updated"> {
  const images = new Map<string, string>();
  const store = async (ref: string) => {
    if (isWebImage(ref)) return ref;
    const known = images.get(ref);
    if (known) return known;
    const url = await storeImage(tx, brand, source.images.get(ref) as Buffer);
    images.set(ref, url);
    return url;
  };
  const clean = async (text: string) => {
    for (const ref of htmlImages(source, text)) await store(ref);
    return sanitiseHtml(text, { resolveImage: (src) => images.get(src) });
  };
  const mc = brand.merchantCode;
  const stamp = { retiredAt: null, updatedAt: now };
  // xmax = 0 only on a row this statement inserted: tells a create from an update in one round trip.
  const created = sql<boolean>`(xmax = 0)`;
  switch (item.kind) {
    case "announcement":
    case "popup": {
      const values = {
        merchantCode: mc,
        key: item.key,
        language: item.language,
        contentType: item.kind === "popup" ? "PU" : item.contentType,
        title: item.title,
        content: await clean(item.html),
        startDate: item.start,
        endDate: item.end ?? null,
        sort: item.sort,
        ...stamp,
      };
      const { merchantCode: _m, key: _k, language: _l, ...update } = values;
      const [row] = await tx
        .insert(announcements)
        .values(values)
        .onConflictDoUpdate({ target: [announcements.merchantCode, announcements.key, announcements.language], set: update })
        .returning({ created });
      return row.created ? "created" : "updated";
    }
    case "promotion": {
      const imageRows = [];
      for (const img of [...item.images].sort((a, b) => a.sequence - b.sequence))
        imageRows.push({ url: await store(img.file), sequence: img.sequence });
      const values = {
        merchantCode: mc,
        key: item.key,
        language: item.language,
        title: item.title,
        content: await clean(item.html),
        startDate: item.start,
        endDate: item.end ?? null,
        noExpiry: item.noExpiry,
        categoryKeys: item.categories,
        images: imageRows,
        sort: item.sort,
        ...stamp,
      };
      // A category the brand has not listed yet joins its menu, in the spec's order.
      await tx
        .insert(promotionCategories)
        .values(item.categories.map((k) => ({ merchantCode: mc, key: k, sort: PROMOTION_CATEGORY_KEYS.indexOf(k) })))
        .onConflictDoNothing();
      const { merchantCode: _m, key: _k, language: _l, ...update } = values;
      const [row] = await tx
        .insert(promotions)
        .values(values)
        .onConflictDoUpdate({ target: [promotions.merchantCode, promotions.key, promotions.language], set: update })
        .returning({ created });
      return row.created ? "created" : "updated";
    }
    case "help": {
      const values = {
        merchantCode: mc,
        tag: item.tag,
        language: item.language,
        parentTag: item.parentTag ?? null,
        title: item.title,
        content: item.text,
        startDate: item.date,
        sort: item.sort,
        ...stamp,
      };
      const { merchantCode: _m, tag: _t, language: _l, ...update } = values;
      const [row] = await tx
        .insert(helpItems)
        .values(values)
        .onConflictDoUpdate({ target: [helpItems.merchantCode, helpItems.tag, helpItems.language], set: update })
        .returning({ created });
      return row.created ? "created" : "updated";
    }
    case "banner": {
      const values = {
        merchantCode: mc,
        key: item.key,
        language: item.language,
        groupName: item.group,
        title: item.title,
        imageUrl: await store(item.image),
        linkUrl: item.link ?? null,
        sort: item.sort,
        ...stamp,
      };
      const { merchantCode: _m, key: _k, language: _l, ...update } = values;
      const [row] = await tx
        .insert(banners)
        .values(values)
        .onConflictDoUpdate({ target: [banners.merchantCode, banners.key, banners.language], set: update })
        .returning({ created });
      return row.created ? "created" : "updated";
    }
  }
}

/** Checks that a help child's parent exists: in this file, or already published for the brand. */
async function checkParents(db: Db, brand: Brand, items: ContentItem[], index: Map<ContentItem, number>) {
  const inFile = new Set(items.flatMap((i) => (i.kind === "help" && brandsOf(i).includes(brand.id) ? [i.tag] : [])));
  for (const item of items) {
    if (item.kind !== "help" || !item.parentTag || !brandsOf(item).includes(brand.id) || inFile.has(item.parentTag)) continue;
    const [parent] = await db
      .select({ tag: helpItems.tag })
      .from(helpItems)
      .where(and(eq(helpItems.merchantCode, brand.merchantCode), eq(helpItems.tag, item.parentTag), isNull(helpItems.retiredAt)))
      .limit(1);
    if (!parent)
      throw new ContentRejectedError(
        `item ${index.get(item)! + 1}.parentTag: ${brand.id} has no help topic "${item.parentTag}" (publish the parent first or in the same file)`,
      );
  }
}

/** Publishes one file: all of its items, or none of them. Audited per brand touched. */
export async function publishFile(
  db: Db,
  registry: BrandRegistry,
  source: ContentSource,
  actor: Actor,
): Promise<PublishFileResult> {
  try {
    const items = parseItems(source);
    const index = new Map(items.map((item, i) => [item, i]));
    const brands = new Map<string, Brand>();
    for (const item of items) {
      for (const id of brandsOf(item)) {
        const brand = registry.byId.get(id);
        if (!brand)
          throw new ContentRejectedError(
            `item ${index.get(item)! + 1}.brand: unknown brand "${id}" (brands: ${[...registry.byId.keys()].join(", ")})`,
          );
        if (!brand.languages.enabled.includes(item.language))
          throw new ContentRejectedError(
            `item ${index.get(item)! + 1}.language: ${id} does not offer "${item.language}" (it offers ${brand.languages.enabled.join(", ")})`,
          );
        brands.set(id, brand);
      }
    }
    const seen = new Set<string>();
    for (const item of items)
      for (const id of brandsOf(item)) {
        const k = `${id}/${item.kind === "popup" ? "announcement" : item.kind}/${itemKey(item)}/${item.language}`;
        if (seen.has(k)) throw new ContentRejectedError(`item ${index.get(item)! + 1}: ${k} appears twice in the file`);
        seen.add(k);
      }
    checkImages(source, items);
    const now = new Date();
    const published = await db.transaction(async (tx) => {
      const out: PublishedItem[] = [];
      for (const brand of brands.values()) await checkParents(tx, brand, items, index);
      for (const item of items) {
        for (const id of brandsOf(item)) {
          const brand = brands.get(id)!;
          const action = await writeItem(tx, brand, source, item, now);
          out.push({ brand: id, kind: item.kind, key: itemKey(item), language: item.language, action });
        }
      }
      for (const brand of brands.values()) {
        const mine = out.filter((o) => o.brand === brand.id);
        await recordAudit(tx, brand, {
          subject: "content:publish",
          oldValue: null,
          newValue: `${source.file}: ${mine.map((o) => `${o.kind}/${o.key}/${o.language} ${o.action}`).join(", ")}`.slice(
            0,
            2000,
          ),
          actor,
        });
      }
      return out;
    });
    return { file: source.file, ok: true, items: published };
  } catch (err) {
    if (err instanceof ContentRejectedError) return { file: source.file, ok: false, error: err.message };
    throw err;
  }
}
