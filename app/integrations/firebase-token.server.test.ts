import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFirebaseKeys, type FirebaseKeys } from "../../tests/setup/firebase-keys";
import { FirebaseTokenError, type FirebaseTokenErrorReason } from "~/domain/accounts/ports";
import { createFirebaseVerifier } from "./firebase-token.server";

let keys: FirebaseKeys;
beforeAll(async () => {
  keys = await startFirebaseKeys();
});
afterAll(() => keys.close());

/** A verifier with its own cache and a clock the test moves. */
function verifier(opts: { timeoutMs?: number; fetch?: typeof fetch } = {}) {
  const clock = { t: Date.now() };
  const v = createFirebaseVerifier({ jwksUrl: keys.url, now: () => clock.t, ...opts });
  return { v, clock, verify: (token: string) => v.verify(token, keys.projectId) };
}

async function reason(p: Promise<unknown>): Promise<FirebaseTokenErrorReason> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(FirebaseTokenError);
    return (err as FirebaseTokenError).reason;
  }
  throw new Error("expected the token to be rejected");
}

const nowS = () => Math.floor(Date.now() / 1000);
/** A token valid at the verifier's (moved) clock. */
const tokenAt = (ms: number) => {
  const s = Math.floor(ms / 1000) - 10;
  return keys.signIdToken({ iat: s, auth_time: s, exp: s + 3600 });
};
const MIN = 60_000;

