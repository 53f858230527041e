import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { isGuest } from "~/domain/accounts/member-types";
import { findMemberByUsername } from "~/domain/accounts/members.server";
import { INBOX_BODY_MAX, INBOX_TITLE_MAX, sendInboxMessage } from "~/domain/inbox/inbox.server";
import type { Actor } from "~/domain/site/audit.server";

/** `npm run inbox`: support staff write to one member's inbox or to every member of a brand. Audited. */
export const inboxCommandSchemas = [
  z
    .object({
      command: z.literal("inbox.send"),
      brand: z.string(),
      /** A username, or absent with `all` for every member of the brand. */
      to: z.string().trim().min(1).max(100).optional(),
      all: z.boolean().default(false),
      title: z
        .string()
        .trim()
        .min(1, "--title is required")
        .max(INBOX_TITLE_MAX, `--title is at most ${INBOX_TITLE_MAX} characters`),
      body: z.string().trim().min(1, "--body is required").max(INBOX_BODY_MAX, `--body is at most ${INBOX_BODY_MAX} characters`),
      by: z.string().trim().min(1, "--by is required").max(100),
      why: z.string().trim().min(1).max(500).default("inbox message"),
    })
    .refine((r) => (r.to === undefined) === r.all, "give either --to <username> or --all, not both and not neither"),
] as const;

type InboxCommand = z.output<(typeof inboxCommandSchemas)[number]>;

export type InboxCommandResult =
  | {
      ok: true;
      command: "inbox.send";
      brand: string;
      id: number;
      /** The username it went to, or null for every member. */
      to: string | null;
      title: string;
      actor: Actor;
    }
  | { ok: false; error: string };

export async function runInboxCommand(db: Db, brand: Brand, req: InboxCommand): Promise<InboxCommandResult> {
  const actor = { name: req.by, reason: req.why };
  let member: { id: number; usernameKey: string; username: string } | null = null;
  if (req.to !== undefined) {
    const found = await findMemberByUsername(db, brand, req.to);
    if (!found) return { ok: false, error: `${brand.id} has no member "${req.to}".` };
    if (isGuest(found.type)) return { ok: false, error: `"${found.username}" is a trial guest: guests have no inbox.` };
    member = found;
  }
  const sent = await sendInboxMessage(db, brand, { member, title: req.title, body: req.body }, actor);
  return { ok: true, command: req.command, brand: brand.id, id: sent.id, to: member?.username ?? null, title: req.title, actor };
}
