import { z } from "zod";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import { readContentSources } from "~/domain/content/content-files.server";
import { listContent, retireContent, type ContentListItem } from "~/domain/content/manage.server";
import { CONTENT_KINDS, publishFile, type PublishFileResult } from "~/domain/content/publish.server";
import type { Actor } from "~/domain/site/audit.server";

/**
 * `npm run content`: support staff publish, list and retire operator content. Publishing names a
 * file or folder on this machine: the admin channel is loopback only, so the server reads the same
 * disk as the CLI, and images need not squeeze through the channel's small request body.
 */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
const kind = z.enum(CONTENT_KINDS, `a kind is one of ${CONTENT_KINDS.join(", ")}`);
export const contentCommandSchemas = [
  z.object({
    command: z.literal("content.publish"),
    path: z
      .string()
      .min(1)
      .max(4096)
      .refine((p) => p.startsWith("/"), "the path must be absolute"),
    ...who,
  }),
  z.object({ command: z.literal("content.list"), brand: z.string(), kind: kind.optional() }),
  z.object({
    command: z.literal("content.retire"),
    brand: z.string(),
    kind,
    key: z.string().min(1).max(64),
    ...who,
  }),
] as const;

type ContentCommand = z.output<(typeof contentCommandSchemas)[number]>;

export type ContentCommandResult =
  | { ok: true; command: "content.publish"; path: string; files: PublishFileResult[] }
  | { ok: true; command: "content.list"; brand: string; kind: string | null; items: ContentListItem[] }
  | { ok: true; command: "content.retire"; brand: string; kind: string; key: string; retired: number; actor: Actor }
  | { ok: false; error: string };

export async function runContentCommand(db: Db, registry: BrandRegistry, req: ContentCommand): Promise<ContentCommandResult> {
  if (req.command === "content.publish") {
    const actor = { name: req.by, reason: req.why };
    let sources;
    try {
      sources = await readContentSources(req.path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EACCES" || code === "ENOTDIR")
        return { ok: false, error: `Cannot read ${req.path} (${code}).` };
      throw err;
    }
    if (sources.length === 0) return { ok: false, error: `No *.json content files in ${req.path}.` };
    const files: PublishFileResult[] = [];
    for (const source of sources) files.push(await publishFile(db, registry, source, actor));
    return { ok: true, command: req.command, path: req.path, files };
  }
  const brand = registry.byId.get(req.brand);
  if (!brand) return { ok: false, error: `Unknown brand "${req.brand}". Brands: ${[...registry.byId.keys()].join(", ")}` };
  if (req.command === "content.list") {
    const items = await listContent(db, brand, req.kind);
    return { ok: true, command: req.command, brand: brand.id, kind: req.kind ?? null, items };
  }
  const actor = { name: req.by, reason: req.why };
  const retired = await retireContent(db, brand, req.kind, req.key, actor);
  if (retired === 0) return { ok: false, error: `${brand.id} has no published ${req.kind} "${req.key}" to retire.` };
  return { ok: true, command: req.command, brand: brand.id, kind: req.kind, key: req.key, retired, actor };
}
