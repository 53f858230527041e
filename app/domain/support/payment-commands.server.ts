import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members, paymentOrders } from "~/db/schema";
import type { Payments } from "~/domain/payments/ports";
import { reconcileBrands } from "~/domain/payments/reconcile.server";

/** Support staff's deposit commands (`npm run payments`); the same functions serve the admin channel and direct mode. */
export const ORDER_STATES = ["pending", "paid", "failed", "expired"] as const;

export const paymentCommandSchemas = [
  z.object({
    command: z.literal("payments.reconcile"),
    /** A brand id, or "all" (the default). */
    brand: z.string().optional(),
  }),
  z.object({
    command: z.literal("payments.orders"),
    brand: z.string(),
    state: z.enum(ORDER_STATES, { message: `--state must be one of ${ORDER_STATES.join(", ")}` }).optional(),
    limit: z.number().int().min(1, "--limit must be at least 1").max(500, "--limit must be at most 500").default(50),
  }),
] as const;

type PaymentCommand = z.output<(typeof paymentCommandSchemas)[number]>;

export interface BrandReconcileView {
  brand: string;
  /** False: another process held this brand's lease, so this run left it alone. */
  ran: boolean;
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  errors: number;
  /** Approved withdrawals: payouts sent again, settled from the gateway's status, still waiting. */
  payoutsSent: number;
  payoutsSettled: number;
  payoutsWaiting: number;
}

export interface OrderListItem {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  username: string | null;
  channel: string;
  gateway: string;
  /** Centavos, as strings. */
  amount: string;
  fee: string;
  credit: string;
  state: string;
  gatewayRef: string | null;
  failureReason: string | null;
  /** ISO 8601, once paid. */
  settledAt: string | null;
}

export type PaymentCommandResult =
  | { ok: true; command: "payments.reconcile"; brands: BrandReconcileView[] }
  | { ok: true; command: "payments.orders"; brand: string; state: string | null; orders: OrderListItem[] }
  | { ok: false; error: string };

export async function runPaymentCommand(
  db: Db,
  registry: BrandRegistry,
  req: PaymentCommand,
  payments: Payments | undefined,
): Promise<PaymentCommandResult> {
  if (req.command === "payments.reconcile") {
    const all = req.brand === undefined || req.brand === "all";
    const brand = all ? undefined : registry.byId.get(req.brand!);
    if (!all && !brand)
      return { ok: false, error: `Unknown brand "${req.brand}". Brands: all, ${[...registry.byId.keys()].join(", ")}` };
    if (!payments) return { ok: false, error: "This command needs the payment gateways, which this process has not set up." };
    const runs = await reconcileBrands(db, brand ? [brand] : registry.brands, payments, `support:${process.pid}`);
    return {
      ok: true,
      command: req.command,
      brands: runs.map((r) =>
        r.ran
          ? {
              brand: r.brand.id,
              ran: true,
              ...r.report,
              payoutsSent: r.payouts.sent - r.payouts.unsent,
              payoutsSettled: r.payouts.settled,
              payoutsWaiting: r.payouts.waiting + r.payouts.unsent,
            }
          : {
              brand: r.brand.id,
              ran: false,
              checked: 0,
              paid: 0,
              failed: 0,
              expired: 0,
              errors: 0,
              payoutsSent: 0,
              payoutsSettled: 0,
              payoutsWaiting: 0,
            },
      ),
    };
  }
  const brand = registry.byId.get(req.brand);
  if (!brand) return { ok: false, error: `Unknown brand "${req.brand}". Brands: ${[...registry.byId.keys()].join(", ")}` };
  return { ok: true, command: req.command, brand: brand.id, state: req.state ?? null, orders: await orderList(db, brand, req) };
}

async function orderList(db: Db, brand: Brand, req: { state?: string; limit: number }): Promise<OrderListItem[]> {
  const rows = await db
    .select({ order: paymentOrders, username: members.username })
    .from(paymentOrders)
    .leftJoin(members, eq(members.id, paymentOrders.memberId))
    .where(and(eq(paymentOrders.merchantCode, brand.merchantCode), req.state ? eq(paymentOrders.state, req.state) : undefined))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(req.limit);
  return rows.map(({ order: o, username }) => ({
    id: o.publicId,
    createdAt: o.createdAt.toISOString(),
    username,
    channel: o.channel,
    gateway: o.gateway,
    amount: o.amount.toString(),
    fee: o.fee.toString(),
    credit: o.credit.toString(),
    state: o.state,
    gatewayRef: o.gatewayRef,
    failureReason: o.failureReason,
    settledAt: o.settledAt?.toISOString() ?? null,
  }));
}
