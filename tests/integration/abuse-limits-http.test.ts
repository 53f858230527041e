import type http from "node:http";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { rawRows, type Database } from "../../app/db/client.server";
import { captchas, members, outbox } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { latestOutboxMessage } from "../../app/domain/accounts/outbox.server";
import { projectBrands } from "../setup/brands";
import { serveApp } from "../setup/test-server";
import { csrfPair, portOf, request, type Reply } from "../setup/http";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let server: http.Server;
let port: number;
let lucky: Brand;
let perlas: Brand;
const COOKIE_SECRET = "abuse-limits-test-secret-0123456789abcdef";

beforeAll(async () => {
  database = await createTestDatabase();
  const registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
  // Behind a proxy of our own (TRUST_PROXY): each test names its caller's address in X-Forwarded-For.
  server = await serveApp({ database, registry, env: { TRUST_PROXY: "1", COOKIE_SECRET } });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

const csrf = csrfPair();
let addresses = 0;
/** A caller of its own, so no limit of one test reaches another. */
const newAddress = () => {
  addresses++;
  return `10.77.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

interface From {
  address: string;
  host?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

const get = (p: string, from: From) =>
  request(port, p, {
    host: from.host ?? "luckypeso.localhost",
    headers: { "x-forwarded-for": from.address, ...(from.cookie ? { cookie: from.cookie } : {}), ...from.headers },
  });

const post = (p: string, fields: Record<string, string>, from: From) =>
  request(port, p, {
    host: from.host ?? "luckypeso.localhost",
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [csrf.cookie, from.cookie].filter(Boolean).join("; "),
      "x-forwarded-for": from.address,
      ...from.headers,
    },
    body: `${csrf.field}&${new URLSearchParams(fields).toString()}`,
  });

const cookiesOf = (r: Reply) => (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** Every window of the brand's limits started a minute earlier: the one-minute waits are over. */
const aMinutePasses = (brand: Brand) =>
  rawRows(
    database.db,
    sql`update rate_limits set window_start = window_start - interval '61 seconds' where merchant_code = ${brand.merchantCode}`,
  );

async function textsTo(brand: Brand, mobile: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.merchantCode, brand.merchantCode), eq(outbox.recipient, `+63${mobile}`)));
  return Number(row!.n);
}

let mobiles = 9175550000;
const newMobile = () => String(mobiles++);

async function memberWithMobile(brand: Brand) {
  const mobile = newMobile();
  await createMember(database.db, brand, { username: `m${mobile}`, password: "goodpass12", mobileNum: mobile });
  return mobile;
}

const SMS_FLOWS = [
  { name: "SMS sign-in", path: "/m/login.data", fields: { intent: "send-sms" } },
  { name: "phone reset", path: "/m/forget.data", fields: { flow: "phone", intent: "send-sms" } },
] as const;

describe(`SMS codes on ${TEST_ENGINE}: the answer never tells whether a number is registered`, () => {
  for (const flow of SMS_FLOWS) {
    it(`${flow.name}: a member's number and an unknown one get the same statuses, bodies and countdowns, and the member at most five texts an hour`, async () => {
      const registered = await memberWithMobile(perlas);
      const unknown = newMobile();
      const send = async (mobile: string) => {
        const r = await post(
          flow.path,
          { ...flow.fields, mobileNum: `0${mobile}` },
          { host: "perlas.localhost", address: newAddress() },
        );
        const until = r.body.match(ISO)?.[0];
        return {
          status: r.status,
          body: r.body.replaceAll(mobile, "<mobile>").replace(ISO, "<time>"),
          countdown: until ? Math.round((Date.parse(until) - Date.now()) / 1000) : null,
        };
      };
      const seen = { registered: [] as Awaited<ReturnType<typeof send>>[], unknown: [] as Awaited<ReturnType<typeof send>>[] };
      for (let minute = 0; minute < 7; minute++) {
        // A send, then at once another (refused: one a minute), from fresh addresses each time.
        for (const who of ["registered", "unknown"] as const) {
          const mobile = who === "registered" ? registered : unknown;
          seen[who].push(await send(mobile), await send(mobile));
        }
        await aMinutePasses(perlas);
      }
      expect(seen.registered.map((a) => a.status)).toEqual([
        200, 429, 200, 429, 200, 429, 200, 429, 200, 429, 429, 429, 429, 429,
      ]);
      expect(seen.unknown.map((a) => a.status)).toEqual(seen.registered.map((a) => a.status));
      expect(seen.unknown.map((a) => a.body)).toEqual(seen.registered.map((a) => a.body));
      seen.registered.forEach((a, i) => {
        const b = seen.unknown[i]!;
        expect(b.countdown === null, `answer ${i}`).toBe(a.countdown === null);
        if (a.countdown !== null) expect(Math.abs(b.countdown! - a.countdown), `answer ${i}`).toBeLessThanOrEqual(2);
      });
      expect(seen.registered[1]!.body).toContain("auth.sms_wait");
      expect(seen.registered[10]!.body).toContain('"auth.sms_too_many"');
      expect(await textsTo(perlas, registered)).toBe(5);
      expect(await textsTo(perlas, unknown)).toBe(0);
    });

    it(`${flow.name}: a burst of parallel sends to one number texts it once, member or not`, async () => {
      const registered = await memberWithMobile(perlas);
      const unknown = newMobile();
      const burst = (mobile: string) =>
        Promise.all(
          Array.from({ length: 12 }, () =>
            post(flow.path, { ...flow.fields, mobileNum: `0${mobile}` }, { host: "perlas.localhost", address: newAddress() }),
          ),
        );
      const [a, b] = [await burst(registered), await burst(unknown)];
      expect(a.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(429)]);
      expect(b.map((r) => r.status).sort()).toEqual([200, ...Array(11).fill(429)]);
      expect(await textsTo(perlas, registered)).toBe(1);
    });

    it(`${flow.name}: one address may ask for ten codes an hour, whatever the numbers`, async () => {
      const address = newAddress();
      const numbers = [await memberWithMobile(perlas), await memberWithMobile(perlas), ...Array.from({ length: 13 }, newMobile)];
      const answers = await Promise.all(
        numbers.map((m) => post(flow.path, { ...flow.fields, mobileNum: `0${m}` }, { host: "perlas.localhost", address })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(5);
      for (const r of refused) expect(r.body).toContain("auth.sms_too_many_here");
      // A number the address was refused for has lost nothing of its own limits.
      const spared = numbers[answers.findIndex((r) => r.status === 429)]!;
      const owner = await post(
        flow.path,
        { ...flow.fields, mobileNum: `0${spared}` },
        { host: "perlas.localhost", address: newAddress() },
      );
      expect(owner.status).toBe(200);
    });
  }

  it("shows the refusal as a translated form error on the page itself", async () => {
    const mobile = newMobile();
    const address = newAddress();
    await post("/m/login", { intent: "send-sms", mobileNum: `0${mobile}` }, { host: "perlas.localhost", address });
    const again = await post("/m/login", { intent: "send-sms", mobileNum: `0${mobile}` }, { host: "perlas.localhost", address });
    expect(again.status).toBe(429);
    expect(again.body).toContain("A code was sent a moment ago. Please wait before asking for another.");
  });
});

