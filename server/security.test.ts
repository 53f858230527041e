import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portOf, request } from "../tests/setup/http";
import { allowSocialSignIn, bodyLimit, bufferedBody, contentSecurityPolicy, securityHeaders, socialSignInCsp } from "./security";

const firebase = {
  apiKey: "AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-MnOpQrStU",
  authDomain: "lucky-peso-ph.firebaseapp.com",
  projectId: "lucky-peso-ph",
  appId: "1:123456789012:web:0a1b2c3d4e5f6a7b",
};
const on = { GOOGLELOGIN3: true, FACEBOOKLOGIN3: false };
const off = { GOOGLELOGIN3: false, FACEBOOKLOGIN3: false };

const directives = (csp: string) => new Map(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)] as const));

describe("contentSecurityPolicy", () => {
  it("allows our own origin only, with the nonce in production", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "abc", dev: false }));
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    const dev = directives(contentSecurityPolicy({ nonce: "abc", dev: true }));
    expect(dev.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });

  it("adds extra origins to their own directives only, once each", () => {
    const csp = contentSecurityPolicy({
      nonce: "abc",
      dev: false,
      extra: {
        connect: ["https://a.example", "https://a.example"],
        frame: ["https://b.example"],
        script: ["https://c.example:8443"],
      },
    });
    const d = directives(csp);
    expect(d.get("connect-src")).toEqual(["'self'", "https://a.example"]);
    expect(d.get("frame-src")).toEqual(["'self'", "https://b.example"]);
    expect(d.get("script-src")).toEqual(["'self'", "'nonce-abc'", "https://c.example:8443"]);
    expect(d.get("style-src")).toEqual(["'self'", "'nonce-abc'"]);
    expect(d.get("default-src")).toEqual(["'self'"]);
  });

  it("refuses a source that is not a bare https origin", () => {
    for (const bad of [
      "http://a.example",
      "https://a.example; script-src *",
      "https://a.example *",
      "*",
      "'unsafe-inline'",
      "https://",
    ]) {
      expect(() => contentSecurityPolicy({ nonce: "n", dev: false, extra: { frame: [bad] } }), bad).toThrow(/bare https origin/);
    }
  });
});

describe("socialSignInCsp", () => {
  it("adds Google's origins and the brand's authDomain when a social button shows", () => {
    expect(socialSignInCsp({ firebase }, on)).toEqual({
      connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://www.googleapis.com"],
      frame: ["https://lucky-peso-ph.firebaseapp.com"],
      script: ["https://apis.google.com"],
    });
    expect(socialSignInCsp({ firebase }, { GOOGLELOGIN3: false, FACEBOOKLOGIN3: true })).not.toBeNull();
  });

  it("adds nothing when no button shows", () => {
    expect(socialSignInCsp({ firebase }, off)).toBeNull();
    expect(socialSignInCsp({ firebase: null }, { GOOGLELOGIN3: true, FACEBOOKLOGIN3: true })).toBeNull();
  });
});

describe("allowSocialSignIn", () => {
  let server: http.Server;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ production: true, dev: false }));
    app.get("/with-social", (_req, res) => {
      res.json({ widened: allowSocialSignIn(res, { firebase }, on), nonce: res.locals.nonce });
    });
    app.get("/without-social", (_req, res) => {
      res.json({ widened: allowSocialSignIn(res, { firebase }, off) });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("widens the policy of that response, keeping its nonce, and lets the page keep its sign-in popup", async () => {
    const r = await request(portOf(server), "/with-social");
    const body = JSON.parse(r.body) as { widened: boolean; nonce: string };
    expect(body.widened).toBe(true);
    const csp = directives(String(r.headers["content-security-policy"]));
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${body.nonce}'`, "https://apis.google.com"]);
    expect(csp.get("frame-src")).toEqual(["'self'", "https://lucky-peso-ph.firebaseapp.com"]);
    expect(csp.get("connect-src")).toContain("https://identitytoolkit.googleapis.com");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(r.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(r.headers["x-frame-options"]).toBe("DENY");
  });

  it("leaves other responses at 'self' only", async () => {
    const r = await request(portOf(server), "/without-social");
    expect(JSON.parse(r.body)).toEqual({ widened: false });
    const csp = String(r.headers["content-security-policy"]);
    expect(csp).not.toMatch(/google|firebaseapp/);
    expect(r.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });
});

describe("bodyLimit", () => {
  let server: http.Server;
  let arrived = 0;
  const lengths: number[] = [];
  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit(1000, (_req, res) => void res.status(413).send("too large")));
    app.post("/", (req, res) => {
      arrived += 1;
      lengths.push(bufferedBody(req)!.length);
      res.send("ok");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends the parts as they are written: chunked, no Content-Length, unless one is given. */
  function post(parts: string[], headers: Record<string, string> = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: portOf(server), method: "POST", path: "/", headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      for (const part of parts) req.write(part);
      req.end();
    });
  }

  it("hands on a complete body within the limit", async () => {
    expect(await post(["a".repeat(600), "b".repeat(400)])).toBe(200);
    expect(await post([])).toBe(200);
    expect(lengths).toEqual([1000, 0]);
  });

  it("never lets a body over the limit reach a route, streamed or declared", async () => {
    arrived = 0;
    for (let i = 0; i < 4; i++) expect(await post(["a".repeat(600), "b".repeat(401)])).toBe(413);
    expect(await post(["a".repeat(10)], { "content-length": "5000" }).catch(() => 413)).toBe(413);
    // Give a route that was wrongly started the time to show itself.
    await new Promise((r) => setTimeout(r, 50));
    expect(arrived).toBe(0);
  });
});

describe("securityHeaders", () => {
  let server: http.Server;
  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ production: true, dev: false }));
    app.get(/.*/, (req, res) => void res.type(req.path.endsWith(".css") ? "css" : "js").send("x"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("sends a build script or stylesheet with nosniff and HSTS only, every other answer with the page policies", async () => {
    for (const path of ["/assets/root-C0ffee12.js", "/assets/tailwind-B6NXsGdr.css"]) {
      const r = await request(portOf(server), path);
      expect(r.headers["x-content-type-options"], path).toBe("nosniff");
      expect(r.headers["strict-transport-security"], path).toMatch(/^max-age=/);
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "referrer-policy",
        "cross-origin-opener-policy",
        "permissions-policy",
      ])
        expect(r.headers[name], `${path} ${name}`).toBeUndefined();
    }
    // Pages, pictures (an SVG opened on its own is a document), data and anything deeper keep them all.
    for (const path of [
      "/m/home",
      "/assets/logo.svg",
      "/assets/sub/root.js",
      "/i18n/en.0123456789ab.json",
      "/brands/x/icon.svg",
    ]) {
      const r = await request(portOf(server), path);
      expect(r.headers["content-security-policy"], path).toMatch(/^default-src 'self'/);
      expect(r.headers["x-frame-options"], path).toBe("DENY");
      expect(r.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});
