import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { popupSignIn, socialErrorKey, type FirebaseModules } from "./firebase-popup";

const config = {
  apiKey: "AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-MnOpQrStU",
  authDomain: "lucky-peso-ph.firebaseapp.com",
  projectId: "lucky-peso-ph",
  appId: "1:123456789012:web:0a1b2c3d4e5f6a7b",
};

class FakeProvider {
  params: Record<string, string> = {};
  scopes: string[] = [];
  constructor(readonly providerId: string) {}
  setCustomParameters(p: Record<string, string>) {
    this.params = p;
    return this;
  }
  addScope(s: string) {
    this.scopes.push(s);
    return this;
  }
}

/** Just enough of firebase/app and firebase/auth to watch what popupSignIn asks of them. */
function fakeFirebase(popup: () => Promise<void> = async () => undefined) {
  const apps: { name: string; options: unknown }[] = [];
  const auths: { app: unknown; deps: unknown; languageCode: string | null }[] = [];
  const calls = { popups: [] as FakeProvider[], signOuts: 0, deleted: [] as string[] };
  const inMemoryPersistence = { type: "NONE" };
  const browserPopupRedirectResolver = { resolver: true };
  const modules = {
    app: {
      getApps: () => [...apps],
      initializeApp: (options: unknown, name: string) => {
        const app = { name, options };
        apps.push(app);
        return app;
      },
      deleteApp: async (app: { name: string }) => {
        calls.deleted.push(app.name);
        apps.splice(apps.indexOf(app as (typeof apps)[number]), 1);
      },
    },
    auth: {
      inMemoryPersistence,
      browserPopupRedirectResolver,
      GoogleAuthProvider: class extends FakeProvider {
        constructor() {
          super("google.com");
        }
      },
      FacebookAuthProvider: class extends FakeProvider {
        constructor() {
          super("facebook.com");
        }
      },
      initializeAuth: (app: unknown, deps: unknown) => {
        const auth = { app, deps, languageCode: null };
        auths.push(auth);
        return auth;
      },
      signInWithPopup: async (_auth: unknown, provider: FakeProvider) => {
        calls.popups.push(provider);
        await popup();
        return { user: { getIdToken: async () => `token-from-${provider.providerId}` } };
      },
      signOut: async () => {
        calls.signOuts += 1;
      },
    },
  };
  const load = async () => modules as unknown as FirebaseModules;
  return { load, apps, auths, calls, inMemoryPersistence, browserPopupRedirectResolver };
}

describe("popupSignIn", () => {
  it("makes one app per brand with in-memory auth and the popup resolver, and returns the ID token", async () => {
    const fb = fakeFirebase();
    const token = await popupSignIn({ appName: "lucky-peso", config, provider: "google", language: "en-PH", load: fb.load });
    expect(token).toBe("token-from-google.com");
    expect(fb.apps).toEqual([{ name: "lucky-peso", options: config }]);
    expect(fb.auths).toHaveLength(1);
    const deps = fb.auths[0]!.deps as { persistence: unknown; popupRedirectResolver: unknown };
    expect(deps.persistence).toBe(fb.inMemoryPersistence);
    expect(deps.popupRedirectResolver).toBe(fb.browserPopupRedirectResolver);
    expect(fb.auths[0]!.languageCode).toBe("en-PH");
    expect(fb.calls.popups[0]).toMatchObject({ providerId: "google.com", params: { prompt: "select_account" } });
    expect(fb.calls.signOuts).toBe(1);

    expect(await popupSignIn({ appName: "lucky-peso", config, provider: "facebook", load: fb.load })).toBe(
      "token-from-facebook.com",
    );
    expect(fb.apps).toHaveLength(1);
    expect(fb.auths).toHaveLength(1);
    expect(fb.calls.popups[1]).toMatchObject({ providerId: "facebook.com", scopes: ["email"] });

    await popupSignIn({ appName: "perlas-play", config, provider: "google", load: fb.load });
    expect(fb.apps.map((a) => a.name)).toEqual(["lucky-peso", "perlas-play"]);
  });

  it("replaces an app left by an earlier copy of the module instead of initialising its Auth twice", async () => {
    const fb = fakeFirebase();
    fb.apps.push({ name: "lucky-peso", options: config });
    await popupSignIn({ appName: "lucky-peso", config, provider: "google", load: fb.load });
    expect(fb.calls.deleted).toEqual(["lucky-peso"]);
    expect(fb.apps).toHaveLength(1);
    expect(fb.auths).toHaveLength(1);
  });

  it("passes popup failures on and marks a failed download as a network problem", async () => {
    const closed = fakeFirebase(() => Promise.reject(Object.assign(new Error("closed"), { code: "auth/popup-closed-by-user" })));
    const err = await popupSignIn({ appName: "lucky-peso", config, provider: "google", load: closed.load }).catch(
      (e: unknown) => e,
    );
    expect(socialErrorKey(err)).toBe("social.error.closed");

    const offline = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    const loadErr = await popupSignIn({ appName: "lucky-peso", config, provider: "google", load: offline }).catch(
      (e: unknown) => e,
    );
    expect(socialErrorKey(loadErr)).toBe("social.error.network");
  });
});

describe("socialErrorKey", () => {
  it("explains the usual failures and falls back to a generic text", () => {
    const key = (code: string) => socialErrorKey({ code });
    expect(key("auth/popup-closed-by-user")).toBe("social.error.closed");
    expect(key("auth/cancelled-popup-request")).toBe("social.error.closed");
    expect(key("auth/popup-blocked")).toBe("social.error.blocked");
    expect(key("auth/network-request-failed")).toBe("social.error.network");
    expect(key("auth/account-exists-with-different-credential")).toBe("social.error.otherMethod");
    expect(key("auth/unauthorized-domain")).toBe("social.error.failed");
    expect(socialErrorKey(new Error("boom"))).toBe("social.error.failed");
    expect(socialErrorKey(null)).toBe("social.error.failed");
  });
});

describe("the first-load bundle", () => {
  const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

  it("never imports Firebase statically anywhere in app/, and never calls getAuth()", () => {
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const src = stripComments(fs.readFileSync(path.join("app", file), "utf8"));
      expect(src, file).not.toMatch(/^\s*import\s+(?!type\b)[^;]*?from\s+["']firebase(\/|["'])/m);
      expect(src, file).not.toMatch(/^\s*import\s+["']firebase/m);
      expect(src, file).not.toMatch(/\bgetAuth\s*\(/);
    }
    expect(fs.readFileSync("app/components/firebase-popup.ts", "utf8")).toMatch(/import\("firebase\/auth"\)/);
  });
});
