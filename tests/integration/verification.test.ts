import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { verificationCodes } from "../../app/db/schema";
import { DeliveryError, type SmsProvider } from "../../app/domain/accounts/ports";
import { latestOutboxMessage } from "../../app/domain/accounts/outbox.server";
import { createOutboxSmsProvider } from "../../app/integrations/sms.server";
import { issueCode, verifyCode, type CodePurpose } from "../../app/domain/accounts/verification.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let sms: SmsProvider;
let lucky: Brand;
let perlas: Brand;
beforeAll(async () => {
  database = await createTestDatabase();
  sms = createOutboxSmsProvider(database.db);
  const registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
});
afterAll(() => database?.close());

const T0 = new Date("2026-11-22T08:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const message = (code: string) => `Your code is ${code}. It expires in 5 minutes.`;
let nextNumber = 9170000000;
/** Each test its own number: the database is shared by the whole file. */
const newNumber = () => `+63${nextNumber++}`;

async function issue(brand: Brand, destination: string, seconds = 0, purpose: CodePurpose = "login") {
  return issueCode(database.db, sms, brand, { purpose, destination, message, now: at(seconds) });
}

/** The code as the player reads it in the SMS. */
async function sentCode(brand: Brand, destination: string): Promise<string> {
  const row = await latestOutboxMessage(database.db, brand, { channel: "sms", recipient: destination });
  const code = /Your code is (\d{6})\./.exec(row?.body ?? "")?.[1];
  if (!code) throw new Error(`no code was sent to ${destination}: ${row?.body}`);
  return code;
}

const verify = (brand: Brand, destination: string, code: string, seconds = 10, purpose: CodePurpose = "login") =>
  verifyCode(database.db, brand, { purpose, destination, code, now: at(seconds) });

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe(`SMS verification codes on ${TEST_ENGINE}`, () => {
  it("issues a 6-digit code, stores only its hash and accepts it once", async () => {
    const to = newNumber();
    const r = await issue(lucky, to);
    expect(r).toEqual({ ok: true, expirationTime: at(60), expiresAt: at(300) });
    const code = await sentCode(lucky, to);
    const outbox = await latestOutboxMessage(database.db, lucky, { channel: "sms", recipient: to });
    expect(outbox?.body).toBe(`Your code is ${code}. It expires in 5 minutes.`);

    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to));
    expect(row.merchantCode).toBe("LUCKYPESO");
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    expect(row.expiresAt).toEqual(at(300));

    expect(await verify(lucky, to, code)).toBe("ok");
    expect(await verify(lucky, to, code, 11)).toBe("invalid");
    const [after] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.id, row.id));
    expect(after.consumedAt).toEqual(at(10));
    expect(after.attempts).toBe(0);
  });

  it("counts wrong codes and still accepts the right one before the limit", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    expect(await verify(lucky, to, wrong(code))).toBe("invalid");
    expect(await verify(lucky, to, "abc")).toBe("invalid");
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to));
    expect(row.attempts).toBe(2);
    expect(await verify(lucky, to, ` ${code} `)).toBe("ok");
  });

  it("kills a code after five wrong tries, even for the right code", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await verify(lucky, to, wrong(code)));
    expect(answers).toEqual(["invalid", "invalid", "invalid", "invalid", "too_many_attempts"]);
    expect(await verify(lucky, to, code)).toBe("too_many_attempts");
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to));
    expect(row.attempts).toBe(5);
    expect(row.consumedAt).toBeNull();
  });

  it("expires a code five minutes after it was issued", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    expect(await verify(lucky, to, code, 300)).toBe("expired");
    expect(await verify(lucky, to, code, 299)).toBe("ok");
  });

  it("answers invalid when no code was ever issued", async () => {
    expect(await verify(lucky, newNumber(), "123456")).toBe("invalid");
  });

  it("keeps brands and purposes apart", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    expect(await latestOutboxMessage(database.db, perlas, { channel: "sms", recipient: to })).toBeUndefined();
    expect(await verify(perlas, to, code)).toBe("invalid");
    expect(await verify(lucky, to, code, 10, "reset")).toBe("invalid");
    // The other brand's throttle is its own: it may send to the same number at once.
    expect((await issue(perlas, to, 1)).ok).toBe(true);
    const perlasCode = await sentCode(perlas, to);
    expect(await verify(lucky, to, code)).toBe("ok");
    expect(await verify(perlas, to, perlasCode)).toBe("ok");
  });

  it("refuses a resend within 60 s and more than five codes an hour", async () => {
    const to = newNumber();
    expect((await issue(lucky, to, 0)).ok).toBe(true);
    expect(await issue(lucky, to, 59)).toEqual({ ok: false, reason: "throttled", retryAt: at(60) });
    for (const s of [60, 600, 1200, 1800]) expect((await issue(lucky, to, s)).ok, `at ${s} s`).toBe(true);
    expect(await issue(lucky, to, 2400)).toEqual({ ok: false, reason: "too_many", retryAt: at(3600) });
    // Another purpose has its own limits.
    expect((await issue(lucky, to, 2400, "register")).ok).toBe(true);
    // An hour after the first code, one slot is free again.
    expect((await issue(lucky, to, 3600)).ok).toBe(true);
    const rows = await database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.destination, to), eq(verificationCodes.purpose, "login")));
    expect(rows).toHaveLength(6);
  });

  it("accepts only the newest code after a resend", async () => {
    const to = newNumber();
    await issue(lucky, to, 0);
    const first = await sentCode(lucky, to);
    await issue(lucky, to, 61);
    const second = await sentCode(lucky, to);
    // The first code is dead even after the second one was used up.
    expect(await verify(lucky, to, second, 70)).toBe("ok");
    expect(await verify(lucky, to, first, 71)).toBe("expired");
  });

  it("removes the code when the SMS cannot be sent, so a retry is not throttled", async () => {
    const to = newNumber();
    const failing: SmsProvider = {
      send: async () => {
        throw new DeliveryError("sms", "gateway down");
      },
    };
    await expect(issueCode(database.db, failing, lucky, { purpose: "login", destination: to, message, now: T0 })).rejects.toThrow(
      DeliveryError,
    );
    expect(await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to))).toEqual([]);
    expect((await issue(lucky, to, 1)).ok).toBe(true);
  });

  it("lets only one of several parallel tries with the right code succeed", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(lucky, to, code)));
    expect(answers.filter((a) => a === "ok")).toHaveLength(1);
    expect(answers.filter((a) => a !== "ok")).toEqual(Array(5).fill("invalid"));
  });

  it("lets no burst of parallel guesses past the attempt limit", async () => {
    const to = newNumber();
    await issue(lucky, to);
    const code = await sentCode(lucky, to);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    await Promise.all(guesses.map((g) => verify(lucky, to, g)));
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to));
    expect(row.attempts).toBe(5);
    expect(await verify(lucky, to, code)).toBe("too_many_attempts");
  });

  it("sends at most one code when two requests race", async () => {
    const to = newNumber();
    const results = await Promise.all([issue(lucky, to, 0), issue(lucky, to, 0), issue(lucky, to, 0)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(["throttled", "throttled"]);
    expect(await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, to))).toHaveLength(1);
  });
});
