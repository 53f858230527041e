import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { rawRows, type Database } from "../../app/db/client.server";
import { verificationCodes } from "../../app/db/schema";
import { DeliveryError, type SmsProvider } from "../../app/domain/accounts/ports";
import { latestOutboxMessage } from "../../app/domain/accounts/outbox.server";
import { createOutboxSmsProvider } from "../../app/integrations/sms.server";
import {
  issueCode,
  MAX_CODES_PER_ADDRESS_PER_HOUR,
  takeSendAllowance,
  verifyCode,
  type CodePurpose,
} from "../../app/domain/accounts/verification.server";
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
/** And each number its own sender, so the per-address limit binds only where a test means it to. */
const senderOf = (destination: string) => `10.1.${Number(destination.slice(-4)) >> 8}.${Number(destination.slice(-4)) & 255}`;

async function issue(brand: Brand, destination: string, seconds = 0, purpose: CodePurpose = "login") {
  return issueCode(database.db, sms, brand, { purpose, destination, address: senderOf(destination), message, now: at(seconds) });
}

/** The send limits count in the database's time: move every window of `destination` back instead of waiting. */
const windowsPass = (destination: string, seconds: number) =>
  rawRows(
    database.db,
    sql`update rate_limits set window_start = window_start - make_interval(secs => ${seconds}) where key like ${`sms:%:${destination}`}`,
  );

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
    const early = await issue(lucky, to, 1);
    expect(early).toMatchObject({ ok: false, reason: "throttled" });
    // The countdown runs from the first code: under a minute is left.
    const wait = (early as { retryAt: Date }).retryAt.getTime() - at(1).getTime();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    for (let i = 0; i < 4; i++) {
      await windowsPass(to, 61);
      expect((await issue(lucky, to, 0)).ok, `code ${i + 2}`).toBe(true);
    }
    await windowsPass(to, 61);
    const sixth = await issue(lucky, to, 0);
    expect(sixth).toMatchObject({ ok: false, reason: "too_many" });
    expect((sixth as { retryAt: Date }).retryAt.getTime() - T0.getTime()).toBeGreaterThan(3000_000);
    // Another purpose has its own limits.
    expect((await issue(lucky, to, 0, "register")).ok).toBe(true);
    // An hour after the first code, the number may have codes again.
    await windowsPass(to, 3600);
    expect((await issue(lucky, to, 0)).ok).toBe(true);
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
    await windowsPass(to, 61);
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
    await expect(
      issueCode(database.db, failing, lucky, { purpose: "login", destination: to, address: senderOf(to), message, now: T0 }),
    ).rejects.toThrow(DeliveryError);
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

  it("takes the same limits for a number whether or not a code goes out", async () => {
    const silent = newNumber();
    const texted = newNumber();
    const allow = (destination: string) =>
      takeSendAllowance(database.db, lucky, { purpose: "login", destination, address: senderOf(destination), now: T0 });
    expect(await allow(silent)).toEqual({ ok: true, expirationTime: at(60) });
    expect(await issue(lucky, texted)).toMatchObject({ ok: true, expirationTime: at(60) });
    expect(await allow(silent)).toMatchObject({ ok: false, reason: "throttled" });
    expect(await issue(lucky, texted)).toMatchObject({ ok: false, reason: "throttled" });
    // A number only asked about (no code went out) uses up its own minute, not the other's.
    expect(await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, silent))).toEqual([]);
  });

  it("lets one burst of parallel requests for a number past the limits once", async () => {
    const to = newNumber();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        takeSendAllowance(database.db, lucky, { purpose: "reset", destination: to, address: `10.2.0.${i + 1}` }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok && a.reason === "throttled")).toHaveLength(19);
  });

  it(`lets one address ask for ${MAX_CODES_PER_ADDRESS_PER_HOUR} codes an hour, whatever the numbers and purposes`, async () => {
    const address = "10.3.0.1";
    const purposes: CodePurpose[] = ["login", "reset", "register"];
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        takeSendAllowance(database.db, lucky, { purpose: purposes[i % 3]!, destination: newNumber(), address }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_CODES_PER_ADDRESS_PER_HOUR);
    expect(answers.filter((a) => !a.ok && a.reason === "address")).toHaveLength(25 - MAX_CODES_PER_ADDRESS_PER_HOUR);
    // Every address of one IPv6 /64 is one sender; the address limit is the brand's own.
    const v6 = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        takeSendAllowance(database.db, lucky, { purpose: "login", destination: newNumber(), address: `2001:db8:5:6::${i + 1}` }),
      ),
    );
    expect(v6.filter((a) => a.ok)).toHaveLength(MAX_CODES_PER_ADDRESS_PER_HOUR);
    expect((await takeSendAllowance(database.db, perlas, { purpose: "login", destination: newNumber(), address })).ok).toBe(true);
  });
});
