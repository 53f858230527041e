import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { request } from "../setup/http";
import { TEST_ENGINE } from "../setup/test-db";

/**
 * An operator's path, end to end: scaffold a brand with the CLI, restart the
 * server, and the new host serves its own lobby. Runs in a scratch copy of
 * brands/, themes/ and public/brands/ so the project's files are untouched.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "brand-scaffold-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

function prepareRoot() {
  fs.symlinkSync(path.resolve("app"), path.join(root, "app"));
  fs.cpSync("brands", path.join(root, "brands"), { recursive: true });
  fs.cpSync("themes", path.join(root, "themes"), { recursive: true });
  fs.mkdirSync(path.join(root, "public"), { recursive: true });
}

function startServer(env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /"msg":"listening","port":(\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), child });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

describe.skipIf(TEST_ENGINE !== "pglite")("npm run brand:new", () => {
  it("scaffolds a brand that serves its own lobby after a restart", async () => {
    prepareRoot();
    const made = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/brand-new.ts", "sampaguita", "--host", "sampaguita.localhost", "--name", "Sampaguita Spins"],
      { env: { ...process.env, BRAND_ROOT: root }, encoding: "utf8" },
    );
    expect(made.stderr).toBe("");
    expect(made.status).toBe(0);
    for (const f of [
      "brands/sampaguita.ts",
      "themes/sampaguita.css",
      "public/brands/sampaguita/logo.svg",
      "public/brands/sampaguita/icon.svg",
      "public/brands/sampaguita/icon-192.png",
      "public/brands/sampaguita/icon-512.png",
      "public/brands/sampaguita/icon-maskable-512.png",
      "public/brands/sampaguita/apple-touch-icon.png",
    ]) {
      expect(fs.existsSync(path.join(root, f)), f).toBe(true);
    }
    const again = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/brand-new.ts", "sampaguita", "--host", "other.localhost", "--name", "Again"],
      { env: { ...process.env, BRAND_ROOT: root }, encoding: "utf8" },
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("already exists");

    const { port, child } = await startServer({
      BRANDS_DIR: path.join(root, "brands"),
      THEMES_DIR: path.join(root, "themes"),
      PUBLIC_DIR: path.join(root, "public"),
      DATA_DIR: path.join(root, "data"),
    });
    const home = await request(port, "/m/home", { host: "sampaguita.localhost" });
    expect(home.status).toBe(200);
    expect(home.body).toContain("| Sampaguita Spins</title>");
    expect(home.body).toContain('data-section="hot"');
    expect(home.body).toContain("/art/banner/sampaguita/m_game-1.svg");
    expect((await request(port, "/brands/sampaguita/logo.svg", { host: "sampaguita.localhost" })).status).toBe(200);
    const manifest = JSON.parse((await request(port, "/manifest.webmanifest", { host: "sampaguita.localhost" })).body);
    expect(manifest.icons.map((i: { src: string }) => i.src)).toContain("/brands/sampaguita/icon-maskable-512.png");
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const r = await request(port, icon.src, { host: "sampaguita.localhost" });
      expect(r.status, icon.src).toBe(200);
      expect(r.headers["content-type"], icon.src).toMatch(new RegExp(`^${icon.type.replace("+", "\\+")}`));
    }
    expect((await request(port, "/m/home", { host: "perlas.localhost" })).body).toContain("| Perlas Play</title>");

    // SIGTERM: the server drains and exits cleanly.
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 120_000);

  it("refuses to start on a bad brand file, naming the file, field and problem", async () => {
    const bad = path.join(root, "bad-brands");
    fs.mkdirSync(bad, { recursive: true });
    const src = fs.readFileSync("brands/perlas-play.ts", "utf8").replace("../app/brand/define", path.resolve("app/brand/define"));
    fs.writeFileSync(path.join(bad, "perlas-play.ts"), src.replace("minimumAge: 21", "minimumAge: 12"));
    const r = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", BRANDS_DIR: bad, DATA_DIR: path.join(root, "data-bad") },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/Brand configuration error: .*perlas-play\.ts: minimumAge: /);
    expect(fs.existsSync(path.join(root, "data-bad"))).toBe(false);
  }, 60_000);
});
