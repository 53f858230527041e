// Social sign-in (Google, Facebook through Firebase) over HTTP: the ID token verified by the server
// itself, and a first sign-in's registration completed with the declaration, name and birthday (issue 16).
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { findMemberByFirebaseUid } from "../../app/domain/accounts/members.server";
import { memberDeclarationsOf } from "../../app/domain/compliance/declarations.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { projectBrands } from "../setup/brands";
import { startFirebaseKeys, type FirebaseKeys } from "../setup/firebase-keys";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let keys: FirebaseKeys;

beforeAll(async () => {
  database = await createTestDatabase();
  keys = await startFirebaseKeys();
  const real = await projectBrands();
  // A copy of the brands in which Perlas Play has a Firebase project (the real files have none).
  const perlas = {
    ...real.byId.get("perlas-play")!,
    firebase: {
      apiKey: `AIza${"x".repeat(35)}`,
      authDomain: "perlas-test.firebaseapp.com",
      projectId: keys.projectId,
      appId: "1:123456789:web:abcdef123456",
    },
  };
  registry = {
    ...real,
    brands: real.brands.map((b) => (b.id === perlas.id ? perlas : b)),
    byId: new Map(real.byId).set(perlas.id, perlas),
    byHost: new Map([...real.byHost].map(([host, b]) => [host, b.id === perlas.id ? perlas : b])),
  };
  await setFlag(database.db, perlas, "GOOGLELOGIN3", true, { name: "test", reason: "social sign-in test" });
  server = await serveApp({
    database,
    registry,
    env: {
      FIREBASE_JWKS_URL: keys.url,
    },
  });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await keys?.close();
  await database?.close();
});

describe(`social sign-in over HTTP on ${TEST_ENGINE}`, () => {
  it("signs in with a Firebase ID token it verified itself, and refuses a forged one", async () => {
    const jar = new Jar(port, "perlas.localhost");
    const page = await jar.get("/m/login");
    // The button itself (its text also travels in the page's translations).
    expect(page.body).toMatch(/<button[^>]*>(<[^>]+>)*[^<]*Continue with Google/);
    expect(String(page.headers["content-security-policy"])).toContain("https://identitytoolkit.googleapis.com");
    const forged = await jar.post("/m/login", {
      intent: "firebase",
      idToken: keys.signIdToken({ sub: "uid-1" }, { foreignKey: true }),
    });
    expect(forged.status).toBe(400);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    const ok = await jar.post("/m/login", {
      intent: "firebase",
      idToken: keys.signIdToken({ sub: "uid-social-1", name: "Lorna" }),
    });
    // A new player completes the registration: the declaration, the full name and birthday.
    expect(ok.status).toBe(302);
    expect(ok.headers.location).toBe("/m/register/social");
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    const completion = await jar.get("/m/register/social");
    expect(completion.body).toContain("Signed in with your account as Lorna.");
    const unticked = await jar.post("/m/register/social", { realName: "Lorna Cruz", birthday: "1992-03-04" });
    expect(unticked.status).toBe(400);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    const done = await jar.post("/m/register/social", { realName: "Lorna Cruz", birthday: "1992-03-04", disclaimer: "on" });
    expect(done.status).toBe(302);
    expect((await jar.get("/m/home")).body).toContain("Lorna");
    const perlas = registry.byId.get("perlas-play")!;
    const member = (await findMemberByFirebaseUid(database.db, perlas, "uid-social-1"))!;
    expect(member.realName).toBe("Lorna Cruz");
    expect(await memberDeclarationsOf(database.db, perlas, member.id)).toHaveLength(1);
    // The waiting identity is spent: the page now sends a visitor to sign in.
    expect((await new Jar(port, "perlas.localhost").get("/m/register/social")).headers.location).toBe("/m/login");
    // Signing in again goes straight in.
    const again = new Jar(port, "perlas.localhost");
    await again.get("/m/login");
    const back = await again.post("/m/login", {
      intent: "firebase",
      idToken: keys.signIdToken({ sub: "uid-social-1", name: "Lorna" }),
    });
    expect(back.headers.location).toBe("/m/home");
    const lucky = await new Jar(port).get("/m/login");
    expect(lucky.body).not.toMatch(/<button[^>]*>(<[^>]+>)*[^<]*Continue with Google/);
    expect(String(lucky.headers["content-security-policy"])).not.toContain("googleapis");
  });
});
