import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import lucky from "../../brands/lucky-peso";
import perlas from "../../brands/perlas-play";
import { BrandFileError, bundleBrandFile, loadBrandRegistry, validateBrandModule, validateThemeCss } from "./registry.server";
import { publicBrand } from "./schema";

const FILE = "brands/lucky-peso.ts";
const FIREBASE = {
  apiKey: "AIzaSyA1b2C3d4E5f6G7h8I9j0K_l-MnOpQrStU",
  authDomain: "lucky-peso-ph.firebaseapp.com",
  projectId: "lucky-peso-ph",
  appId: "1:123456789012:web:0a1b2c3d4e5f6a7b",
};
const withField = (patch: Record<string, unknown>) => ({ default: { ...lucky, ...patch } });

function problem(mod: unknown, file = FILE) {
  try {
    validateBrandModule(file, mod);
  } catch (err) {
    expect(err).toBeInstanceOf(BrandFileError);
    return (err as BrandFileError).message;
  }
  throw new Error("expected the brand file to be refused");
}

describe("brand files", () => {
  it("accepts the demo brands", () => {
    expect(validateBrandModule(FILE, { default: lucky }).displayName).toBe("Lucky Peso");
    expect(validateBrandModule("brands/perlas-play.ts", { default: perlas }).languages.default).toBe("en");
  });

  it("names the file, the field and the problem", () => {
    expect(problem(withField({ hosts: ["Lucky Peso!"] }))).toBe(
      "brands/lucky-peso.ts: hosts.0: must be a lower-case host name without port",
    );
    expect(problem(withField({ minimumAge: 16 }))).toMatch(/^brands\/lucky-peso\.ts: minimumAge: /);
    expect(problem(withField({ themeColor: "gold" }))).toBe("brands/lucky-peso.ts: themeColor: must be a colour like #1a2b3c");
    expect(problem(withField({ flags: { NOPE3: true } }))).toMatch(/^brands\/lucky-peso\.ts: flags\.NOPE3: unknown module flag/);
    expect(problem(withField({ languages: { default: "zh", enabled: ["en"] } }))).toBe(
      "brands/lucky-peso.ts: languages.default: must be one of languages.enabled",
    );
    expect(problem(withField({ categories: ["SLOTS"] }))).toMatch(/^brands\/lucky-peso\.ts: categories\.0: /);
    expect(problem(withField({ surprise: 1 }))).toMatch(/^brands\/lucky-peso\.ts: Unrecognized key: "surprise"/);
    expect(problem({})).toBe("brands/lucky-peso.ts: must `export default defineBrand({...})`");
    expect(problem({ default: lucky }, "brands/other.ts")).toBe('brands/other.ts: id: must be "other", the file\'s name');
  });

  it("takes an optional Firebase web config and refuses a malformed one", () => {
    expect(validateBrandModule(FILE, { default: lucky }).firebase).toBeUndefined();
    expect(validateBrandModule(FILE, withField({ firebase: FIREBASE })).firebase).toEqual(FIREBASE);
    const bad = (patch: Record<string, unknown>) => problem(withField({ firebase: { ...FIREBASE, ...patch } }));
    expect(bad({ apiKey: "secret" })).toMatch(/^brands\/lucky-peso\.ts: firebase\.apiKey: must be a Firebase web API key/);
    expect(bad({ authDomain: "lucky.firebaseapp.com; script-src *" })).toBe(
      "brands/lucky-peso.ts: firebase.authDomain: must be a lower-case host name without port",
    );
    expect(bad({ authDomain: "https://lucky.firebaseapp.com" })).toMatch(/firebase\.authDomain: /);
    expect(bad({ projectId: "Lucky Peso" })).toMatch(/firebase\.projectId: must be a Firebase project id/);
    expect(bad({ appId: "web-app" })).toMatch(/firebase\.appId: must be a Firebase web app id/);
    expect(bad({ measurementId: "G-1" })).toMatch(/^brands\/lucky-peso\.ts: firebase: Unrecognized key: "measurementId"/);
    const { appId: _appId, ...withoutAppId } = FIREBASE;
    expect(problem(withField({ firebase: withoutAppId }))).toMatch(/^brands\/lucky-peso\.ts: firebase\.appId: /);
  });

  it("takes download links as http(s) URLs or paths on the site, nothing else", () => {
    const links = (url: string) =>
      withField({ downloadLinks: [{ resourceType: "MOBILECONFIG", url, labelNameEn: "iOS profile" }] });
    expect(validateBrandModule(FILE, links("/m/download/webclip.mobileconfig")).downloadLinks[0]!.url).toBe(
      "/m/download/webclip.mobileconfig",
    );
    expect(validateBrandModule(FILE, links("https://cdn.example/app.apk")).downloadLinks[0]!.url).toBe(
      "https://cdn.example/app.apk",
    );
    for (const bad of ["javascript:alert(1)", "//evil.example/x", "/\\evil.example", "m/download", "/a b", "ftp://x.example/a"]) {
      expect(problem(links(bad)), bad).toBe(
        "brands/lucky-peso.ts: downloadLinks.0.url: must be an http(s) URL, or a path on the site starting with /",
      );
    }
  });

  it("sends the Firebase web config to the browser (public by design), null when there is none", () => {
    expect(publicBrand(validateBrandModule(FILE, withField({ firebase: FIREBASE }))).firebase).toEqual(FIREBASE);
    expect(publicBrand(validateBrandModule(FILE, { default: lucky })).firebase).toBeNull();
  });

  it("never lets secrets reach the browser", () => {
    const brand = validateBrandModule(FILE, withField({ secretsEnv: ["LUCKY_PAYMENT_KEY"] }));
    expect(JSON.stringify(publicBrand(brand))).not.toContain("LUCKY_PAYMENT_KEY");
    expect(publicBrand(brand)).not.toHaveProperty("flags");
  });
});

