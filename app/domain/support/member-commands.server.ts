import crypto from "node:crypto";
import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { turnoverRemaining, waiveTurnover } from "~/domain/wallet/turnover.server";
import { isGuest, MEMBER_TYPES } from "~/domain/accounts/member-types";
import { listFeedback, type FeedbackItem } from "~/domain/accounts/feedback.server";
import { disableMember, enableMember, type MemberStatus, type MemberStatusChange } from "~/domain/accounts/member-status.server";
import {
  createMember,
  findMemberByUsername,
  listMembers,
  MemberExistsError,
  type Member,
} from "~/domain/accounts/members.server";
import { memberDeclarationsOf, type DeclarationRecord } from "~/domain/compliance/declarations.server";

/** Support staff's member commands (`npm run members`); the same functions serve the admin channel and direct mode. */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
export const memberCommandSchemas = [
  z.object({
    command: z.literal("members.list"),
    brand: z.string(),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  z.object({ command: z.literal("members.show"), brand: z.string(), user: z.string().min(1).max(100) }),
  z.object({ command: z.literal("members.disable"), brand: z.string(), user: z.string().min(1).max(100), ...who }),
  z.object({ command: z.literal("members.enable"), brand: z.string(), user: z.string().min(1).max(100), ...who }),
  z.object({ command: z.literal("members.waive-turnover"), brand: z.string(), user: z.string().min(1).max(100), ...who }),
  z.object({
    command: z.literal("members.create"),
    brand: z.string(),
    user: z.string().regex(/^[A-Za-z0-9]{4,16}$/, "the username must be 4-16 letters or digits"),
    type: z.union(
      MEMBER_TYPES.filter((t) => !isGuest(t)).map((t) => z.literal(t)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    ),
    ...who,
  }),
  z.object({
    command: z.literal("members.feedback-list"),
    brand: z.string(),
    /** ISO 8601 date or date-time; only feedback sent since then. */
    since: z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], {
        error: "--since must be a date like 2026-05-01 or a date-time like 2026-05-01T08:00:00+08:00",
      })
      .optional(),
    limit: z.number().int().min(1).max(500).default(100),
  }),
] as const;

type MemberCommand = z.output<(typeof memberCommandSchemas)[number]>;

/*
 * What the commands answer: plain JSON (dates as ISO strings, money as a centavo string),
 * since the answer may travel over the admin channel. Wording for people is the caller's job.
 */

export interface MemberSummary {
  username: string;
  type: number;
  status: MemberStatus;
  /** ISO 8601. */
  createdAt: string;
}

export interface MemberDetail extends MemberSummary {
  nickname: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  email: string | null;
  birthday: string | null;
  /** The full name as on a government ID, given at registration (what the restricted list is matched on). */
  realName: string | null;
  inviteCode: string;
  registerMethod: string;
  registerUrl: string | null;
  /** ISO 8601, or null when the member never signed in. */
  lastLoginAt: string | null;
  socialSignIn: boolean;
  /** The cash balance (the demo balance for a guest). */
  balance: { account: "cash" | "demo"; centavos: string };
  /** What is left to wager before a withdrawal ("turnover x N"), in centavos. */
  turnoverRemaining: string;
  /** What the member declared (at registration), the latest first; declaredAt in ISO 8601. */
  declarations: Array<Omit<DeclarationRecord, "declaredAt"> & { declaredAt: string }>;
}

export type MemberCommandResult =
  | { ok: true; command: "members.list"; brand: string; members: MemberSummary[] }
  | { ok: true; command: "members.show"; brand: string; member: MemberDetail }
  | ({ ok: true; command: "members.disable"; brand: string; actor: Actor } & MemberStatusChange)
  | ({ ok: true; command: "members.enable"; brand: string; actor: Actor } & MemberStatusChange)
  | { ok: true; command: "members.create"; brand: string; username: string; type: number; password: string }
  | { ok: true; command: "members.waive-turnover"; brand: string; username: string; waivedCentavos: string; actor: Actor }
  | { ok: true; command: "members.feedback-list"; brand: string; since: string | null; feedback: FeedbackItem[] }
  | { ok: false; error: string };

function summary(m: Member): MemberSummary {
  return { username: m.username, type: m.type, status: m.status, createdAt: m.createdAt.toISOString() };
}

export async function runMemberCommand(db: Db, brand: Brand, req: MemberCommand): Promise<MemberCommandResult> {
  if (req.command === "members.list") {
    const rows = await listMembers(db, brand, { limit: req.limit });
    return { ok: true, command: req.command, brand: brand.id, members: rows.map(summary) };
  }
  if (req.command === "members.feedback-list") {
    const feedback = await listFeedback(db, brand, { since: req.since ? new Date(req.since) : undefined, limit: req.limit });
    return { ok: true, command: req.command, brand: brand.id, since: req.since ?? null, feedback };
  }
  if (req.command === "members.create") {
    // Agent and staff accounts are made by support; the password is shown once and never stored in clear.
    const password = `${crypto.randomBytes(6).toString("base64url")}7a`;
    const actor: Actor = { name: req.by, reason: req.why };
    try {
      const m = await db.transaction(async (tx) => {
        const created = await createMember(tx, brand, { username: req.user, password, type: req.type, registerMethod: "APP" });
        await recordAudit(tx, brand, {
          subject: `member:${created.usernameKey}`,
          oldValue: null,
          newValue: `created type ${req.type}`,
          actor,
        });
        return created;
      });
      return { ok: true, command: req.command, brand: brand.id, username: m.username, type: m.type, password };
    } catch (err) {
      if (err instanceof MemberExistsError) return { ok: false, error: `${req.user} already exists on ${brand.id}.` };
      throw err;
    }
  }
  if (req.command === "members.show") {
    const member = await findMemberByUsername(db, brand, req.user);
    if (!member) return noMember(req.user, brand);
    const account = isGuest(member.type) ? "demo" : "cash";
    const [balance, turnover, declarations] = await Promise.all([
      getBalance(db, brand, member.id, account),
      turnoverRemaining(db, brand, member.id),
      memberDeclarationsOf(db, brand, member.id),
    ]);
    return {
      ok: true,
      command: req.command,
      brand: brand.id,
      member: {
        ...summary(member),
        nickname: member.nickname,
        mobileNum: member.mobileNum,
        countryDialingCode: member.countryDialingCode,
        email: member.email,
        birthday: member.birthday,
        realName: member.realName,
        inviteCode: member.inviteCode,
        registerMethod: member.registerMethod,
        registerUrl: member.registerUrl,
        lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
        socialSignIn: Boolean(member.firebaseUid),
        balance: { account, centavos: balance.toString() },
        turnoverRemaining: turnover.toString(),
        declarations: declarations.map((d) => ({ ...d, declaredAt: d.declaredAt.toISOString() })),
      },
    };
  }
  if (req.command === "members.waive-turnover") {
    const member = await findMemberByUsername(db, brand, req.user);
    if (!member) return noMember(req.user, brand);
    const actor: Actor = { name: req.by, reason: req.why };
    const waived = await waiveTurnover(db, brand, member.id, actor);
    return {
      ok: true,
      command: req.command,
      brand: brand.id,
      username: member.username,
      waivedCentavos: waived.toString(),
      actor,
    };
  }
  const actor: Actor = { name: req.by, reason: req.why };
  const change =
    req.command === "members.disable"
      ? await disableMember(db, brand, req.user, actor)
      : await enableMember(db, brand, req.user, actor);
  if (!change) return noMember(req.user, brand);
  return { ok: true, command: req.command, brand: brand.id, actor, ...change };
}

function noMember(user: string, brand: Brand): { ok: false; error: string } {
  return { ok: false, error: `No member "${user}" on ${brand.id}.` };
}