describe("Firebase ID token verification", () => {
  it("accepts a valid token and reads the identity from it", async () => {
    const { verify } = verifier();
    expect(await verify(keys.signIdToken())).toEqual({
      uid: "u1JkXyZ0abcdEFGH1234567890",
      email: "juan@example.com",
      emailVerified: true,
      name: "Juan Dela Cruz",
      provider: "google.com",
    });
    const phone = keys.signIdToken({
      email: undefined,
      email_verified: undefined,
      name: undefined,
      phone_number: "+639171234567",
      firebase: { identities: { phone: ["+639171234567"] }, sign_in_provider: "phone" },
    });
    expect(await verify(phone)).toEqual({
      uid: "u1JkXyZ0abcdEFGH1234567890",
      emailVerified: false,
      phoneNumber: "+639171234567",
      provider: "phone",
    });
  });

  it("rejects a forged or altered signature", async () => {
    const { verify } = verifier();
    expect(await reason(verify(keys.signIdToken({}, { foreignKey: true })))).toBe("bad-signature");
    const [h, , s] = keys.signIdToken().split(".");
    const otherPayload = keys.signIdToken({ sub: "someone-else" }).split(".")[1];
    expect(await reason(verify(`${h}.${otherPayload}.${s}`))).toBe("bad-signature");
    expect(await reason(verify(`${h}.${otherPayload}.${s!.slice(0, -8)}`))).toBe("bad-signature");
  });

  it("rejects a token of another project or issuer", async () => {
    const { v, verify } = verifier();
    expect(await reason(verify(keys.signIdToken({ aud: "other-project" })))).toBe("wrong-audience");
    expect(await reason(verify(keys.signIdToken({ aud: [keys.projectId] })))).toBe("wrong-audience");
    expect(await reason(v.verify(keys.signIdToken(), "other-project"))).toBe("wrong-audience");
    expect(await reason(verify(keys.signIdToken({ iss: "https://securetoken.google.com/other-project" })))).toBe("wrong-issuer");
    expect(await reason(verify(keys.signIdToken({ iss: `https://accounts.google.com/${keys.projectId}` })))).toBe("wrong-issuer");
  });

  it("checks the token's times, allowing 60 s of clock skew for iat and auth_time", async () => {
    const { verify } = verifier();
    expect(await reason(verify(keys.signIdToken({ exp: nowS() - 1 })))).toBe("expired");
    expect(await reason(verify(keys.signIdToken({ iat: nowS() + 120 })))).toBe("issued-in-future");
    expect(await reason(verify(keys.signIdToken({ auth_time: nowS() + 120 })))).toBe("issued-in-future");
    await expect(verify(keys.signIdToken({ iat: nowS() + 30, auth_time: nowS() + 30 }))).resolves.toMatchObject({
      provider: "google.com",
    });
    expect(await reason(verify(keys.signIdToken({ exp: undefined })))).toBe("bad-claims");
    expect(await reason(verify(keys.signIdToken({ iat: "now" })))).toBe("bad-claims");
    expect(await reason(verify(keys.signIdToken({ auth_time: undefined })))).toBe("bad-claims");
  });

  it("wants a subject of 1 to 128 characters and a sign-in provider", async () => {
    const { verify } = verifier();
    expect(await reason(verify(keys.signIdToken({ sub: "" })))).toBe("bad-subject");
    expect(await reason(verify(keys.signIdToken({ sub: "x".repeat(129) })))).toBe("bad-subject");
    expect(await reason(verify(keys.signIdToken({ sub: 42 })))).toBe("bad-subject");
    await expect(verify(keys.signIdToken({ sub: "x".repeat(128) }))).resolves.toMatchObject({ uid: "x".repeat(128) });
    expect(await reason(verify(keys.signIdToken({ firebase: { identities: {} } })))).toBe("bad-claims");
  });

  it("accepts RS256 only", async () => {
    const { verify } = verifier();
    expect(await reason(verify(keys.signIdToken({}, { alg: "none" })))).toBe("unsupported-alg");
    expect(await reason(verify(keys.signIdToken({}, { alg: "HS256" })))).toBe("unsupported-alg");
    expect(await reason(verify(keys.signIdToken({}, { alg: "RS512" })))).toBe("unsupported-alg");
    expect(await reason(verify(keys.signIdToken({}, { header: { alg: undefined } })))).toBe("unsupported-alg");
  });

  it("rejects garbage with a FirebaseTokenError and nothing else", async () => {
    const { verify } = verifier();
    const json = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const [h, p, s] = keys.signIdToken().split(".") as [string, string, string];
    const garbage = ["", "abc", "a.b", `${h}.${p}`, `${h}.${p}.${s}.x`, `!!.${p}.${s}`, `${h}.${p}.${s}==`, `${h}.${p}.`];
    garbage.push(`${h}.${p}.${s}A`, `${json([1])}.${p}.${s}`, `${Buffer.from("{not json").toString("base64url")}.${p}.${s}`);
    garbage.push(`${h}.${json("a string")}.${s}`, `${h}.${p}.${s.slice(0, 13)}`, `${json({ alg: "RS256" })}.${p}.${s}`);
    for (const token of garbage) {
      expect(["malformed", "bad-signature"], token).toContain(await reason(verify(token)));
    }
    expect(await reason(verify(null as unknown as string))).toBe("malformed");
    expect(await reason(verify({ length: 3 } as unknown as string))).toBe("malformed");

    for (let i = 0; i < 200; i++) {
      const random = crypto.randomBytes(1 + (i % 64)).toString(i % 2 ? "base64url" : "latin1");
      await expect(verify(`${h}.${random}.${random}`)).rejects.toBeInstanceOf(FirebaseTokenError);
      await expect(verify(random)).rejects.toBeInstanceOf(FirebaseTokenError);
    }
  });

  it("refuses an over-long token before fetching anything", async () => {
    const { verify } = verifier();
    const before = keys.fetches;
    const long = keys.signIdToken({ padding: "x".repeat(8000) });
    expect(long.length).toBeGreaterThan(8 * 1024);
    expect(await reason(verify(long))).toBe("too-long");
    expect(keys.fetches).toBe(before);
  });

  it("caches the key set for the answer's max-age (1 h without one)", async () => {
    const { verify, clock } = verifier();
    const before = keys.fetches;
    await verify(tokenAt(clock.t));
    await verify(tokenAt(clock.t));
    expect(keys.fetches - before).toBe(1);
    clock.t += 59 * MIN;
    await verify(tokenAt(clock.t));
    expect(keys.fetches - before).toBe(1);
    keys.setCacheControl("public, max-age=120");
    clock.t += 2 * MIN;
    await verify(tokenAt(clock.t));
    expect(keys.fetches - before).toBe(2);
    clock.t += 121_000;
    await verify(tokenAt(clock.t));
    expect(keys.fetches - before).toBe(3);
    keys.setCacheControl(null);
    clock.t += 121_000;
    await verify(tokenAt(clock.t));
    clock.t += 59 * MIN;
    await verify(tokenAt(clock.t));
    expect(keys.fetches - before).toBe(4);
    keys.setCacheControl("public, max-age=3600");
  });

  it("shares one fetch between concurrent first verifications", async () => {
    const { verify } = verifier();
    const before = keys.fetches;
    await Promise.all(Array.from({ length: 5 }, () => verify(keys.signIdToken())));
    expect(keys.fetches - before).toBe(1);
  });

  it("refetches on an unknown kid at most once a minute, and so picks up a rotated key", async () => {
    const { verify, clock } = verifier();
    const oldToken = tokenAt(clock.t);
    await verify(oldToken);
    const before = keys.fetches;
    expect(await reason(verify(keys.signIdToken({}, { kid: "no-such-kid" })))).toBe("unknown-kid");
    expect(keys.fetches - before).toBe(0);

    clock.t += MIN;
    expect(await reason(verify(keys.signIdToken({}, { kid: "no-such-kid" })))).toBe("unknown-kid");
    expect(await reason(verify(keys.signIdToken({}, { kid: "another-kid" })))).toBe("unknown-kid");
    expect(keys.fetches - before).toBe(1);

    const newKid = keys.rotate();
    const rotated = tokenAt(clock.t);
    expect(JSON.parse(Buffer.from(rotated.split(".")[0]!, "base64url").toString())).toMatchObject({ kid: newKid });
    expect(await reason(verify(rotated))).toBe("unknown-kid");
    clock.t += MIN;
    await expect(verify(rotated)).resolves.toMatchObject({ provider: "google.com" });
    await expect(verify(oldToken)).resolves.toMatchObject({ provider: "google.com" });
    expect(keys.fetches - before).toBe(2);
  });

  it("tells an unreachable key set apart from a bad token, and keeps known keys through an outage", async () => {
    const { verify, clock } = verifier();
    keys.setFailure(503);
    try {
      const before = keys.fetches;
      expect(await reason(verify(tokenAt(clock.t)))).toBe("keys-unavailable");
      keys.setFailure(null);
      // A failed fetch is retried after 5 s, not on every request.
      expect(await reason(verify(tokenAt(clock.t)))).toBe("keys-unavailable");
      expect(keys.fetches - before).toBe(1);
      clock.t += 5000;
      await verify(tokenAt(clock.t));
      keys.setFailure(500);
      clock.t += 2 * 60 * MIN;
      await expect(verify(tokenAt(clock.t))).resolves.toMatchObject({ provider: "google.com" });
      expect(keys.fetches - before).toBe(3);
      expect(await reason(verify(keys.signIdToken({}, { kid: "no-such-kid" })))).toBe("keys-unavailable");
    } finally {
      keys.setFailure(null);
    }
  });

  it("gives up on a key set that does not answer in time", async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const { verify } = verifier({ fetch: hanging, timeoutMs: 50 });
    const started = Date.now();
    expect(await reason(verify(keys.signIdToken()))).toBe("keys-unavailable");
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