describe(`request limits on ${TEST_ENGINE}`, () => {
  it("answers at most 30 username lookups a minute per address, the rest 429 with a translated message", async () => {
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(`/m/check-username?username=lookup${i}x`, { address })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(30);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(JSON.parse(r.body)).toEqual({ available: null, message: "Too many requests. Please wait a minute and try again." });
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
    }
    const inTagalog = await get("/m/check-username?username=lookupz", {
      address,
      cookie: `lng=${Buffer.from(JSON.stringify("tl")).toString("base64")}`,
    });
    expect(inTagalog.status).toBe(429);
    expect(JSON.parse(inTagalog.body).message).not.toBe("Too many requests. Please wait a minute and try again.");
    // Another address is not held back.
    expect(JSON.parse((await get("/m/check-username?username=lookupz", { address: newAddress() })).body)).toEqual({
      available: true,
    });
  });

  it("starts at most three free trials per address an hour; a refused one creates nobody and says why", async () => {
    const guests = async () => {
      const [row] = await database.db
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.merchantCode, lucky.merchantCode), eq(members.type, 4)));
      return Number(row!.n);
    };
    const before = await guests();
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post("/m/freeplay", {}, { address })));
    expect(await guests()).toBe(before + 3);
    expect(answers.every((r) => r.status === 302)).toBe(true);
    const started = answers.filter((r) => cookiesOf(r).some((c) => c.startsWith("__Host-sid=")));
    expect(started).toHaveLength(3);
    const refused = answers.filter((r) => !cookiesOf(r).some((c) => c.startsWith("__Host-sid=")));
    expect(refused).toHaveLength(17);
    for (const r of refused) expect(r.headers.location).toBe("/m/home");
    const page = await get("/m/home", { address, cookie: cookiesOf(refused[0]!).join("; ") });
    expect(page.body).toMatch(/class="toast-auto [^"]*"><span>No more free trials can be started from here right now\./);
    expect(await guests()).toBe(before + 3);
  });

  it("draws at most ten captcha pictures a minute per address, and stores nothing for a refused one", async () => {
    const rows = async () => Number((await database.db.select({ n: count() }).from(captchas))[0]!.n);
    const before = await rows();
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => get("/m/captcha.svg", { address })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(r.headers["set-cookie"]).toBeUndefined();
      expect(r.body).toContain("Please wait a minute");
    }
    expect(await rows()).toBe(before + 10);
    expect((await get("/m/captcha.svg", { address: newAddress() })).status).toBe(200);
  });
});

