import { z } from "zod";
import { FLAG_NAMES, isFlagName, type FlagName } from "~/brand/flags";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import { listOutbox } from "~/domain/accounts/outbox.server";
import { memberCommandSchemas, runMemberCommand, type MemberCommandResult } from "./member-commands.server";
import { ledgerCommandSchemas, runLedgerCommand, type LedgerCommandResult } from "./ledger-commands.server";
import { runWithdrawalCommand, withdrawalCommandSchemas, type WithdrawalCommandResult } from "./withdrawal-commands.server";
import { paymentCommandSchemas, runPaymentCommand, type PaymentCommandResult } from "./payment-commands.server";
import { gameCommandSchemas, runGameCommand, type GameCommandResult } from "./game-commands.server";
import { contentCommandSchemas, runContentCommand, type ContentCommandResult } from "./content-commands.server";
import { inboxCommandSchemas, runInboxCommand, type InboxCommandResult } from "./inbox-commands.server";
import { complianceCommandSchemas, runComplianceCommand, type ComplianceCommandResult } from "./compliance-commands.server";
import { barredCommandSchemas, runBarredCommand, type BarredCommandResult } from "./barred-commands.server";
import { kycCommandSchemas, runKycCommand, type KycCommandResult } from "./kyc-commands.server";
import { agentCommandSchemas, runAgentCommand, type AgentCommandResult } from "./agent-commands.server";
import { promotionCommandSchemas, runPromotionCommand, type PromotionCommandResult } from "./promotion-commands.server";
import type { GameProviders } from "~/domain/wallet/seamless-port";
import type { Payments } from "~/domain/payments/ports";
import { auditHistory, type Actor } from "~/domain/site/audit.server";
import { listFlags, setFlag, type FlagRow } from "~/domain/site/flags.server";
import { getSiteState } from "~/domain/site/site-state.server";
import { setSystemStatus, type SystemStatus } from "~/domain/site/system-status.server";

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
  ...ledgerCommandSchemas,
  ...withdrawalCommandSchemas,
  ...paymentCommandSchemas,
  ...gameCommandSchemas,
  ...contentCommandSchemas,
  ...promotionCommandSchemas,
  ...inboxCommandSchemas,
  ...complianceCommandSchemas,
  ...barredCommandSchemas,
  ...kycCommandSchemas,
  ...agentCommandSchemas,
]);
/** What a CLI sends: fields with a default may be left out. */
export type AdminRequest = z.input<typeof adminRequestSchema>;
export type AdminCommand = AdminRequest["command"];

/*
 * What a command answers: data, never wording. Results travel as JSON over the admin
 * channel, so they hold only JSON values: dates as ISO 8601 strings, money as a centavo
 * string. The CLIs turn them into text (scripts/lib/format.ts); a web console can render them.
 */

export type FlagListItem = Omit<FlagRow, "override"> & {
  override: { enabled: boolean; by: string; reason: string; /** ISO 8601 */ at: string } | null;
};

/** One audited flag change, newest first. */
export interface FlagChange {
  /** ISO 8601. */
  at: string;
  flag: string;
  oldValue: string | null;
  newValue: string | null;
  actor: string;
  reason: string;
}

export interface OutboxListItem {
  /** ISO 8601. */
  at: string;
  /** The brand id (the merchant code when no configured brand has it any more). */
  brand: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  body: string;
}

export type AdminFailure = { ok: false; error: string };

export type AdminSuccess =
  | { ok: true; command: "flags.list"; brand: string; flags: FlagListItem[] }
  | {
      ok: true;
      command: "flags.set";
      brand: string;
      flag: FlagName;
      /** The effective value before and after the change. */
      before: boolean;
      after: boolean;
      actor: Actor;
    }
  | { ok: true; command: "flags.history"; brand: string; flag: FlagName | null; changes: FlagChange[] }
  | { ok: true; command: "status.get"; brand: string; status: SystemStatus }
  | { ok: true; command: "status.set"; brand: string; before: number; after: SystemStatus; actor: Actor }
  | {
      ok: true;
      command: "outbox.list";
      /** Null: every brand. */
      brand: string | null;
      channel: "email" | "sms" | null;
      messages: OutboxListItem[];
    }
  | Extract<MemberCommandResult, { ok: true }>
  | Extract<LedgerCommandResult, { ok: true }>
  | Extract<WithdrawalCommandResult, { ok: true }>
  | Extract<PaymentCommandResult, { ok: true }>
  | Extract<GameCommandResult, { ok: true }>
  | Extract<ContentCommandResult, { ok: true }>
  | Extract<PromotionCommandResult, { ok: true }>
  | Extract<InboxCommandResult, { ok: true }>
  | Extract<ComplianceCommandResult, { ok: true }>
  | Extract<BarredCommandResult, { ok: true }>
  | Extract<KycCommandResult, { ok: true }>
  | Extract<AgentCommandResult, { ok: true }>;

export type AdminResult = AdminSuccess | AdminFailure;
/** The answer to one command: its own data, or a failure. */
export type AdminResultOf<C extends AdminCommand> = Extract<AdminSuccess, { command: C }> | AdminFailure;

/** Compile-time guard: a Date, bigint or undefined in a result would not survive JSON. */
type NotJson = Date | bigint | undefined | symbol | ((...args: never[]) => unknown);
type HasNotJson<T> = T extends NotJson
  ? true
  : T extends readonly (infer U)[]
    ? HasNotJson<U>
    : T extends object
      ? { [K in keyof T]-?: HasNotJson<T[K]> }[keyof T]
      : false;
const _resultsAreJson: HasNotJson<AdminResult> extends false ? true : never = true;
void _resultsAreJson;

