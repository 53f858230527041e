import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { auditLog, promotionApplications, promotions, walletTransfers } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { applyForPromotion } from "../../app/domain/promotions/applications.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { turnoverRemaining } from "../../app/domain/wallet/turnover.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/** `npm run promotions`: reviewing applications, run as the admin channel runs them. */

let database: Database;
let registry: BrandRegistry;
let dir: string;

const lucky = () => registry.byId.get("lucky-peso")!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req);
const who = { by: "tess", why: "promotion review test" };

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "promotions-cli-"));
  const promo = (key: string, title: string) => ({
    kind: "promotion",
    brand: "lucky-peso",
    key,
    language: "en",
    title,
    html: "<p>Send a screenshot of your deposit.</p>",
    start: "2026-01-01",
    noExpiry: true,
    categories: ["deposit_promo"],
  });
  fs.writeFileSync(
    path.join(dir, "promos.json"),
    JSON.stringify([promo("reload", "Reload bonus"), promo("cashback", "Cashback")]),
  );
  const published = await run({ command: "content.publish", path: dir, ...who });
  if (!published.ok || !published.files.every((f) => f.ok)) throw new Error(JSON.stringify(published));
  for (const key of ["reload", "cashback"]) {
    const opened = await run({ command: "promotions.intake", brand: "lucky-peso", key, open: true, ...who });
    if (!opened.ok) throw new Error(opened.error);
  }
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
async function applicant(key = "reload", images: Buffer[] = []) {
  const member = await createMember(database.db, lucky(), { username: `promo${++seq}x`, password: "goodpass12", type: 0 });
  const [p] = await database.db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, lucky().merchantCode), eq(promotions.key, key)));
  const applied = await applyForPromotion(
    database.db,
    lucky(),
    { memberId: member.id, type: 0 },
    {
      promotionId: p!.id,
      comment: "Deposited 500 yesterday",
      images: images.map((bytes, i) => ({ name: `shot${i}.png`, bytes })),
    },
  );
  if (!applied.ok) throw new Error(JSON.stringify(applied));
  return { member, id: applied.id };
}

const audits = (id: number) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantCode, lucky().merchantCode), eq(auditLog.subject, `promotion-application:${id}`)));

