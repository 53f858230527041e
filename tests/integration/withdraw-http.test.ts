import type http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { withdrawals } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import type { Payments, PayoutGateway, PayoutRequest } from "../../app/domain/payments/ports";
import { withdrawable } from "../../app/domain/payments/withdrawals.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
});

const lucky = () => registry.byId.get("lucky-peso")!;

let seq = 0;
/** A signed-in member of Lucky Peso on a fresh jar, with `cash` centavos. */
async function signedIn(cash: bigint, type = 0) {
  const brand = lucky();
  const member = await createMember(database.db, brand, { username: `wdhttp${++seq}`, password: "goodpass12", type });
  if (cash > 0n) {
    await postTransfer(database.db, brand, {
      key: `test-deposit:${member.id}`,
      kind: "deposit",
      reference: `test:${member.id}`,
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -cash },
        { account: { memberId: member.id, kind: "cash" }, amount: cash },
      ],
    });
  }
  const jar = new Jar(port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  await jar.get("/m/withdraw");
  return { jar, member };
}

/** A form's error as rendered. */
const shows = (body: string, text: string) => body.includes(`<li>${text}</li>`);

async function ready(cash: bigint) {
  const p = await signedIn(cash);
  expect((await p.jar.post("/m/withdraw", { intent: "set-pin", pin: "135790", confirmPin: "135790" })).status).toBe(302);
  const bound = await p.jar.post("/m/withdraw", {
    intent: "bind-account",
    method: "maya",
    accountNumber: "09181112222",
    holderName: "Maria Clara",
  });
  expect(bound.status).toBe(302);
  return p;
}

describe(`/m/withdraw over HTTP without JavaScript on ${TEST_ENGINE}`, () => {
  it("walks a member through password, account and a request, each a plain post", async () => {
    const { jar, member } = await signedIn(5_000_00n);
    let page = await jar.get("/m/withdraw");
    expect(page.status).toBe(200);
    expect(page.body).toContain('value="set-pin"');
    expect(page.body).not.toContain('value="withdraw"');

    let r = await jar.post("/m/withdraw", { intent: "set-pin", pin: "12345", confirmPin: "12345" });
    expect(r.status).toBe(400);
    expect(shows(r.body, "The payment password is 6 digits")).toBe(true);
    r = await jar.post("/m/withdraw", { intent: "set-pin", pin: "135790", confirmPin: "135791" });
    expect(shows(r.body, "The two payment passwords differ")).toBe(true);
    r = await jar.post("/m/withdraw", { intent: "set-pin", pin: "135790", confirmPin: "135790" });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/withdraw");

    page = await jar.get("/m/withdraw");
    expect(page.body).toContain("Payment password saved");
    expect(page.body).toContain('value="bind-account"');
    r = await jar.post("/m/withdraw", { intent: "bind-account", method: "gcash", accountNumber: "0917123", holderName: "Juan" });
    expect(r.status).toBe(400);
    expect(shows(r.body, "Enter the 11-digit mobile number starting with 09")).toBe(true);
    r = await jar.post("/m/withdraw", {
      intent: "bind-account",
      method: "bank",
      accountNumber: "1234567890",
      holderName: "Juan",
    });
    expect(shows(r.body, "Choose a bank from the list")).toBe(true);
    r = await jar.post("/m/withdraw", {
      intent: "bind-account",
      method: "bank",
      bank: "BDO",
      accountNumber: "1234567890",
      holderName: "Juan Dela Cruz",
    });
    expect(r.status).toBe(302);

    page = await jar.get("/m/withdraw?all=1");
    expect(page.body).toContain("₱5,000.00");
    expect(page.body).toMatch(/name="amount"[^>]*value="5000"|value="5000"[^>]*name="amount"/);
    expect(page.body).toContain("3 of 3 withdrawals left today");

    r = await jar.post("/m/withdraw", { intent: "withdraw", amount: "1,250.50", paymentPassword: "000000" });
    expect(r.status).toBe(400);
    expect(shows(r.body, "The payment password is wrong")).toBe(true);
    r = await jar.post("/m/withdraw", { intent: "withdraw", amount: "1,250.50", paymentPassword: "135790" });
    expect(r.status).toBe(302);
    page = await jar.get("/m/withdraw");
    expect(page.body).toContain("Withdrawal requested");
    expect(page.body).toContain("₱1,250.50");
    expect(page.body).toContain("Pending review");
    expect(page.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(page.body).toContain("2 of 3 withdrawals left today");
    expect(await withdrawable(database.db, lucky(), member.id)).toBe(5_000_00n - 1_250_50n);

    // The account change needs the payment password.
    r = await jar.post("/m/withdraw", {
      intent: "change-account",
      method: "gcash",
      accountNumber: "09170000001",
      holderName: "Juan Dela Cruz",
      paymentPassword: "999999",
    });
    expect(r.status).toBe(400);
    r = await jar.post("/m/withdraw", {
      intent: "change-account",
      method: "gcash",
      accountNumber: "09170000001",
      holderName: "Juan Dela Cruz",
      paymentPassword: "135790",
    });
    expect(r.status).toBe(302);
    expect((await jar.get("/m/withdraw")).body).toContain("*******0001");
    r = await jar.post("/m/withdraw", { intent: "change-pin", oldPin: "135790", pin: "246802", confirmPin: "246802" });
    expect(r.status).toBe(302);
  });

  it("answers hostile amounts with a translated 400 and holds nothing", async () => {
    const { jar, member } = await ready(5_000_00n);
    for (const amount of ["-100", "0", "1e3", "١٠٠٠", "1000000000000000000000000000000", "0.001", "", "12.345", "NaN", "500 "]) {
      const r = await jar.post("/m/withdraw", { intent: "withdraw", amount, paymentPassword: "135790" });
      if (amount === "500 ") {
        expect(r.status, amount).toBe(302);
        continue;
      }
      expect(r.status, amount).toBe(400);
      expect(shows(r.body, "Enter an amount in pesos, up to 2 decimals") || shows(r.body, "Enter an amount"), amount).toBe(true);
    }
    let r = await jar.post("/m/withdraw", { intent: "withdraw", amount: "150", paymentPassword: "135790" });
    expect(shows(r.body, "The smallest withdrawal is ₱200.00")).toBe(true);
    r = await jar.post("/m/withdraw", { intent: "withdraw", amount: "4,600", paymentPassword: "135790" });
    expect(shows(r.body, "Your withdrawable balance is not enough")).toBe(true);
    r = await jar.post("/m/withdraw", { intent: "nonsense" });
    expect(r.status).toBe(400);
    r = await jar.post("/m/withdraw", { intent: "withdraw", amount: "300", paymentPassword: "135790" }, { csrf: false });
    expect(r.status).toBe(403);
    expect(await withdrawable(database.db, lucky(), member.id)).toBe(4_500_00n);
  });

  it("shows a guest the free_reject prompt and refuses its posts", async () => {
    const { jar, member } = await signedIn(0n, 4);
    const page = await jar.get("/m/withdraw");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Please login an actual account to use this function");
    expect(page.body).not.toContain('name="intent"');
    const r = await jar.post("/m/withdraw", { intent: "set-pin", pin: "135790", confirmPin: "135790" });
    expect(r.status).toBe(403);
    const rows = await database.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.id));
    expect(rows).toEqual([]);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const r = await new Jar(port, lucky().hosts[0]).get("/m/withdraw");
    expect(r.status).toBe(302);
    expect(r.headers.location).toContain("/m/login");
  });
});

