import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { runAdminCommand } from "~/domain/support/commands.server";
import { formatAdminResult } from "../scripts/lib/format";
import { projectBrands } from "../tests/setup/brands";
import { createTestDatabase } from "../tests/setup/test-db";
import { readAdminChannel, startAdminChannel, type AdminChannelInfo } from "./admin-channel";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-channel-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function post(port: number, auth: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: "/admin", method: "POST", headers: { authorization: auth } },
      (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("the admin channel", () => {
  it("claims DATA_DIR with a private token file and answers only that token", async () => {
    let ready: { db: Db; registry: Awaited<ReturnType<typeof projectBrands>> } | null = null;
    const channel = await startAdminChannel(dir, () => ready);
    const info = channel.info;
    expect(JSON.parse(fs.readFileSync(path.join(dir, "admin.json"), "utf8"))).toEqual({ ...info, pid: process.pid });
    expect(fs.statSync(path.join(dir, "admin.json")).mode & 0o777).toBe(0o600);

    expect((await post(info.port, "Bearer wrong", { command: "status.get", brand: "lucky-peso" })).status).toBe(403);
    const starting = await post(info.port, `Bearer ${info.token}`, { command: "status.get", brand: "lucky-peso" });
    expect(JSON.parse(starting.body)).toEqual({ ok: false, error: "The server is starting; try again in a few seconds." });
    expect(formatAdminResult(JSON.parse(starting.body))).toEqual({
      ok: false,
      text: "The server is starting; try again in a few seconds.",
    });

    ready = { db: {} as Db, registry: await projectBrands() };
    const unknown = await post(info.port, `Bearer ${info.token}`, { command: "status.get", brand: "nobody" });
    expect(JSON.parse(unknown.body).error).toMatch(/^Unknown brand "nobody"/);
    expect(formatAdminResult(JSON.parse(unknown.body)).text).toMatch(/^Unknown brand "nobody"/);

    await channel.close();
    expect(fs.existsSync(path.join(dir, "admin.json"))).toBe(false);
    expect(await readAdminChannel(dir)).toBeNull();
  });

  it("answers a command's data as JSON, the same as a direct call", async () => {
    const registry = await projectBrands();
    const database: Database = await createTestDatabase();
    const ch = await startAdminChannel(dir, () => ({ db: database.db, registry }));
    try {
      const info = ch.info;
      for (const req of [
        { command: "flags.list", brand: "lucky-peso" },
        { command: "status.get", brand: "perlas-play" },
        { command: "members.show", brand: "lucky-peso", user: "nobody" },
      ] as const) {
        const res = await post(info.port, `Bearer ${info.token}`, req);
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body), req.command).toEqual(await runAdminCommand(database.db, registry, req));
      }
    } finally {
      await ch.close();
      await database.close();
    }
  });
});

/** A folder holding an admin file that says `info`, as a server that is gone would have left it. */
function leftBehind(info: AdminChannelInfo | string): string {
  const d = fs.mkdtempSync(path.join(dir, "claim-"));
  fs.writeFileSync(path.join(d, "admin.json"), typeof info === "string" ? info : JSON.stringify(info), { mode: 0o600 });
  return d;
}

function fileOf(d: string): AdminChannelInfo {
  return JSON.parse(fs.readFileSync(path.join(d, "admin.json"), "utf8")) as AdminChannelInfo;
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** A running process that is not this one (the test runner's parent). */
const otherPid = process.ppid;

async function expectReplaced(d: string, stale: AdminChannelInfo | string) {
  expect(await readAdminChannel(d)).toBeNull();
  const ch = await startAdminChannel(d, () => null);
  try {
    expect(fileOf(d)).toEqual({ ...ch.info, pid: process.pid });
    expect(JSON.stringify(fileOf(d))).not.toBe(typeof stale === "string" ? stale : JSON.stringify(stale));
    expect(fs.statSync(path.join(d, "admin.json")).mode & 0o777).toBe(0o600);
  } finally {
    await ch.close();
  }
}

describe("claiming DATA_DIR at start-up", () => {
  it("replaces a file naming this very process, as a container restarted after a crash hands out the same PID", async () => {
    const stale = { pid: process.pid, port: await closedPort(), token: "a".repeat(64) };
    await expectReplaced(leftBehind(stale), stale);
  });

  it("replaces a file naming a process that has exited", async () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    const stale = { pid: gone, port: await closedPort(), token: "b".repeat(64) };
    await expectReplaced(leftBehind(stale), stale);
  });

  it("replaces a file naming a running process whose port is closed or does not accept the token", async () => {
    const closed = { pid: otherPid, port: await closedPort(), token: "c".repeat(64) };
    await expectReplaced(leftBehind(closed), closed);

    const someoneElse = await startAdminChannel(fs.mkdtempSync(path.join(dir, "other-")), () => null);
    try {
      const wrongToken = { pid: otherPid, port: someoneElse.info.port, token: "d".repeat(64) };
      await expectReplaced(leftBehind(wrongToken), wrongToken);
    } finally {
      await someoneElse.close();
    }
  });

  it("replaces a file it cannot read as a claim", async () => {
    await expectReplaced(leftBehind('{"pid":'), '{"pid":');
  });

  it("refuses to start beside a live server, naming it, and leaves its file alone", async () => {
    const d = fs.mkdtempSync(path.join(dir, "live-"));
    const live = await startAdminChannel(d, () => null);
    try {
      const claimed = { ...live.info, pid: otherPid };
      fs.writeFileSync(path.join(d, "admin.json"), JSON.stringify(claimed));
      expect(await readAdminChannel(d)).toEqual(claimed);
      await expect(startAdminChannel(d, () => null)).rejects.toThrow(
        `another server (pid ${otherPid}) holds ${d}; the embedded database has one owner.`,
      );
      expect(fileOf(d)).toEqual(claimed);
    } finally {
      await live.close();
    }
  });

  it("refuses, rather than guess, when the holder's port takes the connection but does not answer", async () => {
    const mute = net.createServer(() => {});
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    try {
      const claimed = { pid: otherPid, port: (mute.address() as net.AddressInfo).port, token: "e".repeat(64) };
      const d = leftBehind(claimed);
      await expect(startAdminChannel(d, () => null)).rejects.toThrow(/did not answer within 3 s\. .*delete .*admin\.json/);
      expect(fileOf(d)).toEqual(claimed);
      expect(await readAdminChannel(d)).toEqual(claimed);
    } finally {
      mute.close();
    }
  }, 20_000);

  it("lets exactly one of two servers starting at once claim the folder", async () => {
    const d = fs.mkdtempSync(path.join(dir, "race-"));
    const stale = { pid: otherPid, port: await closedPort(), token: "f".repeat(64) };
    fs.writeFileSync(path.join(d, "admin.json"), JSON.stringify(stale));
    const results = await Promise.allSettled([startAdminChannel(d, () => null), startAdminChannel(d, () => null)]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(String(lost[0].reason)).toMatch(/claimed .* while this one was starting/);
    expect(fileOf(d).token).toBe(won[0].value.info.token);
    await won[0].value.close();
  });
});
