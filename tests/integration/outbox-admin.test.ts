import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { outbox } from "../../app/db/schema";
import { writeOutbox } from "../../app/domain/accounts/outbox.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  const lucky = registry.byId.get("lucky-peso")!;
  const perlas = registry.byId.get("perlas-play")!;
  await writeOutbox(database.db, lucky, { channel: "sms", recipient: "+639170000001", body: "Lucky code 111111" });
  await writeOutbox(database.db, perlas, {
    channel: "email",
    recipient: "ana@example.test",
    subject: "Reset your password",
    body: "Hello Ana,\nhttps://perlas.test/m/reset?token=abc",
  });
  await writeOutbox(database.db, perlas, { channel: "sms", recipient: "+639170000002", body: "Perlas code 222222" });
});
afterAll(() => database?.close());

/** As the CLI prints it. */
const run = async (req: unknown) => formatAdminResult(await runAdminCommand(database.db, registry, req));

describe(`the outbox.list support command on ${TEST_ENGINE}`, () => {
  it("lists one brand's messages newest first, with time, channel, recipient, subject and body", async () => {
    const r = await run({ command: "outbox.list", brand: "perlas-play" });
    expect(r.ok).toBe(true);
    const blocks = r.text.split("\n\n");
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {2}perlas-play {2}sms {4}\+639170000002\n {4}Perlas code 222222$/,
    );
    expect(blocks[1]).toMatch(
      /^\S+Z {2}perlas-play {2}email {2}ana@example\.test {2}"Reset your password"\n {4}Hello Ana,\n {4}https:\/\/perlas\.test\/m\/reset\?token=abc$/,
    );
    expect(r.text).not.toContain("Lucky code");
  });

  it("lists every brand with 'all' or no brand, filters by channel and honours the limit", async () => {
    const all = await run({ command: "outbox.list", brand: "all" });
    expect(all.text).toContain("lucky-peso  sms    +639170000001");
    expect(all.text.split("\n\n")).toHaveLength(3);
    expect((await run({ command: "outbox.list" })).text).toBe(all.text);

    const sms = await run({ command: "outbox.list", channel: "sms" });
    expect(sms.text).not.toContain("ana@example.test");
    expect(sms.text.split("\n\n")).toHaveLength(2);

    const one = await run({ command: "outbox.list", limit: 1 });
    expect(one.text.split("\n\n")).toHaveLength(1);
    expect(one.text).toContain("Perlas code 222222");
  });

  it("says so when nothing matches", async () => {
    const r = await run({ command: "outbox.list", brand: "lucky-peso", channel: "email" });
    expect(r).toEqual({ ok: true, text: "No messages in the outbox (lucky-peso, email)." });
  });

  it("answers JSON-safe data, which the CLI formats", async () => {
    const r = await runAdminCommand(database.db, registry, { command: "outbox.list", brand: "perlas-play", channel: "sms" });
    expect(r).toEqual({
      ok: true,
      command: "outbox.list",
      brand: "perlas-play",
      channel: "sms",
      messages: [
        {
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          brand: "perlas-play",
          channel: "sms",
          recipient: "+639170000002",
          subject: null,
          body: "Perlas code 222222",
        },
      ],
    });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    const all = await runAdminCommand(database.db, registry, { command: "outbox.list" });
    expect(all).toMatchObject({ ok: true, brand: null, channel: null });
    expect(await runAdminCommand(database.db, registry, { command: "outbox.list", brand: "nobody" })).toEqual({
      ok: false,
      error: 'Unknown brand "nobody". Brands: all, lucky-peso, perlas-play',
    });
  });

  it("refuses bad arguments", async () => {
    const before = await database.db.select().from(outbox);
    for (const req of [
      { command: "outbox.list", brand: "nobody" },
      { command: "outbox.list", channel: "fax" },
      { command: "outbox.list", limit: 0 },
      { command: "outbox.list", limit: 201 },
      { command: "outbox.list", limit: "5; drop table outbox" },
    ]) {
      expect((await run(req)).ok, JSON.stringify(req)).toBe(false);
    }
    expect((await run({ command: "outbox.list", limit: 200 })).ok).toBe(true);
    expect(await database.db.select().from(outbox)).toEqual(before);
  });
});