describe("support's withdrawal commands (runAdminCommand)", () => {
  const sent: PayoutRequest[] = [];
  const gateway: PayoutGateway = {
    id: "sandbox",
    async createPayout(req) {
      sent.push(req);
      return { payoutRef: `po_${req.withdrawalId}` };
    },
    async payoutStatus() {
      return { state: "pending" };
    },
  };
  const payments: Payments = {
    payoutGateway: () => gateway,
    depositGateway: () => {
      throw new Error("no deposits in this test");
    },
    gatewayFor: () => null,
  };

  it("lists, shows, approves and rejects, with the reason the player then reads", async () => {
    const { jar, member } = await ready(3_000_00n);
    for (const amount of ["1000", "500"])
      expect((await jar.post("/m/withdraw", { intent: "withdraw", amount, paymentPassword: "135790" })).status).toBe(302);
    const list = await runAdminCommand(
      database.db,
      registry,
      { command: "withdrawals.list", brand: "lucky-peso", state: "pending" },
      { payments },
    );
    if (!list.ok) throw new Error(list.error);
    const mine = list.withdrawals.filter((w) => w.username === member.username);
    expect(mine.map((w) => w.amount)).toEqual(["50000", "100000"]);
    expect(mine[0]!.accountNumber).toBe("*******2222");
    expect(formatAdminResult(list).text).toContain("₱1,000.00");

    const [small, big] = mine;
    const approved = await runAdminCommand(
      database.db,
      registry,
      { command: "withdrawals.approve", brand: "lucky-peso", id: big!.id, by: "Ana", why: "documents checked" },
      { payments },
    );
    expect(approved.ok && approved.payoutSent).toBe(true);
    expect(sent.map((s) => s.idempotencyKey)).toEqual([`payout:${big!.id}`]);
    expect(formatAdminResult(approved).text).toContain(`payout po_${big!.id} sent`);
    const again = await runAdminCommand(
      database.db,
      registry,
      { command: "withdrawals.approve", brand: "lucky-peso", id: big!.id, by: "Ana", why: "again" },
      { payments },
    );
    expect(again).toEqual({ ok: false, error: `Withdrawal ${big!.id} is approved, not pending: nothing changed.` });
    const noGateway = await runAdminCommand(database.db, registry, {
      command: "withdrawals.approve",
      brand: "lucky-peso",
      id: small!.id,
      by: "Ana",
      why: "x",
    });
    expect(noGateway.ok).toBe(false);
    expect(
      await runAdminCommand(database.db, registry, {
        command: "withdrawals.reject",
        brand: "lucky-peso",
        id: small!.id,
        by: "Ana",
        why: "",
      }),
    ).toEqual({ ok: false, error: "--why is required" });

    const rejected = await runAdminCommand(database.db, registry, {
      command: "withdrawals.reject",
      brand: "lucky-peso",
      id: small!.id,
      by: "Ana",
      why: "The account name does not match",
    });
    expect(rejected.ok && rejected.withdrawal.state).toBe("rejected");
    expect(await withdrawable(database.db, lucky(), member.id)).toBe(2_000_00n);
    const page = await jar.get("/m/withdraw");
    expect(page.body).toContain("Rejected");
    expect(page.body).toContain("The account name does not match");
    expect(page.body).toContain("Processing");

    const shown = await runAdminCommand(database.db, registry, { command: "withdrawals.show", brand: "lucky-peso", id: big!.id });
    expect(shown.ok && shown.withdrawal).toMatchObject({ state: "approved", payoutRef: `po_${big!.id}`, reviewedBy: "Ana" });
    expect(
      await runAdminCommand(database.db, registry, { command: "withdrawals.show", brand: "lucky-peso", id: "not-an-id" }),
    ).toMatchObject({ ok: false });
  });
});
