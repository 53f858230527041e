import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Brand, DepositChannelId, GatewayId } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members, paymentEvents, paymentOrders } from "~/db/schema";
import { isRealMember } from "~/domain/accounts/member-types";
import { assertMayDeposit, ComplianceRefusedError } from "~/domain/compliance/gates.server";
import { depositLimitReached } from "~/domain/compliance/limits.server";
import { takeHit } from "~/domain/site/rate-limit.server";
import { postTransfer, type Leg } from "~/domain/wallet/ledger.server";
import { addTurnoverRequirement } from "~/domain/wallet/turnover.server";
import { publicId } from "~/utils/tokens.server";
import type { GatewayEvent, PaymentGateway } from "./ports";

/**
 * Deposits: a pending order per checkout, credited to the member's cash account
 * exactly once when the gateway says it was paid (webhook or reconciliation).
 */

export type PaymentOrder = typeof paymentOrders.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DepositChannelOption {
  id: DepositChannelId;
  minCentavos: bigint;
  maxCentavos: bigint;
  quickAmountsCentavos: bigint[];
  fee: { payer: "player" | "house"; percentBps: number; fixedCentavos: bigint };
}

/** The brand's deposit channels, in the brand file's order. */
export function depositOptions(brand: Brand): DepositChannelOption[] {
  return brand.payments.channels.map((c) => ({
    id: c.id,
    minCentavos: BigInt(c.minCentavos),
    maxCentavos: BigInt(c.maxCentavos),
    quickAmountsCentavos: c.quickAmountsCentavos.map((q) => BigInt(q)),
    fee: { payer: c.fee.payer, percentBps: c.fee.percentBps, fixedCentavos: BigInt(c.fee.fixedCentavos) },
  }));
}

/** Why a deposit was refused; each has a message `deposit.errors.<code>` (params are formatted pesos). */
export type DepositRefusal =
  | "unknown_channel"
  | "below_min"
  | "above_max"
  | "no_credit"
  | "free_reject"
  | "disabled"
  | "too_many_open"
  | "too_many_recent"
  | "gateway_unavailable";

export class DepositRefusedError extends Error {
  constructor(
    readonly code: DepositRefusal,
    /** Centavo amounts the message names (the channel's minimum or maximum). */
    readonly centavos?: bigint,
  ) {
    super(`deposit refused: ${code}`);
  }
}

export interface DepositQuote {
  channel: DepositChannelOption;
  amount: bigint;
  fee: bigint;
  credit: bigint;
}

/** The fee of a channel for an amount: what the channel costs, whoever pays it. */
export function depositFee(channel: DepositChannelOption, amount: bigint): bigint {
  // Rounded up to the next centavo: ceil(a * bps / 10000) computed as (a * bps + 9999) / 10000 in
  // integers, so a fraction of a centavo is never lost to the house's books and never a float.
  const percent = (amount * BigInt(channel.fee.percentBps) + 9999n) / 10000n;
  return percent + channel.fee.fixedCentavos;
}

export function quoteDeposit(brand: Brand, channelId: string, amount: bigint): DepositQuote {
  const channel = depositOptions(brand).find((c) => c.id === channelId);
  if (!channel) throw new DepositRefusedError("unknown_channel");
  if (amount < channel.minCentavos) throw new DepositRefusedError("below_min", channel.minCentavos);
  if (amount > channel.maxCentavos) throw new DepositRefusedError("above_max", channel.maxCentavos);
  const fee = depositFee(channel, amount);
  const credit = channel.fee.payer === "player" ? amount - fee : amount;
  if (credit <= 0n) throw new DepositRefusedError("no_credit");
  return { channel, amount, fee, credit };
}

/** Open orders a member may have at once, and orders per hour (a runaway script or a bored thumb). */
export const OPEN_ORDER_LIMIT = 5;
export const HOURLY_ORDER_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };
export const ORDER_LIFETIME_MS = 30 * 60 * 1000;

/** "D" and 16 base32 characters. */
export const newOrderId = () => publicId("D");

export interface DepositMember {
  id: number;
  type: number;
  status: string;
}

export interface DepositUrls {
  returnUrl(orderId: string): string;
  cancelUrl(orderId: string): string;
}

