import crypto from "node:crypto";
import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { isAgent, isGuest, MEMBER_TYPES } from "./member-types";
import {
  createMember,
  findMemberByUsername,
  listMembers,
  MemberExistsError,
  setMemberStatus,
  type Member,
} from "./members.server";
import { revokeMemberSessions } from "./sessions.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { formatPeso } from "~/utils/money";

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
  z.object({
    command: z.literal("members.create"),
    brand: z.string(),
    user: z.string().regex(/^[A-Za-z0-9]{4,16}$/, "the username must be 4-16 letters or digits"),
    type: z.union(
      MEMBER_TYPES.filter((t) => !isGuest(t)).map((t) => z.literal(t)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    ),
    ...who,
  }),
] as const;

type MemberCommand = z.output<(typeof memberCommandSchemas)[number]>;

function typeName(type: number): string {
  if (isGuest(type)) return `${type} (guest)`;
  return `${type} (${isAgent(type) ? (type === 1 || type === 2 ? "member, agent" : "agent") : type === 40 ? "agent line, no sign-in" : "member"})`;
}

function line(m: Member): string {
  return [m.username.padEnd(18), typeName(m.type).padEnd(18), m.status.padEnd(9), m.createdAt.toISOString().slice(0, 16)].join(
    " ",
  );
}

export async function runMemberCommand(db: Db, brand: Brand, req: MemberCommand): Promise<{ ok: boolean; text: string }> {
  if (req.command === "members.list") {
    const rows = await listMembers(db, brand, { limit: req.limit });
    if (rows.length === 0) return { ok: true, text: `${brand.id} has no members yet.` };
    return { ok: true, text: [`Members of ${brand.id}, newest first:`, ...rows.map(line)].join("\n") };
  }
  if (req.command === "members.create") {
    // Agent and staff accounts are made by support; the password is shown once and never stored in clear.
    const password = `${crypto.randomBytes(6).toString("base64url")}7a`;
    try {
      const m = await createMember(db, brand, { username: req.user, password, type: req.type, registerMethod: "APP" });
      await db.insert(auditLog).values({
        merchantCode: brand.merchantCode,
        subject: `member:${m.usernameKey}`,
        oldValue: null,
        newValue: `created type ${req.type}`,
        actor: req.by,
        reason: req.why,
      });
      return {
        ok: true,
        text: `Created ${m.username} on ${brand.id}, type ${typeName(m.type)}. Password (shown once): ${password}`,
      };
    } catch (err) {
      if (err instanceof MemberExistsError) return { ok: false, text: `${req.user} already exists on ${brand.id}.` };
      throw err;
    }
  }
  const member = await findMemberByUsername(db, brand, req.user);
  if (!member) return { ok: false, text: `No member "${req.user}" on ${brand.id}.` };
  if (req.command === "members.show") {
    const balance = await getBalance(db, brand, member.id, isGuest(member.type) ? "demo" : "cash");
    const rows: [string, string][] = [
      ["username", member.username],
      ["type", typeName(member.type)],
      ["status", member.status],
      ["nickname", member.nickname ?? "-"],
      ["mobile", member.mobileNum ? `+${member.countryDialingCode ?? "63"} ${member.mobileNum}` : "-"],
      ["e-mail", member.email ?? "-"],
      ["birthday", member.birthday ?? "-"],
      ["invite code", member.inviteCode],
      ["registered", `${member.createdAt.toISOString()} via ${member.registerMethod} on ${member.registerUrl ?? "-"}`],
      ["last login", member.lastLoginAt?.toISOString() ?? "never"],
      ["social sign-in", member.firebaseUid ? "linked" : "no"],
      ["balance", formatPeso(balance.toString())],
    ];
    return { ok: true, text: rows.map(([k, v]) => `${k.padEnd(15)} ${v}`).join("\n") };
  }
  const status = req.command === "members.disable" ? "disabled" : "active";
  if (member.status === status) return { ok: true, text: `${member.username} on ${brand.id} is already ${status}.` };
  await setMemberStatus(db, brand, member.username, status);
  // A disabled member is signed out everywhere at once, remembered devices included.
  const revoked = status === "disabled" ? await revokeMemberSessions(db, brand, member.id) : 0;
  await db.insert(auditLog).values({
    merchantCode: brand.merchantCode,
    subject: `member:${member.usernameKey}`,
    oldValue: member.status,
    newValue: status,
    actor: req.by,
    reason: req.why,
  });
  const extra = status === "disabled" ? ` ${revoked} session(s) signed out.` : "";
  return { ok: true, text: `${member.username} on ${brand.id} is now ${status} (by ${req.by}: ${req.why}).${extra}` };
}
