import { z } from "zod";
import { FLAG_NAMES, isFlagName } from "~/brand/flags";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import { auditHistory, listFlags, setFlag } from "./flags.server";
import { listOutbox, type OutboxRow } from "~/domain/accounts/outbox.server";
import { memberCommandSchemas, runMemberCommand } from "~/domain/accounts/member-admin.server";
import { getSiteState } from "./site-state.server";
import { setSystemStatus } from "./system-status.server";

/**
 * Support-staff commands. The CLIs send them to the running server over the
 * admin channel (PGlite has one owner) or run them directly; both call these.
 */
export const adminRequestSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("flags.list"), brand: z.string() }),
  z.object({
    command: z.literal("flags.set"),
    brand: z.string(),
    flag: z.string(),
    value: z.enum(["on", "off", "default"]),
    by: z.string().trim().min(1, "--by is required").max(100),
    why: z.string().trim().min(1, "--why is required").max(500),
  }),
  z.object({ command: z.literal("flags.history"), brand: z.string(), flag: z.string().optional() }),
  z.object({ command: z.literal("status.get"), brand: z.string() }),
  z.object({
    command: z.literal("status.set"),
    brand: z.string(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    by: z.string().trim().min(1).max(100),
    why: z.string().trim().min(1).max(500),
  }),
  z.object({
    command: z.literal("outbox.list"),
    /** A brand id, or "all" (the default) for every brand. */
    brand: z.string().optional(),
    channel: z.enum(["email", "sms"]).optional(),
    limit: z.number().int().min(1, "--limit must be at least 1").max(200, "--limit must be at most 200").default(20),
  }),
  ...memberCommandSchemas,
]);
/** What a CLI sends: fields with a default may be left out. */
export type AdminRequest = z.input<typeof adminRequestSchema>;
export interface AdminResult {
  ok: boolean;
  text: string;
}

const STATUS_NAMES = { 0: "0 (open)", 1: "1 (maintenance / IP-restricted page)", 2: "2 (service-error page)" } as const;
const onOff = (v: boolean) => (v ? "on" : "off");

export async function runAdminCommand(db: Db, registry: BrandRegistry, input: unknown): Promise<AdminResult> {
  const parsed = adminRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, text: parsed.error.issues.map((i) => i.message).join("\n") };
  const req = parsed.data;
  if (req.command === "outbox.list") return outboxList(db, registry, req);
  const brand = registry.byId.get(req.brand);
  if (!brand) return { ok: false, text: `Unknown brand "${req.brand}". Brands: ${[...registry.byId.keys()].join(", ")}` };

  switch (req.command) {
    case "members.list":
    case "members.show":
    case "members.disable":
    case "members.enable":
    case "members.create":
      return runMemberCommand(db, brand, req);
    case "flags.list": {
      const rows = await listFlags(db, brand);
      const lines = rows.map((r) => {
        const src = r.override
          ? `override by ${r.override.by}: ${r.override.reason}`
          : r.brandDefault !== null
            ? "brand file"
            : "catalogue";
        return `${r.name.padEnd(20)} ${onOff(r.effective).padEnd(4)} ${src.padEnd(40)} ${r.meaning}`;
      });
      return { ok: true, text: [`Module flags of ${brand.id}:`, ...lines].join("\n") };
    }
    case "flags.set": {
      if (!isFlagName(req.flag)) return { ok: false, text: `Unknown flag "${req.flag}". Flags: ${FLAG_NAMES.join(", ")}` };
      const value = req.value === "default" ? null : req.value === "on";
      const r = await setFlag(db, brand, req.flag, value, { name: req.by, reason: req.why });
      return { ok: true, text: `${brand.id} ${req.flag}: ${onOff(r.before)} -> ${onOff(r.after)} (by ${req.by}: ${req.why})` };
    }
    case "flags.history": {
      if (req.flag !== undefined && !isFlagName(req.flag)) return { ok: false, text: `Unknown flag "${req.flag}".` };
      const rows = await auditHistory(db, brand, req.flag ? `flag:${req.flag}` : "flag:");
      if (rows.length === 0) return { ok: true, text: `No flag changes recorded for ${brand.id}.` };
      const lines = rows.map(
        (r) =>
          `${r.createdAt.toISOString()}  ${r.subject.slice(5).padEnd(20)} ${r.oldValue} -> ${r.newValue}  by ${r.actor}: ${r.reason}`,
      );
      return { ok: true, text: lines.join("\n") };
    }
    case "status.get":
      return { ok: true, text: `${brand.id} status ${STATUS_NAMES[(await getSiteState(db, brand)).status]}` };
    case "status.set": {
      const r = await setSystemStatus(db, brand, req.status, { name: req.by, reason: req.why });
      return { ok: true, text: `${brand.id} status ${r.before} -> ${STATUS_NAMES[r.after]} (by ${req.by}: ${req.why})` };
    }
  }
}

async function outboxList(
  db: Db,
  registry: BrandRegistry,
  req: { brand?: string; channel?: "email" | "sms"; limit: number },
): Promise<AdminResult> {
  const all = req.brand === undefined || req.brand === "all";
  const brand = all ? undefined : registry.byId.get(req.brand!);
  if (!all && !brand)
    return { ok: false, text: `Unknown brand "${req.brand}". Brands: all, ${[...registry.byId.keys()].join(", ")}` };
  const rows = await listOutbox(db, { merchantCode: brand?.merchantCode, channel: req.channel, limit: req.limit });
  const scope = `${brand ? brand.id : "any brand"}${req.channel ? `, ${req.channel}` : ""}`;
  if (rows.length === 0) return { ok: true, text: `No messages in the outbox (${scope}).` };
  const brandIds = new Map(registry.brands.map((b) => [b.merchantCode, b.id]));
  return { ok: true, text: rows.map((r) => formatOutboxRow(r, brandIds.get(r.merchantCode) ?? r.merchantCode)).join("\n\n") };
}

/** One message: a header line, then the body indented so multi-line e-mails stay readable in a terminal. */
function formatOutboxRow(r: OutboxRow, brandId: string): string {
  const head = [r.createdAt.toISOString(), brandId, r.channel.padEnd(5), r.recipient];
  if (r.subject) head.push(`"${r.subject}"`);
  const body = r.body
    .trimEnd()
    .split(/\r?\n/)
    .map((line) => `    ${line}`);
  return [head.join("  "), ...body].join("\n");
}