export async function createDepositOrder(
  db: Db,
  brand: Brand,
  gateway: PaymentGateway,
  member: DepositMember,
  input: { channel: string; amount: bigint },
  urls: DepositUrls,
): Promise<PaymentOrder> {
  if (!isRealMember(member.type)) throw new DepositRefusedError("free_reject");
  if (member.status !== "active") throw new DepositRefusedError("disabled");
  const quote = quoteDeposit(brand, input.channel, input.amount);
  // Responsible gaming and the regulator's rules (the route shows which one refused).
  await assertMayDeposit(db, brand, member.id, quote.amount);
  const hit = await takeHit(db, brand, `deposit-orders:${member.id}`, HOURLY_ORDER_LIMIT);
  if (!hit.allowed) throw new DepositRefusedError("too_many_recent");

  const publicId = newOrderId();
  const order = await db.transaction(async (tx) => {
    // The member's row is the lock that serialises their order creations, so parallel
    // posts cannot each see four open orders and all insert a fifth and sixth.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for("update");
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.merchantCode, brand.merchantCode),
          eq(paymentOrders.memberId, member.id),
          eq(paymentOrders.state, "pending"),
          gt(paymentOrders.expiresAt, sql`now()`),
        ),
      );
    if (Number(open!.n) >= OPEN_ORDER_LIMIT) throw new DepositRefusedError("too_many_open");
    // The player's own deposit limits, under the same lock: parallel orders cannot share the room left.
    const reached = await depositLimitReached(tx as unknown as Db, brand, member.id, quote.amount);
    if (reached) throw new ComplianceRefusedError({ rule: "limit", limit: reached });
    const [row] = await tx
      .insert(paymentOrders)
      .values({
        merchantCode: brand.merchantCode,
        publicId,
        memberId: member.id,
        gateway: gateway.id,
        channel: quote.channel.id,
        amount: quote.amount,
        fee: quote.fee,
        credit: quote.credit,
        currency: "PHP",
        state: "pending",
        expiresAt: sql`now() + interval '30 minutes'`,
      })
      .returning();
    return row!;
  });

  let session;
  try {
    session = await gateway.createCheckout({
      merchantCode: brand.merchantCode,
      orderId: publicId,
      amount: quote.amount,
      currency: "PHP",
      channel: quote.channel.id,
      description: `${brand.displayName} deposit ${publicId}`,
      returnUrl: urls.returnUrl(publicId),
      cancelUrl: urls.cancelUrl(publicId),
    });
  } catch (err) {
    // Whatever went wrong, no checkout exists that we know of: the order can never be paid through us.
    await db
      .update(paymentOrders)
      .set({ state: "failed", failureReason: "gateway_unavailable", updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, "pending")));
    console.warn(`deposit ${publicId}: the gateway refused the checkout: ${(err as Error).message}`);
    throw new DepositRefusedError("gateway_unavailable");
  }
  const [saved] = await db
    .update(paymentOrders)
    .set({ gatewayRef: session.gatewayRef, checkoutUrl: session.checkoutUrl, updatedAt: sql`now()` })
    .where(eq(paymentOrders.id, order.id))
    .returning();
  return saved!;
}

/**
 * Where a checkout may send the player: the sandbox's page on the brand's own origin, or
 * PayMongo's hosted checkout. Anything else (a gateway answer gone wrong) is refused rather
 * than followed, so no adapter bug can turn the deposit pages into an open redirect.
 */
