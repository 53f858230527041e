import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import type { Database } from "../../app/db/client.server";
import { auditLog } from "../../app/db/schema";
import { auditHistory } from "../../app/domain/site/audit.server";
import { listFlags, setFlag } from "../../app/domain/site/flags.server";
import { getSiteState } from "../../app/domain/site/site-state.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe(`module flag overrides on ${TEST_ENGINE}`, () => {
  it("start from the brand file and take support overrides with an audit row", async () => {
    const registry = await projectBrands();
    const perlas = registry.byId.get("perlas-play")!;
    const lucky = registry.byId.get("lucky-peso")!;
    expect((await getSiteState(database.db, perlas)).flags.MOBILEVERCODELOGIN3).toBe(true);
    expect((await getSiteState(database.db, lucky)).flags.MOBILEVERCODELOGIN3).toBe(false);

    const r = await setFlag(database.db, perlas, "MOBILEVERCODELOGIN3", false, {
      name: "Ana (support)",
      reason: "SMS gateway down",
    });
    expect(r).toEqual({ flag: "MOBILEVERCODELOGIN3", before: true, after: false });
    expect((await getSiteState(database.db, perlas)).flags.MOBILEVERCODELOGIN3).toBe(false);
    expect((await getSiteState(database.db, lucky)).flags.MOBILEVERCODELOGIN3).toBe(false);

    await setFlag(database.db, perlas, "MOBILEVERCODELOGIN3", null, { name: "Ben", reason: "gateway back" });
    expect((await getSiteState(database.db, perlas)).flags.MOBILEVERCODELOGIN3).toBe(true);

    const history = await auditHistory(database.db, perlas, "flag:MOBILEVERCODELOGIN3");
    expect(history.map((h) => [h.oldValue, h.newValue, h.actor, h.reason])).toEqual([
      ["off", "default (on)", "Ben", "gateway back"],
      ["default (on)", "off", "Ana (support)", "SMS gateway down"],
    ]);
    expect(history[0].createdAt).toBeInstanceOf(Date);
    expect(await auditHistory(database.db, lucky, "flag:")).toEqual([]);
  });

  it("refuse bad commands and change nothing", async () => {
    const registry = await projectBrands();
    const before = await database.db.select().from(auditLog);
    const bad = [
      { command: "flags.set", brand: "perlas-play", flag: "NOPE3", value: "on", by: "x", why: "y" },
      { command: "flags.set", brand: "perlas-play", flag: "CBS3", value: "maybe", by: "x", why: "y" },
      { command: "flags.set", brand: "perlas-play", flag: "CBS3", value: "on", by: " ", why: "y" },
      { command: "flags.set", brand: "nobody", flag: "CBS3", value: "on", by: "x", why: "y" },
      { command: "status.set", brand: "perlas-play", status: 7, by: "x", why: "y" },
      { command: "drop tables" },
      "'; drop table games; --",
    ];
    for (const req of bad) expect((await runAdminCommand(database.db, registry, req)).ok, JSON.stringify(req)).toBe(false);
    expect(await database.db.select().from(auditLog)).toEqual(before);
  });

  it("set the system status with an audit row, per brand", async () => {
    const registry = await projectBrands();
    const perlas = registry.byId.get("perlas-play")!;
    const lucky = registry.byId.get("lucky-peso")!;
    expect((await getSiteState(database.db, perlas)).status).toBe(0);
    await setSystemStatus(database.db, perlas, 1, { name: "ops", reason: "upgrade" });
    expect((await getSiteState(database.db, perlas)).status).toBe(1);
    expect((await getSiteState(database.db, lucky)).status).toBe(0);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.subject, "status"));
    expect(rows.map((r) => [r.merchantCode, r.oldValue, r.newValue, r.actor])).toEqual([["PERLAS", "0", "1", "ops"]]);
    const text = formatAdminResult(await runAdminCommand(database.db, registry, { command: "status.get", brand: "perlas-play" }));
    expect(text.text).toContain("status 1 (maintenance");
  });
});