describe(`npm run promotions on ${TEST_ENGINE}`, () => {
  it("lists applications by status and shows one with its images for export", async () => {
    const png = await sharp({ create: { width: 8, height: 5, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const { id, member } = await applicant("reload", [png]);
    const list = await run({ command: "promotions.list", brand: "lucky-peso", status: "applying" });
    expect(list.ok && list.applications.map((a) => a.id)).toContain(id);
    const row = list.ok ? list.applications.find((a) => a.id === id)! : null;
    expect(row).toMatchObject({ username: member.username, promotionKey: "reload", status: "applying", images: 1, bonus: null });
    expect(formatAdminResult(list).text).toContain(member.username);

    const plain = await run({ command: "promotions.show", brand: "lucky-peso", id });
    expect(plain.ok && plain.files).toEqual([]);
    const shown = await run({ command: "promotions.show", brand: "lucky-peso", id, images: true });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.files).toHaveLength(1);
    const meta = await sharp(Buffer.from(shown.files[0]!.base64, "base64")).metadata();
    expect(meta).toMatchObject({ format: "png", width: 8, height: 5 });
    expect(formatAdminResult(shown).text).toContain("Deposited 500 yesterday");

    const other = await run({ command: "promotions.show", brand: "perlas-play", id });
    expect(other).toEqual({ ok: false, error: `No application ${id} in perlas-play.` });
  });

  it("credits an approved bonus once under parallel approves, with its turnover, audited", async () => {
    const { id, member } = await applicant();
    const brand = lucky();
    const turnoverBefore = await turnoverRemaining(database.db, brand, member.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => run({ command: "promotions.approve", brand: "lucky-peso", id, bonus: "150.50", ...who })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !("replayed" in r && r.replayed))).toHaveLength(1);
    expect(await getBalance(database.db, brand, member.id, "cash")).toBe(15_050n);
    expect(await turnoverRemaining(database.db, brand, member.id)).toBe(
      turnoverBefore + 15_050n * BigInt(brand.play.turnoverMultiplier),
    );
    const transfers = await database.db
      .select()
      .from(walletTransfers)
      .where(
        and(
          eq(walletTransfers.merchantCode, brand.merchantCode),
          eq(walletTransfers.idempotencyKey, `promotion-application:${id}`),
        ),
      );
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.kind).toBe("bonus");

    // A repeat names another bonus: nothing changes, and it says so.
    const again = await run({ command: "promotions.approve", brand: "lucky-peso", id, bonus: "999", ...who });
    expect(again.ok && again.replayed).toBe(true);
    expect(formatAdminResult(again).text).toContain("nothing changed");
    expect(await getBalance(database.db, brand, member.id, "cash")).toBe(15_050n);

    const [row] = await database.db.select().from(promotionApplications).where(eq(promotionApplications.id, id));
    expect(row).toMatchObject({ status: "issued", bonus: 15_050n, transferId: transfers[0]!.id, reviewedBy: "tess" });
    const audit = await audits(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ oldValue: "applying", actor: "tess", reason: "promotion review test" });
    expect(audit[0]!.newValue).toContain("150.50");

    const reject = await run({ command: "promotions.reject", brand: "lucky-peso", id, ...who });
    expect(reject).toEqual({ ok: false, error: `Application ${id} was already issued.` });
  });

  it("uses the promotion's own turnover multiplier when support staff set one", async () => {
    const set = await run({
      command: "promotions.intake",
      brand: "lucky-peso",
      key: "cashback",
      open: true,
      turnover: 5,
      ...who,
    });
    expect(set.ok).toBe(true);
    const { id, member } = await applicant("cashback");
    const before = await turnoverRemaining(database.db, lucky(), member.id);
    expect((await run({ command: "promotions.approve", brand: "lucky-peso", id, bonus: "20", ...who })).ok).toBe(true);
    expect(await turnoverRemaining(database.db, lucky(), member.id)).toBe(before + 2_000n * 5n);
  });

  it("rejects once (conditionally), audited, and the member may apply again", async () => {
    const { id, member } = await applicant();
    const results = await Promise.all(
      [1, 2, 3].map(() => run({ command: "promotions.reject", brand: "lucky-peso", id, ...who })),
    );
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await getBalance(database.db, lucky(), member.id, "cash")).toBe(0n);
    expect(await audits(id)).toHaveLength(1);
    const approve = await run({ command: "promotions.approve", brand: "lucky-peso", id, bonus: "10", ...who });
    expect(approve).toEqual({ ok: false, error: `Application ${id} was already rejected.` });
    const list = await run({ command: "promotions.list", brand: "lucky-peso", status: "rejected" });
    expect(list.ok && list.applications.map((a) => a.id)).toContain(id);
  });

  it("refuses a bad bonus, an unknown application or promotion, and a missing reason", async () => {
    const { id } = await applicant();
    for (const bonus of ["abc", "-5", "0", "1.234", "1e3"]) {
      const r = await run({ command: "promotions.approve", brand: "lucky-peso", id, bonus, ...who });
      expect(r.ok, bonus).toBe(false);
    }
    expect((await run({ command: "promotions.approve", brand: "lucky-peso", id: 999_999, bonus: "5", ...who })).ok).toBe(false);
    expect((await run({ command: "promotions.approve", brand: "lucky-peso", id, bonus: "5", by: "tess", why: " " })).ok).toBe(
      false,
    );
    expect((await run({ command: "promotions.intake", brand: "lucky-peso", key: "nope", open: true, ...who })).ok).toBe(false);
    const [row] = await database.db.select().from(promotionApplications).where(eq(promotionApplications.id, id));
    expect(row!.status).toBe("applying");
    expect(await audits(id)).toHaveLength(0);
  });

  it("audits opening and closing a promotion's intake", async () => {
    const closed = await run({ command: "promotions.intake", brand: "lucky-peso", key: "reload", open: false, ...who });
    expect(closed).toMatchObject({ ok: true, before: true, after: false });
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, lucky().merchantCode), eq(auditLog.subject, "promotion-intake:reload")));
    expect(rows.map((r) => r.newValue)).toContain("closed");
  });
});
