import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirectDocument } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DepositForm } from "~/components/deposit/deposit-form";
import { ComplianceNotice } from "~/components/compliance/compliance-notice";
import { GuestPrompt } from "~/components/guest-prompt";
import type { ChannelView, DepositErrors, QuoteView } from "~/components/deposit/types";
import type { Brand } from "~/brand/schema";
import { isGuest } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import {
  createDepositOrder,
  depositOptions,
  DepositRefusedError,
  isAllowedCheckoutUrl,
  quoteDeposit,
  type DepositRefusal,
} from "~/domain/payments/deposits.server";
import { ComplianceRefusedError, depositRefusal } from "~/domain/compliance/gates.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { msg } from "~/utils/form-errors";
import { formatPeso, parsePesoAmount } from "~/utils/money";
import { readForm } from "~/web/csrf.server";
import { refusalView } from "~/web/compliance.server";
import { notFound, requireMember, requireSession } from "~/web/guards.server";

function channelViews(brand: Brand): ChannelView[] {
  return depositOptions(brand).map((c) => ({
    id: c.id,
    min: c.minCentavos.toString(),
    max: c.maxCentavos.toString(),
    quickAmounts: c.quickAmountsCentavos.map((q) => q.toString()),
    fee: { payer: c.fee.payer, percentBps: c.fee.percentBps, fixed: c.fee.fixedCentavos.toString() },
  }));
}

/** The quote of a channel and an amount as typed, or null when the channel would not take it. */
function quoteOf(brand: Brand, channel: string | null, amountText: string | null): QuoteView | null {
  const amount = amountText === null ? null : parsePesoAmount(amountText);
  if (!channel || amount === null) return null;
  try {
    const q = quoteDeposit(brand, channel, amount);
    return {
      channel: q.channel.id,
      amount: q.amount.toString(),
      fee: q.fee.toString(),
      credit: q.credit.toString(),
      feePayer: q.channel.fee.payer,
    };
  } catch (err) {
    if (err instanceof DepositRefusedError) return null;
    throw err;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = requireSession(request, context);
  if (isGuest(signed.session.type)) return { guest: true as const };
  const { brand, db, session } = requireMember(request, context);
  const refusal = await depositRefusal(db, brand, session.memberId, null);
  if (refusal) return { guest: false as const, refusal: refusalView(context, refusal) };
  const url = new URL(request.url);
  const channels = channelViews(brand);
  // A card or quick-amount link names its channel and amount in the query: a prefill, nothing more.
  const asked = url.searchParams.get("channel");
  const known = channels.find((c) => c.id === asked)?.id ?? null;
  const grid = brand.templateFlags.dep_func === 1;
  const selected = known ?? (grid ? null : channels[0]!.id);
  const amount = (url.searchParams.get("amount") ?? "").slice(0, 20);
  return {
    guest: false as const,
    refusal: null,
    view: grid ? ("grid" as const) : ("classic" as const),
    balance: (await getBalance(db, brand, session.memberId, "cash")).toString(),
    channels,
    selected,
    amount,
    quote: quoteOf(brand, selected, amount),
  };
}

const STATUS: Record<DepositRefusal, number> = {
  unknown_channel: 400,
  below_min: 400,
  above_max: 400,
  no_credit: 400,
  free_reject: 403,
  disabled: 403,
  too_many_open: 429,
  too_many_recent: 429,
  gateway_unavailable: 503,
};

function refusalErrors(err: DepositRefusedError): DepositErrors {
  if (err.code === "free_reject") return { form: ["errors.free_reject"] };
  const key = `deposit.errors.${err.code}`;
  const text = err.centavos === undefined ? key : msg(key, { amount: formatPeso(err.centavos.toString()) });
  if (err.code === "unknown_channel") return { channel: [text] };
  if (err.code === "below_min" || err.code === "above_max" || err.code === "no_credit") return { amount: [text] };
  return { form: [text] };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signed = requireSession(request, context);
  if (isGuest(signed.session.type)) {
    return data({ errors: { form: ["errors.free_reject"] } as DepositErrors, values: null }, { status: 403 });
  }
  const { brand, db, session, services } = requireMember(request, context);
  const form = await readForm(request, context);
  const channel = form.get("channel");
  const amountText = form.get("amount");
  if (typeof channel !== "string" || typeof amountText !== "string") throw new Response("Bad Request", { status: 400 });
  const values = { channel: channel.slice(0, 40), amount: amountText.slice(0, 20) };
  const refuse = (errors: DepositErrors, status: number) => data({ errors, values }, { status });

  if (!amountText.trim()) return refuse({ amount: ["deposit.errors.required"] }, 400);
  const amount = parsePesoAmount(amountText);
  if (amount === null) return refuse({ amount: ["deposit.errors.invalid_amount"] }, 400);
  const member = await getMember(db, brand, session.memberId);
  if (!member) throw notFound();
  const origin = new URL(request.url).origin;
  const pageOf = (orderId: string) => `${origin}/m/deposit/${orderId}`;
  try {
    const order = await createDepositOrder(
      db,
      brand,
      services.payments.depositGateway(brand.merchantCode),
      member,
      { channel, amount },
      { returnUrl: pageOf, cancelUrl: pageOf },
    );
    if (!isAllowedCheckoutUrl(order.checkoutUrl, origin)) {
      console.warn(`deposit ${order.publicId}: refused to follow the checkout URL the gateway gave`);
      return refuse({ form: ["deposit.errors.checkout_refused"] }, 502);
    }
    // A whole-document navigation: the checkout is the gateway's page, not a route of this app,
    // even when the sandbox serves it from the same origin.
    return redirectDocument(order.checkoutUrl!, 303);
  } catch (err) {
    if (err instanceof DepositRefusedError) return refuse(refusalErrors(err), STATUS[err.code]);
    if (err instanceof ComplianceRefusedError) {
      const { refusal } = err;
      // A limit the amount would pass: the form says how much is left; any other rule closes the page
      // drawn again after this answer.
      if (refusal.rule !== "limit" || refusal.limit.period === "session") return refuse({}, 403);
      const { limit, remaining, period } = refusal.limit;
      const amounts = { limit: formatPeso(limit.toString()), remaining: formatPeso(remaining.toString()) };
      return refuse({ amount: [msg(`rg.errors.deposit_limit_${period}`, amounts)] }, 403);
    }
    throw err;
  }
}

export default function VoucherCenter() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (d.guest) return <GuestPrompt />;
  if (d.refusal) return <ComplianceNotice refusal={d.refusal} />;
  const values = actionData?.values;
  const known = d.channels.find((c) => c.id === values?.channel)?.id;
  return (
    <DepositForm
      view={d.view}
      balance={d.balance}
      channels={d.channels}
      selected={known ?? d.selected}
      amount={values?.amount ?? d.amount}
      quote={values ? null : d.quote}
      errors={actionData?.errors ?? {}}
    />
  );
}
