import type http from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import { launchTokens, paymentOrders, withdrawals } from "../../app/db/schema";
import { ComplianceRefusedError } from "../../app/domain/compliance/gates.server";
import { setPaymentPassword } from "../../app/domain/payments/payment-password.server";
import { bindPayoutAccount } from "../../app/domain/payments/payout-accounts.server";
import { requestWithdrawal } from "../../app/domain/payments/withdrawals.server";
import { auditHistory } from "../../app/domain/site/audit.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { portOf } from "../setup/http";
import { fund } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { inHouseSlot, servedApp, serveApp } from "../setup/test-server";
import { documents, PHILSYS, picture, postMultipart, shows, signedIn } from "./kyc-fixtures";

/**
 * Issue 16, item 3 from support staff's side (`npm run kyc`, through the same domain function the
 * CLI reaches over the admin channel) and the gates a brand may add: a rejection's reason reaches the
 * player, an approval opens deposits; a brand that also asks before withdrawals and play closes them.
 */
const NODE = 870_301;
const app = servedApp({ seed: inHouseSlot({ nodeId: NODE, code: "KYC_SLOT", name: "Known Faces" }) });
const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;
const db = () => app.database.db;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(db(), app.registry, req);
const PIN = "135790";

/** The project's brands, with Perlas Play asking for a verified identity before withdrawals and play as well. */
function strictRegistry(registry: BrandRegistry): BrandRegistry {
  const brands = registry.brands.map((b): Brand =>
    b.id === "perlas-play" ? { ...b, compliance: { ...b.compliance, kyc: { deposit: true, withdrawal: true, play: true } } } : b,
  );
  const byId = new Map(brands.map((b) => [b.id, b]));
  return { ...registry, brands, byId, byHost: new Map([...registry.byHost].map(([host, b]) => [host, byId.get(b.id)!])) };
}
let strict: { registry: BrandRegistry; server: http.Server; port: number };
beforeAll(async () => {
  const registry = strictRegistry(app.registry);
  const server = await serveApp({ database: app.database, registry });
  strict = { registry, server, port: portOf(server) };
});
afterAll(async () => {
  if (strict?.server) await new Promise((r) => strict.server.close(r));
});

async function submitted(brand = lucky(), port = app.port) {
  const s = await signedIn(db(), port, brand);
  const r = await postMultipart(s.jar, "/m/verify", PHILSYS, documents(await picture("png"), await picture("jpeg")));
  expect(r.status).toBe(302);
  const list = await run({ command: "kyc.list", brand: brand.id });
  if (!list.ok) throw new Error(list.error);
  const id = list.submissions.find((x) => x.username === s.member.username)!.id;
  return { ...s, id };
}

