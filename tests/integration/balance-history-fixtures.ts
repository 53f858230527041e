/** What the header balance's and the transaction history's tests share: a served app per test file, members with money, deposits and withdrawals in any state, readers of the rendered page. */
import crypto from "node:crypto";

import { beforeAll } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { paymentOrders, withdrawals } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";

export let database: Database;
export let registry: BrandRegistry;
export let port: number;
export let lucky: Brand;
export let perlas: Brand;

/** The file's own database, the project brands and the app served on them (servedApp). */
export function setUpBalanceHistory() {
  const app = servedApp();
  beforeAll(() => {
    ({ database, registry, port } = app);
    lucky = registry.byId.get("lucky-peso")!;
    perlas = registry.byId.get("perlas-play")!;
  });
}

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;
/** Manila is UTC+8 all year: the instant a market day's clock shows `hh:mm`. */
export const manila = (day: string, hh: number, mm = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 8 * HOUR + hh * HOUR + mm * 60_000);
/** Today's date on the market's calendar, shifted by `days`. */
export const marketDay = (days = 0) => new Date(Date.now() + 8 * HOUR + days * DAY).toISOString().slice(0, 10);
export const publicId = (prefix: "D" | "W") => prefix + crypto.randomBytes(8).toString("hex").toUpperCase();

let serial = 0;
export async function signedIn(brand: Brand, extra: { type?: number } = {}) {
  const member = await createMember(database.db, brand, {
    username: `bh${Date.now() % 1e6}${serial++}`,
    password: "goodpass12",
    ...extra,
  });
  const jar = new Jar(port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  return { jar, member };
}

export async function credit(brand: Brand, memberId: number, amount: bigint) {
  await postTransfer(database.db, brand, {
    key: `test-adjust:${crypto.randomUUID()}`,
    kind: "adjustment",
    reference: `support:test`,
    legs: [
      { account: { house: "house:adjustments" }, amount: -amount },
      { account: { memberId, kind: "cash" }, amount },
    ],
  });
}

export async function deposit(
  brand: Brand,
  memberId: number,
  o: {
    state: "pending" | "paid" | "failed" | "expired";
    at: Date;
    amount?: bigint;
    fee?: bigint;
    channel?: string;
    reason?: string;
  },
) {
  const id = publicId("D");
  const amount = o.amount ?? 500_00n;
  const fee = o.fee ?? 0n;
  let transferId: number | null = null;
  if (o.state === "paid") {
    const t = await postTransfer(database.db, brand, {
      key: `deposit:${id}`,
      kind: "deposit",
      reference: `order:${id}`,
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -(amount - fee) },
        { account: { memberId, kind: "cash" }, amount: amount - fee },
      ],
    });
    transferId = t.id;
  }
  await database.db.insert(paymentOrders).values({
    merchantCode: brand.merchantCode,
    publicId: id,
    memberId,
    gateway: "sandbox",
    channel: o.channel ?? "gcash",
    amount,
    fee,
    credit: amount - fee,
    state: o.state,
    failureReason: o.reason ?? null,
    transferId,
    createdAt: o.at,
    expiresAt: new Date(o.at.getTime() + 30 * 60_000),
  });
  return id;
}

export async function withdrawal(
  brand: Brand,
  memberId: number,
  o: { state: "pending" | "approved" | "paid" | "rejected" | "failed"; at: Date; amount?: bigint; reason?: string },
) {
  const id = publicId("W");
  const amount = o.amount ?? 300_00n;
  await credit(brand, memberId, amount);
  const hold = await postTransfer(database.db, brand, {
    key: `hold:${id}`,
    kind: "withdrawal_hold",
    reference: `withdrawal:${id}`,
    legs: [
      { account: { memberId, kind: "cash" }, amount: -amount },
      { account: { house: "house:holds" }, amount },
    ],
  });
  let settleTransferId: number | null = null;
  if (o.state === "paid" || o.state === "rejected" || o.state === "failed") {
    const paid = o.state === "paid";
    const settle = await postTransfer(database.db, brand, {
      key: `settle:${id}`,
      kind: paid ? "withdrawal_payout" : "withdrawal_release",
      reference: `withdrawal:${id}`,
      legs: [
        { account: { house: "house:holds" }, amount: -amount },
        { account: paid ? { house: "house:clearing:sandbox" } : { memberId, kind: "cash" }, amount },
      ],
    });
    settleTransferId = settle.id;
  }
  await database.db.insert(withdrawals).values({
    merchantCode: brand.merchantCode,
    publicId: id,
    memberId,
    amount,
    state: o.state,
    payoutMethod: "gcash",
    payoutAccountNumber: "09171234567",
    payoutHolderName: "Juan Dela Cruz",
    gateway: "sandbox",
    reason: o.reason ?? null,
    holdTransferId: hold.id,
    settleTransferId,
    createdAt: o.at,
  });
  return id;
}

export const header = (body: string) => body.match(/<header[\s\S]*?<\/header>/)?.[0] ?? "";
/** The amount the header shows (the element labelled "Balance"). */
export const headerAmount = (body: string) => header(body).match(/aria-label="Balance"[^>]*>([^<]*)</)?.[1];
/** The public ids of the rendered history rows, in page order. */
export const rows = (body: string) => [...body.matchAll(/<p class="font-mono[^"]*">([DW][0-9A-F]{16})<\/p>/g)].map((m) => m[1]);
export const alert = (body: string) => body.match(/role="alert"[^>]*>([^<]*)</)?.[1];
