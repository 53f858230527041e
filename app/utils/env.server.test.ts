import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, persistedCookieSecret } from "./env.server";

describe("parseEnv", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.production).toBe(false);
    expect(env.HEAP_GROWING_PERCENT).toBe(50);
  });
  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ HEAP_GROWING_PERCENT: "-5" })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => parseEnv({ HEAP_GROWING_PERCENT: "half" })).toThrow(/HEAP_GROWING_PERCENT/);
  });
  it("switches engines by DATABASE_URL", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).DATABASE_URL).toMatch(/^postgres:/);
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("the cookie secret", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cookie-secret-"));
    dirs.push(dir);
    return path.join(dir, "data");
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is COOKIE_SECRET when set, and nothing is written to DATA_DIR", () => {
    const dataDir = tempDir();
    const env = parseEnv({ COOKIE_SECRET: "s".repeat(40), DATA_DIR: dataDir });
    expect(env.cookieSecret).toBe("s".repeat(40));
    expect(JSON.stringify(env)).not.toContain("s".repeat(40));
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(() => parseEnv({ COOKIE_SECRET: "short" })).toThrow(/COOKIE_SECRET: must be at least 32 characters/);
  });

  it("is made once in DATA_DIR when unset, private to the server, and the same after a restart", () => {
    const dataDir = tempDir();
    const env = parseEnv({ DATA_DIR: dataDir, COOKIE_SECRET: "" });
    // Parsing alone writes nothing: CLIs and tests parse the environment too.
    expect(fs.existsSync(dataDir)).toBe(false);
    const secret = env.cookieSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(env.cookieSecret).toBe(secret);
    expect(fs.statSync(path.join(dataDir, "cookie-secret")).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(parseEnv({ DATA_DIR: dataDir }).cookieSecret).toBe(secret);
    expect(fs.readdirSync(dataDir)).toEqual(["cookie-secret"]);
    // Never shown when the environment is printed.
    expect(JSON.stringify(env)).not.toContain(secret);
    expect(parseEnv({ DATA_DIR: tempDir() }).cookieSecret).not.toBe(secret);
  });

  it("refuses a kept secret that is too short instead of signing with it", () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "cookie-secret"), "tiny\n");
    expect(() => persistedCookieSecret(dataDir)).toThrow(/holds no usable secret/);
  });
});
