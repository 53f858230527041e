import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { members, passwordResets } from "../../app/db/schema";
import { DeliveryError, type Mailer } from "../../app/domain/accounts/ports";
import { createOutboxMailer } from "../../app/integrations/mail.server";
import { createMember, getMember, setMemberStatus, verifyPassword, type Member } from "../../app/domain/accounts/members.server";
import { latestOutboxMessage, listOutbox } from "../../app/domain/accounts/outbox.server";
import {
  MAX_RESET_MAILS_PER_HOUR,
  peekResetToken,
  requestEmailReset,
  resetWithToken,
} from "../../app/domain/accounts/password-reset.server";
import { createRememberToken, createSession, getSession, rememberedMember } from "../../app/domain/accounts/sessions.server";
import { hashToken } from "../../app/utils/tokens.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let mailer: Mailer;
let lucky: Brand;
let perlas: Brand;
beforeAll(async () => {
  database = await createTestDatabase();
  mailer = createOutboxMailer(database.db);
  const registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
});
afterAll(() => database?.close());

const ORIGIN = "https://luckypeso.ph";
const T0 = new Date("2026-11-22T08:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const mail = ({ link, minutes, username }: { link: string; minutes: number; username: string }) => ({
  subject: `Reset for ${username}`,
  text: `Open ${link} within ${minutes} minutes.`,
});
const OLD = "OldPass123";
const NEW = "NewPass456";

let serial = 0;
/** Each test its own member: the database is shared by the whole file. */
async function member(brand: Brand, opts: { type?: number; email?: string } = {}): Promise<Member> {
  serial++;
  return createMember(database.db, brand, {
    username: `Reset${serial}`,
    password: OLD,
    email: opts.email ?? `Player.${serial}@Example.test`,
    type: opts.type,
  });
}

const ask = (brand: Brand, username: string, email: string, minutes = 0, via: Mailer = mailer) =>
  requestEmailReset(database.db, via, brand, { username, email, origin: ORIGIN, mail, now: at(minutes) });

/** The token as the player reads it in the last e-mail to `to` (undefined: nothing was sent). */
async function mailedToken(brand: Brand, to: string): Promise<string | undefined> {
  const row = await latestOutboxMessage(database.db, brand, { channel: "email", recipient: to });
  if (!row) return undefined;
  const match = /^Open https:\/\/luckypeso\.ph\/m\/forget\?token=([A-Za-z0-9_-]{43}) within 30 minutes\.$/.exec(row.body);
  if (!match) throw new Error(`unexpected mail body: ${row.body}`);
  return match[1];
}

const mailsTo = async (brand: Brand, to: string) =>
  (await listOutbox(database.db, { merchantCode: brand.merchantCode, channel: "email", limit: 500 })).filter(
    (r) => r.recipient === to,
  ).length;

const passwordIs = async (brand: Brand, m: Member, password: string) =>
  verifyPassword((await getMember(database.db, brand, m.id))!.passwordHash, password);