const unknownBrand = (id: string | undefined, known: string[]): AdminFailure => ({
  ok: false,
  error: `Unknown brand "${id}". Brands: ${known.join(", ")}`,
});

/** The outside world some commands need (approving a withdrawal sends its payout); absent, those commands refuse. */
export interface AdminServices {
  payments?: Payments;
  /** Where games are played (a launch token names its provider and game URL). */
  providers?: GameProviders;
}

export async function runAdminCommand<R extends AdminRequest>(
  db: Db,
  registry: BrandRegistry,
  input: R,
  services?: AdminServices,
): Promise<AdminResultOf<R["command"]>>;
export async function runAdminCommand(
  db: Db,
  registry: BrandRegistry,
  input: unknown,
  services?: AdminServices,
): Promise<AdminResult>;
export async function runAdminCommand(
  db: Db,
  registry: BrandRegistry,
  input: unknown,
  services: AdminServices = {},
): Promise<AdminResult> {
  const parsed = adminRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((i) => i.message).join("\n") };
  const req = parsed.data;
  if (req.command === "outbox.list") return outboxList(db, registry, req);
  // Reconciliation runs for one brand or all of them; the order list names its brand.
  if (req.command === "payments.reconcile" || req.command === "payments.orders")
    return runPaymentCommand(db, registry, req, services.payments);
  if (req.command === "ledger.verify") return runLedgerCommand(db, registry, req);
  // A round id is unique across brands.
  if (req.command === "games.replay") return runGameCommand(db, null, req, services.providers);
  // A content file names its brands item by item.
  if (req.command === "content.publish" || req.command === "content.list" || req.command === "content.retire")
    return runContentCommand(db, registry, req);
  // The restricted-persons list holds on every brand; its matches name their own.
  if (
    req.command === "barred.import" ||
    req.command === "barred.list" ||
    req.command === "barred.matches" ||
    req.command === "barred.review"
  )
    return runBarredCommand(db, registry, req);
  const brand = registry.byId.get(req.brand);
  if (!brand) return unknownBrand(req.brand, [...registry.byId.keys()]);

  switch (req.command) {
    case "members.list":
    case "members.show":
    case "members.disable":
    case "members.enable":
    case "members.create":
    case "members.waive-turnover":
    case "members.feedback-list":
      return runMemberCommand(db, brand, req);
    case "withdrawals.list":
    case "withdrawals.show":
    case "withdrawals.approve":
    case "withdrawals.reject":
      return runWithdrawalCommand(db, brand, req, services.payments);
    case "ledger.adjust":
    case "ledger.reverse":
      return runLedgerCommand(db, registry, req);
    case "games.launchToken":
    case "games.rounds":
      return runGameCommand(db, brand, req, services.providers);
    case "promotions.list":
    case "promotions.show":
    case "promotions.approve":
    case "promotions.reject":
    case "promotions.intake":
      return runPromotionCommand(db, brand, req);
    case "inbox.send":
      return runInboxCommand(db, brand, req);
    case "aml.report":
      return runComplianceCommand(db, brand, req);
    case "kyc.list":
    case "kyc.show":
    case "kyc.approve":
    case "kyc.reject":
      return runKycCommand(db, brand, req);
    case "agents.create":
    case "agents.list":
    case "agents.offer":
    case "agents.contracts":
    case "agents.settle":
    case "agents.settlements":
      return runAgentCommand(db, brand, req);
    case "flags.list": {
      const rows = await listFlags(db, brand);
      const flags = rows.map((r) => ({ ...r, override: r.override && { ...r.override, at: r.override.at.toISOString() } }));
      return { ok: true, command: req.command, brand: brand.id, flags };
    }
    case "flags.set": {
      if (!isFlagName(req.flag)) return { ok: false, error: `Unknown flag "${req.flag}". Flags: ${FLAG_NAMES.join(", ")}` };
      const value = req.value === "default" ? null : req.value === "on";
      const actor = { name: req.by, reason: req.why };
      const r = await setFlag(db, brand, req.flag, value, actor);
      return { ok: true, command: req.command, brand: brand.id, flag: r.flag, before: r.before, after: r.after, actor };
    }
    case "flags.history": {
      const flag = req.flag === undefined ? null : isFlagName(req.flag) ? req.flag : undefined;
      if (flag === undefined) return { ok: false, error: `Unknown flag "${req.flag}".` };
      const rows = await auditHistory(db, brand, flag ? `flag:${flag}` : "flag:");
      const changes = rows.map((r) => ({
        at: r.createdAt.toISOString(),
        flag: r.subject.slice("flag:".length),
        oldValue: r.oldValue,
        newValue: r.newValue,
        actor: r.actor,
        reason: r.reason,
      }));
      return { ok: true, command: req.command, brand: brand.id, flag, changes };
    }
    case "status.get":
      return { ok: true, command: req.command, brand: brand.id, status: (await getSiteState(db, brand)).status };
    case "status.set": {
      const actor = { name: req.by, reason: req.why };
      const r = await setSystemStatus(db, brand, req.status, actor);
      return { ok: true, command: req.command, brand: brand.id, before: r.before, after: r.after, actor };
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
  if (!all && !brand) return unknownBrand(req.brand, ["all", ...registry.byId.keys()]);
  const rows = await listOutbox(db, { merchantCode: brand?.merchantCode, channel: req.channel, limit: req.limit });
  const brandIds = new Map(registry.brands.map((b) => [b.merchantCode, b.id]));
  const messages = rows.map((r) => ({
    at: r.createdAt.toISOString(),
    brand: brandIds.get(r.merchantCode) ?? r.merchantCode,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
  }));
  return { ok: true, command: "outbox.list", brand: brand?.id ?? null, channel: req.channel ?? null, messages };
}