export function isAllowedCheckoutUrl(checkoutUrl: string | null, ownOrigin: string): boolean {
  if (!checkoutUrl) return false;
  let url: URL;
  try {
    url = new URL(checkoutUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin === ownOrigin && /^\/sandbox-gateway\/checkout\/[A-Za-z0-9_-]+$/.test(url.pathname)) return true;
  return url.protocol === "https:" && url.host === "checkout.paymongo.com";
}

/** A member's order of this brand, or null (someone else's order is as good as none). */
export async function getMemberOrder(db: Db, brand: Brand, memberId: number, publicId: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.merchantCode, brand.merchantCode),
        eq(paymentOrders.memberId, memberId),
        eq(paymentOrders.publicId, publicId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type PaymentEvent = Extract<GatewayEvent, { type: "payment.paid" | "payment.failed" }>;
export type SettleOutcome = "settled" | "duplicate" | "unknown" | "mismatch";

/**
 * The deposit transfer's legs. Who paid the fee is read from the order's own numbers
 * (credit + fee = amount: the player; credit = amount: the house), not from today's
 * brand file, which may have changed since the order was made.
 */
export function depositLegs(order: Pick<PaymentOrder, "memberId" | "amount" | "fee" | "credit" | "gateway">): Leg[] {
  const clearing = { house: `house:clearing:${order.gateway}` as const };
  const playerPaidFee = order.credit + order.fee === order.amount;
  const legs: Leg[] = playerPaidFee
    ? [
        { account: clearing, amount: -order.amount },
        { account: { memberId: order.memberId, kind: "cash" }, amount: order.credit },
        { account: { house: "house:fees" }, amount: order.fee },
      ]
    : [
        // The gateway keeps its fee, so clearing is owed the amount less the fee, which the house bears.
        { account: clearing, amount: -order.amount + order.fee },
        { account: { memberId: order.memberId, kind: "cash" }, amount: order.credit },
        { account: { house: "house:fees" }, amount: -order.fee },
      ];
  return legs.filter((l) => l.amount !== 0n);
}

async function lockOrder(tx: Tx, brand: Brand, gateway: string, gatewayRef: string): Promise<PaymentOrder | null> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.merchantCode, brand.merchantCode),
        eq(paymentOrders.gateway, gateway),
        eq(paymentOrders.gatewayRef, gatewayRef),
      ),
    )
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Records the event once; false when this gateway's event id was seen before. */
async function recordEvent(tx: Tx, brand: Brand, gateway: string, event: PaymentEvent, subject: string, outcome: string) {
  const [row] = await tx
    .insert(paymentEvents)
    .values({ gateway, eventId: event.eventId, merchantCode: brand.merchantCode, type: event.type, subject, outcome })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return Boolean(row);
}

/**
 * Applies a verified payment event to its order, once. The order's row lock, the event
 * id's primary key, the transfer key `deposit:<order>` and the state guard each stop a
 * second credit: replays of one event, and other events about the same payment.
 */
export async function settlePaymentEvent(db: Db, brand: Brand, gateway: GatewayId, event: PaymentEvent): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, brand, gateway, event.gatewayRef);
    if (!order) return "unknown";
    if (event.type === "payment.failed") {
      const moved = await tx
        .update(paymentOrders)
        .set({ state: "failed", failureReason: event.reason.slice(0, 200), updatedAt: sql`now()` })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, "pending")))
        .returning({ id: paymentOrders.id });
      const fresh = await recordEvent(
        tx,
        brand,
        gateway,
        event,
        order.publicId,
        moved.length ? "failed" : `ignored:${order.state}`,
      );
      return fresh ? "settled" : "duplicate";
    }
    if (event.amount !== order.amount || event.currency !== order.currency) {
      console.warn(
        `deposit ${order.publicId}: payment event ${event.eventId} refused as a mismatch (${event.amount} ${event.currency}, order ${order.amount} ${order.currency})`,
      );
      return "mismatch";
    }
    if (order.state === "paid") {
      await recordEvent(tx, brand, gateway, event, order.publicId, "already_paid");
      return "duplicate";
    }
    if (!(await recordEvent(tx, brand, gateway, event, order.publicId, "credited"))) return "duplicate";
    const transfer = await postTransfer(tx, brand, {
      key: `deposit:${order.publicId}`,
      kind: "deposit",
      reference: `order:${order.publicId}`,
      legs: depositLegs(order),
    });
    // "Turnover x N" rides on the credit itself: a deposit is never in the balance without its requirement.
    await addTurnoverRequirement(tx, brand, order.memberId, order.amount);
    // A late payment of an expired or failed order is still credited: the gateway took the
    // player's money, and refusing the credit would keep it without a trace in their balance.
    await tx
      .update(paymentOrders)
      .set({
        state: "paid",
        transferId: transfer.id,
        gatewayPaymentId: event.paymentId,
        failureReason: null,
        settledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentOrders.id, order.id), inArray(paymentOrders.state, ["pending", "expired", "failed"])));
    return "settled";
  });
}