describe("themes", () => {
  it("allow custom properties only", () => {
    expect(validateThemeCss("t.css", ":root { --primary: #fff; --radius: 14px; }")).toContain("--primary");
    expect(() => validateThemeCss("t.css", "body { color: red }")).toThrow(BrandFileError);
    expect(() => validateThemeCss("t.css", ":root { --x: url(https://evil.example/x.png); }")).toThrow(/plain values/);
    expect(() => validateThemeCss("t.css", ":root { --x: 1; } </style><script>")).toThrow(BrandFileError);
  });
});

describe("the registry", () => {
  it("loads every brand and theme of the project", async () => {
    const r = await loadBrandRegistry("brands", "themes");
    expect(r.byHost.get("luckypeso.localhost")?.id).toBe("lucky-peso");
    expect(r.byHost.get("perlas.localhost")?.id).toBe("perlas-play");
    expect(r.themes.get("perlas-play")).toMatch(/--primary:\s*#2ec5ff/);
  });

  it("bundles a brand file (as the built host loads it) without the schema's zod, which each brand would carry", async () => {
    for (const file of ["brands/lucky-peso.ts", "brands/perlas-play.ts"]) {
      const text = await bundleBrandFile(path.resolve(file));
      expect(text).toContain("defineBrand");
      expect(text).not.toMatch(/ZodError|ZodObject/);
      expect(text.length).toBeLessThan(20_000);
    }
  });

  it("stops at a duplicate host with the file named", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brands-"));
    const src = fs.readFileSync("brands/perlas-play.ts", "utf8").replace("../app/brand/define", path.resolve("app/brand/define"));
    fs.writeFileSync(path.join(dir, "perlas-play.ts"), src);
    fs.writeFileSync(
      path.join(dir, "zz-copy.ts"),
      src.replace('id: "perlas-play"', 'id: "zz-copy"').replace('merchantCode: "PERLAS"', 'merchantCode: "ZZCOPY"'),
    );
    await expect(loadBrandRegistry(dir, "themes")).rejects.toThrow(
      /zz-copy\.ts: hosts: "perlas\.localhost" is already served by perlas-play/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
