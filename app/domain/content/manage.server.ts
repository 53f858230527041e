import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { announcements, banners, helpItems, promotions } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import type { ContentKind } from "./publish.server";

/** One published item as support staff see it (JSON only: dates as ISO 8601). */
export interface ContentListItem {
  kind: ContentKind;
  id: number;
  key: string;
  language: string;
  title: string;
  /** Announcement content type, banner group or help parent tag. */
  detail: string | null;
  start: string | null;
  end: string | null;
  retiredAt: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A brand's content, retired items included, by kind then key and language. */
export async function listContent(db: Db, brand: Brand, kind?: ContentKind): Promise<ContentListItem[]> {
  const mc = brand.merchantCode;
  const out: ContentListItem[] = [];
  if (!kind || kind === "announcement" || kind === "popup") {
    const rows = await db
      .select()
      .from(announcements)
      .where(
        and(
          eq(announcements.merchantCode, mc),
          kind === "popup" ? eq(announcements.contentType, "PU") : kind ? ne(announcements.contentType, "PU") : undefined,
        ),
      )
      .orderBy(asc(announcements.key), asc(announcements.language));
    for (const r of rows)
      out.push({
        kind: r.contentType === "PU" ? "popup" : "announcement",
        id: r.id,
        key: r.key,
        language: r.language,
        title: r.title,
        detail: r.contentType,
        start: iso(r.startDate),
        end: iso(r.endDate),
        retiredAt: iso(r.retiredAt),
      });
  }
  if (!kind || kind === "promotion") {
    const rows = await db
      .select()
      .from(promotions)
      .where(eq(promotions.merchantCode, mc))
      .orderBy(asc(promotions.key), asc(promotions.language));
    for (const r of rows)
      out.push({
        kind: "promotion",
        id: r.id,
        key: r.key,
        language: r.language,
        title: r.title,
        detail: r.noExpiry ? "long term" : r.categoryKeys.join(","),
        start: iso(r.startDate),
        end: iso(r.endDate),
        retiredAt: iso(r.retiredAt),
      });
  }
  if (!kind || kind === "help") {
    const rows = await db
      .select()
      .from(helpItems)
      .where(eq(helpItems.merchantCode, mc))
      .orderBy(asc(helpItems.tag), asc(helpItems.language));
    for (const r of rows)
      out.push({
        kind: "help",
        id: r.id,
        key: r.tag,
        language: r.language,
        title: r.title,
        detail: r.parentTag,
        start: iso(r.startDate),
        end: null,
        retiredAt: iso(r.retiredAt),
      });
  }
  if (!kind || kind === "banner") {
    const rows = await db
      .select()
      .from(banners)
      .where(eq(banners.merchantCode, mc))
      .orderBy(asc(banners.key), asc(banners.language));
    for (const r of rows)
      out.push({
        kind: "banner",
        id: r.id,
        key: r.key,
        language: r.language,
        title: r.title,
        detail: r.groupName,
        start: null,
        end: null,
        retiredAt: iso(r.retiredAt),
      });
  }
  return out;
}

/**
 * Hides an item (every language of its key) from every screen. Nothing is deleted: read marks and
 * the history stay, and publishing the key again brings it back. Answers how many rows it retired.
 */
export async function retireContent(db: Db, brand: Brand, kind: ContentKind, key: string, actor: Actor): Promise<number> {
  const mc = brand.merchantCode;
  const now = new Date();
  return db.transaction(async (tx) => {
    let rows: { id: number }[];
    switch (kind) {
      case "announcement":
      case "popup":
        rows = await tx
          .update(announcements)
          .set({ retiredAt: now, updatedAt: now })
          .where(
            and(
              eq(announcements.merchantCode, mc),
              eq(announcements.key, key),
              isNull(announcements.retiredAt),
              kind === "popup" ? eq(announcements.contentType, "PU") : ne(announcements.contentType, "PU"),
            ),
          )
          .returning({ id: announcements.id });
        break;
      case "promotion":
        rows = await tx
          .update(promotions)
          .set({ retiredAt: now, updatedAt: now })
          .where(and(eq(promotions.merchantCode, mc), eq(promotions.key, key), isNull(promotions.retiredAt)))
          .returning({ id: promotions.id });
        break;
      case "help": {
        rows = await tx
          .update(helpItems)
          .set({ retiredAt: now, updatedAt: now })
          .where(and(eq(helpItems.merchantCode, mc), eq(helpItems.tag, key), isNull(helpItems.retiredAt)))
          .returning({ id: helpItems.id });
        break;
      }
      case "banner":
        rows = await tx
          .update(banners)
          .set({ retiredAt: now, updatedAt: now })
          .where(and(eq(banners.merchantCode, mc), eq(banners.key, key), isNull(banners.retiredAt)))
          .returning({ id: banners.id });
        break;
    }
    if (rows.length)
      await recordAudit(tx, brand, {
        subject: `content:${kind}:${key}`,
        oldValue: "published",
        newValue: `retired (${rows.length} ${rows.length === 1 ? "row" : "rows"}: ${rows.map((r) => r.id).join(", ")})`,
        actor,
      });
    return rows.length;
  });
}
