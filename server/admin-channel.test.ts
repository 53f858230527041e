import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { runAdminCommand } from "~/domain/support/commands.server";
import { formatAdminResult } from "../scripts/lib/format";
import { projectBrands } from "../tests/setup/brands";
import { createTestDatabase } from "../tests/setup/test-db";
import { readAdminChannel, startAdminChannel } from "./admin-channel";

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
    const info = readAdminChannel(dir)!;
    expect(info.pid).toBe(process.pid);
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
    expect(readAdminChannel(dir)).toBeNull();
  });

  it("answers a command's data as JSON, the same as a direct call", async () => {
    const registry = await projectBrands();
    const database: Database = await createTestDatabase();
    const ch = await startAdminChannel(dir, () => ({ db: database.db, registry }));
    try {
      const info = readAdminChannel(dir)!;
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