describe(`the flag and status support commands on ${TEST_ENGINE}`, () => {
  it("answer JSON-safe data per command, and the CLI text is made from it", async () => {
    const registry = await projectBrands();
    const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req);
    const set = await run({ command: "flags.set", brand: "lucky-peso", flag: "COMM3", value: "on", by: "Ana", why: "agents" });
    expect(set).toEqual({
      ok: true,
      command: "flags.set",
      brand: "lucky-peso",
      flag: "COMM3",
      before: false,
      after: true,
      actor: { name: "Ana", reason: "agents" },
    });
    expect(formatAdminResult(set).text).toBe("lucky-peso COMM3: off -> on (by Ana: agents)");

    const list = await run({ command: "flags.list", brand: "lucky-peso" });
    if (!list.ok) throw new Error(list.error);
    const comm = list.flags.find((f) => f.name === "COMM3")!;
    expect(comm).toMatchObject({ effective: true, brandDefault: null, override: { enabled: true, by: "Ana", reason: "agents" } });
    expect(comm.override!.at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(formatAdminResult(list).text.split("\n")[0]).toBe("Module flags of lucky-peso:");
    expect(formatAdminResult(list).text).toMatch(/^COMM3 {16}on {3}override by Ana: agents {18}Agent commission pages\.$/m);

    const history = await run({ command: "flags.history", brand: "lucky-peso", flag: "COMM3" });
    if (!history.ok) throw new Error(history.error);
    expect(history.flag).toBe("COMM3");
    expect(history.changes).toEqual([
      { at: expect.any(String), flag: "COMM3", oldValue: "default (off)", newValue: "on", actor: "Ana", reason: "agents" },
    ]);
    expect(formatAdminResult(history).text).toBe(
      `${history.changes[0].at}  COMM3                default (off) -> on  by Ana: agents`,
    );
    expect(await run({ command: "flags.history", brand: "lucky-peso", flag: "NOPE3" })).toEqual({
      ok: false,
      error: 'Unknown flag "NOPE3".',
    });

    const status = await run({ command: "status.set", brand: "lucky-peso", status: 1, by: "ops", why: "upgrade" });
    expect(status).toEqual({
      ok: true,
      command: "status.set",
      brand: "lucky-peso",
      before: 0,
      after: 1,
      actor: { name: "ops", reason: "upgrade" },
    });
    expect(formatAdminResult(status).text).toBe("lucky-peso status 0 -> 1 (maintenance / IP-restricted page) (by ops: upgrade)");
    expect(await run({ command: "status.get", brand: "lucky-peso" })).toEqual({
      ok: true,
      command: "status.get",
      brand: "lucky-peso",
      status: 1,
    });
    await run({ command: "status.set", brand: "lucky-peso", status: 0, by: "ops", why: "done" });
    await run({ command: "flags.set", brand: "lucky-peso", flag: "COMM3", value: "default", by: "Ana", why: "done" });

    for (const r of [set, list, history, status]) expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(await run({ command: "flags.list", brand: "nobody" })).toEqual({
      ok: false,
      error: 'Unknown brand "nobody". Brands: lucky-peso, perlas-play',
    });
  });
});

describe(`the per-request site state on ${TEST_ENGINE}`, () => {
  it("matches the flags and status read one by one", async () => {
    const registry = await projectBrands();
    const perlas = registry.byId.get("perlas-play")!;
    await setFlag(database.db, perlas, "REWCEN3", true, { name: "t", reason: "t" });
    await setSystemStatus(database.db, perlas, 2, { name: "t", reason: "t" });
    const state = await getSiteState(database.db, perlas);
    expect(state.flags).toEqual(Object.fromEntries((await listFlags(database.db, perlas)).map((f) => [f.name, f.effective])));
    expect(state.flags.REWCEN3).toBe(true);
    expect(state.status).toBe(2);
    const lucky = await getSiteState(database.db, registry.byId.get("lucky-peso")!);
    expect(lucky.status).toBe(0);
    expect(lucky.flags.REWCEN3).toBe(true);
    expect(lucky.flags.FREEPLAY3).toBe(true);
  });
});