describe(`identity verification review on ${TEST_ENGINE}`, () => {
  it("a rejection's reason reaches the player, who sends again; an approval opens deposits", async () => {
    const { jar, member, id } = await submitted();
    const reason = "The photo of the ID is blurred: please retake it in daylight, with all four corners & no glare.";
    for (const bad of ["", "no", "x".repeat(201)]) {
      const r = await run({ command: "kyc.reject", brand: "lucky-peso", id, by: "tess", reason: bad });
      expect(r.ok, bad).toBe(false);
    }
    const rejected = await run({ command: "kyc.reject", brand: "lucky-peso", id, by: "tess", reason });
    expect(rejected).toMatchObject({ ok: true, submission: { id, state: "rejected", reason, reviewedBy: "tess" } });
    // Decided once: neither a second rejection nor an approval changes it.
    expect(await run({ command: "kyc.reject", brand: "lucky-peso", id, by: "rob", reason: "another reason" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("already rejected by tess"),
    });
    expect((await run({ command: "kyc.approve", brand: "lucky-peso", id, by: "rob" })).ok).toBe(false);

    const page = await jar.get("/m/verify");
    expect(page.body).toContain('data-status="rejected"');
    expect(
      shows(page.body, "The photo of the ID is blurred: please retake it in daylight, with all four corners &amp; no glare."),
    ).toBe(true);
    expect(page.body).toContain('data-testid="kyc-form"');
    const deposit = await jar.get("/m/voucherCenter");
    expect(deposit.body).toContain('data-status="rejected"');
    expect(deposit.body).toContain("Your last verification was not approved:");
    expect(deposit.body).toContain("all four corners &amp; no glare");
    expect(deposit.body).toContain("Send my documents again");

    const again = await postMultipart(jar, "/m/verify", PHILSYS, documents(await picture("png"), await picture("jpeg")));
    expect(again.status).toBe(302);
    const waiting = await run({ command: "kyc.list", brand: "lucky-peso" });
    const second = waiting.ok ? waiting.submissions.find((s) => s.username === member.username)! : null;
    expect(second?.id).not.toBe(id);
    const approved = await run({ command: "kyc.approve", brand: "lucky-peso", id: second!.id, by: "tess" });
    expect(approved).toMatchObject({ ok: true, submission: { state: "approved", reason: null } });

    expect((await jar.get("/m/verify")).body).toContain('data-status="approved"');
    const form = await jar.get("/m/voucherCenter?channel=gcash");
    expect(form.body).toContain('name="amount"');
    expect(form.body).not.toContain('data-testid="kyc-notice"');
    const r = await jar.post("/m/voucherCenter", { channel: "gcash", amount: "500" });
    expect(r.status).toBe(303);
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.memberId, member.id))).toHaveLength(1);

    const audit = await auditHistory(db(), lucky(), "kyc:");
    expect(audit.filter((a) => a.subject === `kyc:${id}`)).toMatchObject([
      { oldValue: "pending", newValue: `rejected: ${reason}`, actor: "tess", reason },
    ]);
    expect(audit.filter((a) => a.subject === `kyc:${second!.id}`)).toMatchObject([{ newValue: "approved", actor: "tess" }]);
  });

  it("lists the brand's waiting ones oldest first, shows one with its pictures, and never another brand's", async () => {
    const first = await submitted();
    const second = await submitted();
    const abroad = await submitted(perlas());
    const list = await run({ command: "kyc.list", brand: "lucky-peso" });
    if (!list.ok) throw new Error(list.error);
    const ids = list.submissions.map((s) => s.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(abroad.id);
    expect(list.submissions.every((s) => s.state === "pending")).toBe(true);

    const shown = await run({ command: "kyc.show", brand: "lucky-peso", id: first.id, pictures: true });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.submission).toMatchObject({ username: first.member.username, idType: "philsys", idNumber: "1234567890123456" });
    expect(shown.pictures.map((p) => [p.name, p.contentType])).toEqual([
      ["id-photo", "image/png"],
      ["selfie", "image/jpeg"],
    ]);
    const meta = await sharp(Buffer.from(shown.pictures[0]!.base64, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 320, 240]);
    // Another brand's id is unknown here, to every command.
    for (const req of [
      { command: "kyc.show", brand: "lucky-peso", id: abroad.id },
      { command: "kyc.approve", brand: "lucky-peso", id: abroad.id, by: "tess" },
      { command: "kyc.reject", brand: "lucky-peso", id: abroad.id, by: "tess", reason: "not yours" },
    ] as const)
      expect(await run(req)).toMatchObject({ ok: false, error: expect.stringContaining("No identity verification") });

    expect((await run({ command: "kyc.approve", brand: "lucky-peso", id: first.id, by: "tess" })).ok).toBe(true);
    const waiting = await run({ command: "kyc.list", brand: "lucky-peso" });
    const all = await run({ command: "kyc.list", brand: "lucky-peso", all: true });
    expect(waiting.ok && waiting.submissions.map((s) => s.id)).not.toContain(first.id);
    expect(all.ok && all.submissions.find((s) => s.id === first.id)?.state).toBe("approved");
  });

  it("by default leaves withdrawals and play open to the unverified", async () => {
    const { jar, member } = await signedIn(db(), app.port, lucky());
    expect((await jar.get("/m/withdraw")).body).not.toContain('data-testid="kyc-notice"');
    const launch = await jar.post(`/m/game/${NODE}`, {});
    expect(launch.status).toBe(303);
    expect(await db().select().from(launchTokens).where(eq(launchTokens.memberId, member.id))).toHaveLength(1);
  });

  it("a brand that asks before withdrawals and play refuses both to the unverified, on every route", async () => {
    const brand = strict.registry.byId.get("perlas-play")!;
    const { jar, member } = await signedIn(db(), strict.port, brand);
    await fund(db(), brand, member.id, 2_000_00n);
    expect(await setPaymentPassword(db(), brand, member.id, PIN)).toEqual({ ok: true });
    expect(
      (
        await bindPayoutAccount(db(), brand, member.id, {
          method: "gcash",
          accountNumber: "09171234567",
          holderName: "Juan Dela Cruz",
        })
      ).ok,
    ).toBe(true);
    const ask = () => jar.post("/m/withdraw", { intent: "withdraw", amount: "500", paymentPassword: PIN });

    const page = await jar.get("/m/withdraw");
    expect(page.body).toContain('data-testid="kyc-notice"');
    expect(page.body).toContain("Before you withdraw, we need to confirm who you are");
    expect(page.body).not.toContain('name="paymentPassword"');
    const refused = await ask();
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('data-testid="kyc-notice"');
    await expect(requestWithdrawal(db(), brand, member, { amount: 500_00n, paymentPassword: PIN })).rejects.toBeInstanceOf(
      ComplianceRefusedError,
    );

    const launch = await jar.post(`/m/game/${NODE}`, {});
    expect(launch.status).toBe(302);
    expect(launch.headers.location).toBe("/m/verify");
    expect((await jar.get("/m/verify")).body).toContain("Please verify your identity before you play.");
    expect(await db().select().from(launchTokens).where(eq(launchTokens.memberId, member.id))).toEqual([]);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.memberId, member.id))).toEqual([]);

    // A trial account plays on demo money: never asked.
    const trial = await signedIn(db(), strict.port, brand, 4);
    expect((await trial.jar.post(`/m/game/${NODE}`, {})).status).toBe(303);

    // Verified: both open, on this brand only (Lucky Peso on this server keeps its defaults).
    const r = await postMultipart(jar, "/m/verify", PHILSYS, documents(await picture("png"), await picture("jpeg")));
    expect(r.status).toBe(302);
    const list = await runAdminCommand(db(), strict.registry, { command: "kyc.list", brand: "perlas-play" });
    const id = list.ok ? list.submissions.find((s) => s.username === member.username)!.id : 0;
    expect(
      (await runAdminCommand(db(), strict.registry, { command: "kyc.approve", brand: "perlas-play", id, by: "tess" })).ok,
    ).toBe(true);
    expect((await jar.post(`/m/game/${NODE}`, {})).status).toBe(303);
    expect((await jar.get("/m/withdraw")).body).not.toContain('data-testid="kyc-notice"');
    expect((await ask()).status).toBe(302);
    expect(await db().select().from(withdrawals).where(eq(withdrawals.memberId, member.id))).toHaveLength(1);
  });
});