describe(`password-reset links on ${TEST_ENGINE}`, () => {
  it("point at the brand's own https origin whatever port or scheme the request named", async () => {
    for (const [i, host] of ["luckypeso.ph:8443", "luckypeso.localhost:6666", "luckypeso.ph"].entries()) {
      const username = `linkhost${i}`;
      const email = `${username}@example.com`;
      await createMember(database.db, lucky, { username, password: "goodpass12", email });
      const r = await post(
        "/m/forget",
        { flow: "email", username, email },
        { host, address: newAddress(), headers: { "x-forwarded-proto": "http" } },
      );
      expect(r.status, host).toBe(302);
      const mail = await latestOutboxMessage(database.db, lucky, { channel: "email", recipient: email });
      expect(mail?.body, host).toMatch(/https:\/\/luckypeso\.ph\/m\/forget\?token=[A-Za-z0-9_-]{43}/);
      expect(mail?.body, host).not.toMatch(/https?:\/\/luckypeso\.(ph|localhost):\d/);
    }
  });
});

describe(`toasts on ${TEST_ENGINE}`, () => {
  /** A toast on the page (every text is in the page's translations; this is one shown). */
  const TOAST = /class="toast-(auto|short) /;
  const planted = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

  it("shows nothing from a toast cookie the server did not sign, and clears it", async () => {
    for (const cookie of [
      `toast=${planted({ kind: "success", key: "toast.registered", params: { name: "Call 0917-000-0000 to claim" } })}`,
      `toast=${planted({ kind: "info", key: "toast.signedOut" })}.forged-signature`,
    ]) {
      const page = await get("/m/home", { address: newAddress(), cookie });
      expect(page.status).toBe(200);
      expect(page.body).not.toMatch(TOAST);
      expect(page.body).not.toContain("Call 0917-000-0000");
      expect(String(page.headers["set-cookie"])).toMatch(/toast=;.*Max-Age=0/);
    }
  });

  it("still shows the toasts it set itself", async () => {
    const address = newAddress();
    const r = await post("/m/language", { lng: "en", redirectTo: "/m/home" }, { address });
    expect(r.status).toBe(302);
    const toast = cookiesOf(r).find((c) => c.startsWith("toast="))!;
    const page = await get("/m/home", { address, cookie: toast });
    expect(page.body).toMatch(TOAST);
    expect(page.body).toContain("Language changed to");
  });
});
