import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrderStatus } from "~/components/deposit/order-status";
import type { ChannelId, OrderState } from "~/components/deposit/types";
import { getMemberOrder, isAllowedCheckoutUrl } from "~/domain/payments/deposits.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { notFound, requireMember } from "~/web/guards.server";

/** Without JavaScript, a pending order's page reloads itself for its first ten minutes. */
const NO_SCRIPT_REFRESH_FOR_MS = 10 * 60_000;

/**
 * The page the gateway sends the player back to (and the cancel URL). What it shows comes
 * from our order alone: the query string a gateway appends (or a player edits) is never read.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { brand, db, session } = requireMember(request, context);
  const id = params.orderId ?? "";
  if (!/^D[A-Z2-7]{16}$/.test(id)) throw notFound();
  const order = await getMemberOrder(db, brand, session.memberId, id);
  if (!order) throw notFound();
  const pending = order.state === "pending";
  const own = new URL(request.url).origin;
  const open = pending && order.expiresAt.getTime() > Date.now() && isAllowedCheckoutUrl(order.checkoutUrl, own);
  const checkoutUrl = open ? order.checkoutUrl : null;
  return {
    order: {
      id: order.publicId,
      state: order.state as OrderState,
      channel: order.channel as ChannelId,
      amount: order.amount.toString(),
      fee: order.fee.toString(),
      credit: order.credit.toString(),
      failureReason: order.failureReason,
      checkoutUrl,
    },
    balance: (await getBalance(db, brand, session.memberId, "cash")).toString(),
    refreshSeconds: pending && Date.now() - order.updatedAt.getTime() < NO_SCRIPT_REFRESH_FOR_MS ? 3 : null,
  };
}

export default function DepositOrder() {
  const d = useLoaderData<typeof loader>();
  return (
    <OrderStatus order={d.order} balance={d.balance} selfHref={`/m/deposit/${d.order.id}`} refreshSeconds={d.refreshSeconds} />
  );
}