describe(`password reset by e-mail on ${TEST_ENGINE}`, () => {
  it("mails a link only when username and e-mail belong to the same member", async () => {
    const ana = await member(lucky);
    const other = await member(lucky);
    expect(await ask(lucky, ana.username, other.email!)).toEqual({ sent: false, reason: "no_match" });
    expect(await ask(lucky, other.username, ana.email!)).toEqual({ sent: false, reason: "no_match" });
    expect(await ask(lucky, "nobody-here", ana.email!)).toEqual({ sent: false, reason: "no_match" });
    expect(await mailsTo(lucky, ana.email!)).toBe(0);
    expect(await mailsTo(lucky, other.email!)).toBe(0);

    // Username and e-mail compare without regard to case or surrounding spaces.
    expect(await ask(lucky, ` ${ana.username.toUpperCase()} `, ` ${ana.email!.toLowerCase()} `)).toEqual({ sent: true });
    const token = await mailedToken(lucky, ana.email!);
    expect(token).toBeDefined();
    // Addressed to the account as registered, not as typed.
    expect(await latestOutboxMessage(database.db, lucky, { channel: "email", recipient: ana.email! })).toMatchObject({
      subject: `Reset for ${ana.username}`,
    });
    const rows = await database.db.select().from(passwordResets).where(eq(passwordResets.memberId, ana.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored: a copy of the table resets nobody's password.
    expect(rows[0]).toMatchObject({ id: hashToken(token!), merchantCode: lucky.merchantCode, expiresAt: at(30), usedAt: null });
    expect(rows[0].id).not.toContain(token);
    expect(await mailsTo(lucky, other.email!)).toBe(0);
  });

  it("sends nothing to guests, disabled members or accounts without an e-mail", async () => {
    const guest = await member(lucky, { type: 4 });
    const agentOnly = await member(lucky, { type: 41 });
    const disabled = await member(lucky);
    await setMemberStatus(database.db, lucky, disabled.username, "disabled");
    const noEmail = await member(lucky);
    await database.db.update(members).set({ email: null }).where(eq(members.id, noEmail.id));
    for (const m of [guest, agentOnly, disabled]) {
      expect(await ask(lucky, m.username, m.email!)).toEqual({ sent: false, reason: "no_match" });
      expect(await mailsTo(lucky, m.email!)).toBe(0);
    }
    expect(await ask(lucky, noEmail.username, noEmail.email!)).toEqual({ sent: false, reason: "no_match" });
  });

  it("lets a link set the password once, then never again", async () => {
    const ben = await member(lucky);
    await ask(lucky, ben.username, ben.email!);
    const token = (await mailedToken(lucky, ben.email!))!;
    expect(await peekResetToken(database.db, lucky, token, at(1))).toEqual({ ok: true, username: ben.username });

    const first = await resetWithToken(database.db, lucky, { token, newPassword: NEW, now: at(2) });
    expect(first).toMatchObject({ ok: true, member: { id: ben.id } });
    expect(await passwordIs(lucky, ben, NEW)).toBe(true);
    expect(await passwordIs(lucky, ben, OLD)).toBe(false);

    expect(await resetWithToken(database.db, lucky, { token, newPassword: "Another789", now: at(3) })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await peekResetToken(database.db, lucky, token, at(3))).toEqual({ ok: false, reason: "invalid" });
    expect(await passwordIs(lucky, ben, NEW)).toBe(true);
  });

  it("lets only one of two parallel posts of the same link win", async () => {
    const cid = await member(lucky);
    await ask(lucky, cid.username, cid.email!);
    const token = (await mailedToken(lucky, cid.email!))!;
    const results = await Promise.all([
      resetWithToken(database.db, lucky, { token, newPassword: "RaceOne111", now: at(1) }),
      resetWithToken(database.db, lucky, { token, newPassword: "RaceTwo222", now: at(1) }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses a link after 30 minutes and leaves the password alone", async () => {
    const dan = await member(lucky);
    await ask(lucky, dan.username, dan.email!);
    const token = (await mailedToken(lucky, dan.email!))!;
    expect((await peekResetToken(database.db, lucky, token, at(29))).ok).toBe(true);
    expect(await peekResetToken(database.db, lucky, token, at(30))).toEqual({ ok: false, reason: "expired" });
    expect(await resetWithToken(database.db, lucky, { token, newPassword: NEW, now: at(31) })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(await passwordIs(lucky, dan, OLD)).toBe(true);
    expect(await resetWithToken(database.db, lucky, { token: "made-up", newPassword: NEW, now: at(1) })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("retires the earlier link when a new one is sent", async () => {
    const eve = await member(lucky);
    await ask(lucky, eve.username, eve.email!, 0);
    const older = (await mailedToken(lucky, eve.email!))!;
    await ask(lucky, eve.username, eve.email!, 1);
    const newer = (await mailedToken(lucky, eve.email!))!;
    expect(newer).not.toBe(older);
    expect(await peekResetToken(database.db, lucky, older, at(2))).toEqual({ ok: false, reason: "invalid" });
    expect(await resetWithToken(database.db, lucky, { token: older, newPassword: NEW, now: at(2) })).toMatchObject({ ok: false });
    expect((await resetWithToken(database.db, lucky, { token: newer, newPassword: NEW, now: at(2) })).ok).toBe(true);
  });

  it(`sends at most ${MAX_RESET_MAILS_PER_HOUR} e-mails per member per hour`, async () => {
    const fay = await member(lucky);
    for (let i = 0; i < MAX_RESET_MAILS_PER_HOUR; i++)
      expect(await ask(lucky, fay.username, fay.email!, i)).toEqual({ sent: true });
    const lastSent = await mailedToken(lucky, fay.email!);
    expect(await ask(lucky, fay.username, fay.email!, 10)).toEqual({ sent: false, reason: "throttled" });
    expect(await ask(lucky, fay.username, fay.email!, 59)).toEqual({ sent: false, reason: "throttled" });
    expect(await mailsTo(lucky, fay.email!)).toBe(MAX_RESET_MAILS_PER_HOUR);
    // A refused request does not retire the link already in the mailbox.
    expect((await peekResetToken(database.db, lucky, lastSent!, at(20))).ok).toBe(true);
    // The window frees up when the first e-mail is an hour old.
    expect(await ask(lucky, fay.username, fay.email!, 60.5)).toEqual({ sent: true });
    expect(await mailsTo(lucky, fay.email!)).toBe(MAX_RESET_MAILS_PER_HOUR + 1);
  });

  it("does not count an e-mail the mail server refused, and keeps the earlier link", async () => {
    const gus = await member(lucky);
    await ask(lucky, gus.username, gus.email!);
    const working = (await mailedToken(lucky, gus.email!))!;
    const broken: Mailer = {
      send: () => Promise.reject(new DeliveryError("email", "SMTP delivery failed (ECONNECTION)")),
    };
    for (let i = 0; i < MAX_RESET_MAILS_PER_HOUR + 1; i++) {
      await expect(ask(lucky, gus.username, gus.email!, 1, broken)).rejects.toBeInstanceOf(DeliveryError);
    }
    expect(await database.db.select().from(passwordResets).where(eq(passwordResets.memberId, gus.id))).toHaveLength(1);
    expect((await peekResetToken(database.db, lucky, working, at(2))).ok).toBe(true);
    expect(await ask(lucky, gus.username, gus.email!, 2)).toEqual({ sent: true });
  });

  it("signs the member out everywhere: sessions and remembered devices", async () => {
    const hal = await member(lucky);
    const phone = await createSession(database.db, lucky, hal.id);
    const laptop = await createSession(database.db, lucky, hal.id);
    const device = await createRememberToken(database.db, lucky, hal.id);
    const bystander = await member(lucky);
    const theirs = await createSession(database.db, lucky, bystander.id);
    expect(await getSession(database.db, lucky, phone)).not.toBeNull();

    await ask(lucky, hal.username, hal.email!, 0);
    const token = (await mailedToken(lucky, hal.email!))!;
    expect((await resetWithToken(database.db, lucky, { token, newPassword: NEW, now: at(1) })).ok).toBe(true);
    expect(await getSession(database.db, lucky, phone)).toBeNull();
    expect(await getSession(database.db, lucky, laptop)).toBeNull();
    expect(await rememberedMember(database.db, lucky, device)).toBeNull();
    expect(await getSession(database.db, lucky, theirs)).not.toBeNull();
  });

  it("refuses a link of a member disabled after it was sent", async () => {
    const ivy = await member(lucky);
    await ask(lucky, ivy.username, ivy.email!);
    const token = (await mailedToken(lucky, ivy.email!))!;
    await setMemberStatus(database.db, lucky, ivy.username, "disabled");
    expect(await peekResetToken(database.db, lucky, token, at(1))).toEqual({ ok: false, reason: "invalid" });
    expect((await resetWithToken(database.db, lucky, { token, newPassword: NEW, now: at(1) })).ok).toBe(false);
    expect(await passwordIs(lucky, ivy, OLD)).toBe(true);
  });

  it("keeps brands apart: a link or an account of one brand does nothing on the other", async () => {
    const shared = `Shared.${Date.now()}@Example.test`;
    const onLucky = await createMember(database.db, lucky, { username: "Twin", password: OLD, email: shared });
    const onPerlas = await createMember(database.db, perlas, { username: "Twin", password: OLD, email: shared });
    const luckyOnly = await member(lucky);
    expect(await ask(perlas, luckyOnly.username, luckyOnly.email!)).toEqual({ sent: false, reason: "no_match" });

    await ask(lucky, "Twin", shared);
    const token = (await mailedToken(lucky, shared))!;
    expect(await latestOutboxMessage(database.db, perlas, { channel: "email", recipient: shared })).toBeUndefined();

    expect(await peekResetToken(database.db, perlas, token, at(1))).toEqual({ ok: false, reason: "invalid" });
    expect(await resetWithToken(database.db, perlas, { token, newPassword: NEW, now: at(1) })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await passwordIs(perlas, onPerlas, OLD)).toBe(true);
    expect(await passwordIs(lucky, onLucky, OLD)).toBe(true);

    // The failed try on the other brand did not use the link up.
    const outcome = await resetWithToken(database.db, lucky, { token, newPassword: NEW, now: at(2) });
    expect(outcome).toMatchObject({ ok: true, member: { id: onLucky.id, merchantCode: lucky.merchantCode } });
    expect(await passwordIs(lucky, onLucky, NEW)).toBe(true);
    expect(await passwordIs(perlas, onPerlas, OLD)).toBe(true);
  });
});
