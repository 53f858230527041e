import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AuthPage } from "~/components/auth-page";
import { ComplianceNotice } from "~/components/compliance/compliance-notice";
import { useTranslation } from "~/components/ui/i18n";
import { CardNote, WithdrawCard } from "~/components/withdraw/withdraw-card";
import { ChangePinForm, SetPinForm } from "~/components/withdraw/pin-forms";
import { PayoutAccountForm, PayoutAccountSummary } from "~/components/withdraw/payout-account-form";
import type { PayoutAccountView, Validate, WithdrawalItem, WithdrawalStateView } from "~/components/withdraw/types";
import { WithdrawForm } from "~/components/withdraw/withdraw-form";
import { WithdrawalList } from "~/components/withdraw/withdrawal-list";
import { isGuest } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import { changePaymentPassword, hasPaymentPassword, setPaymentPassword } from "~/domain/payments/payment-password.server";
import { bindPayoutAccount, changePayoutAccount, getPayoutAccount } from "~/domain/payments/payout-accounts.server";
import {
  bindAccountSchema,
  changeAccountSchema,
  changePinSchema,
  maskAccountNumber,
  PAYOUT_BANKS,
  schemaFor,
  setPinSchema,
  WITHDRAW_INTENTS,
  withdrawSchema,
  type WithdrawIntent,
} from "~/domain/payments/withdraw-schemas";
import { memberWithdrawals, requestWithdrawal, withdrawable, withdrawalsToday } from "~/domain/payments/withdrawals.server";
import { ComplianceRefusedError, withdrawalRefusal } from "~/domain/compliance/gates.server";
import { turnoverRemaining } from "~/domain/wallet/turnover.server";
import { formatDate } from "~/utils/dates.server";
import { msg } from "~/utils/form-errors";
import { centavosToInput, formatPeso } from "~/utils/money";
import { refusalView } from "~/web/compliance.server";
import { readForm } from "~/web/csrf.server";
import { notFound, requireSession, requireWallet, type SignedIn } from "~/web/guards.server";
import { setToast } from "~/web/toast.server";
import { GuestPrompt } from "~/components/guest-prompt";

/** Guests are answered on the page (free_reject); everyone else must hold a real wallet (a member or an agent). */
function guard(request: Request, context: AppLoadContext): { guest: true; c: SignedIn } | { guest: false; c: SignedIn } {
  const c = requireSession(request, context);
  if (isGuest(c.session.type)) return { guest: true, c };
  return { guest: false, c: requireWallet(request, context) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const g = guard(request, context);
  const { brand, session, db, lng } = g.c;
  if (g.guest) return { guest: true as const };
  const memberId = session.memberId;
  // A brand that asks for a verified identity before withdrawals shows that instead of the forms.
  const refusal = await withdrawalRefusal(db, brand, memberId);
  if (refusal) return { guest: false as const, refusal: refusalView(g.c, refusal) };
  const [hasPin, account, balance, today, rows, turnover] = await Promise.all([
    hasPaymentPassword(db, brand, memberId),
    getPayoutAccount(db, brand, memberId),
    withdrawable(db, brand, memberId),
    withdrawalsToday(db, brand, memberId),
    memberWithdrawals(db, brand, memberId, { limit: 20 }),
    turnoverRemaining(db, brand, memberId),
  ]);
  const rules = brand.payments.withdrawal;
  const all = new URL(request.url).searchParams.get("all") === "1";
  const items: WithdrawalItem[] = rows.map((w) => ({
    id: w.publicId,
    amount: w.amount.toString(),
    state: w.state as WithdrawalStateView,
    reason: w.state === "rejected" || w.state === "failed" ? w.reason : null,
    at: formatDate(w.createdAt, lng, "YYYY-MM-DD HH:mm"),
  }));
  const accountView: PayoutAccountView | null = account && {
    method: account.method,
    bank: account.bank,
    maskedNumber: maskAccountNumber(account.accountNumber),
    holderName: account.holderName,
  };
  return {
    guest: false as const,
    refusal: null,
    brandId: brand.id,
    brandName: brand.displayName,
    hasPin,
    account: accountView,
    methods: rules.methods,
    banks: [...PAYOUT_BANKS] as string[],
    limits: {
      withdrawable: balance.toString(),
      min: String(rules.minCentavos),
      max: String(rules.maxCentavos),
      dailyCount: rules.dailyCount,
      remainingToday: Math.max(0, rules.dailyCount - today),
    },
    amountDefault: all && balance > 0n ? centavosToInput(balance) : "",
    items,
    /** What is still to be wagered before a withdrawal ("turnover x N"), shown before the player tries. */
    turnover: { remaining: turnover.toString(), multiplier: brand.play.turnoverMultiplier },
  };
}

const HIDE = ["pin", "confirmPin", "oldPin", "paymentPassword"];

/** A refused post: the form's own errors, the status that says why. */
function refuse(intent: WithdrawIntent, submission: { reply: (o: object) => unknown }, errors: object, status: number) {
  return data({ intent, result: submission.reply({ ...errors, hideFields: HIDE }) as never }, { status });
}

function pinRefusal(reason: "not_set" | "wrong" | "locked", retryAt: Date | undefined, lng: SignedIn["lng"], field: string) {
  if (reason === "locked")
    return { status: 429, errors: { formErrors: [msg("withdraw.pin_locked", { time: formatDate(retryAt!, lng, "HH:mm") })] } };
  if (reason === "not_set") return { status: 400, errors: { formErrors: [msg("withdraw.no_password")] } };
  return { status: 400, errors: { fieldErrors: { [field]: [msg("withdraw.pin_wrong")] } } };
}

async function done(context: AppLoadContext, key: string) {
  return redirect("/m/withdraw", {
    headers: { "Set-Cookie": await setToast(context, { kind: "success", key, duration: "short" }) },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const g = guard(request, context);
  const form = await readForm(request, context);
  if (g.guest) return data({ intent: null, result: null, refused: "errors.free_reject" }, { status: 403 });
  const { brand, session, db, lng } = g.c;
  const memberId = session.memberId;
  const intentValue = form.get("intent");
  if (!WITHDRAW_INTENTS.includes(intentValue as WithdrawIntent))
    return data({ intent: null, result: null, refused: "errors.unknown" }, { status: 400 });
  const intent = intentValue as WithdrawIntent;
  const submission = parseWithZod(form, { schema: schemaFor[intent] });
  if (submission.status !== "success") return refuse(intent, submission, {}, 400);
  const value = submission.value;

  switch (value.intent) {
    case "set-pin": {
      const r = await setPaymentPassword(db, brand, memberId, value.pin);
      if (!r.ok) return refuse(intent, submission, { formErrors: [msg("withdraw.pin_already_set")] }, 409);
      return done(context, "withdraw.toast_pin_set");
    }
    case "change-pin": {
      const r = await changePaymentPassword(db, brand, memberId, { oldPin: value.oldPin, newPin: value.pin });
      if (!r.ok) {
        const p = pinRefusal(r.reason, "retryAt" in r ? r.retryAt : undefined, lng, "oldPin");
        return refuse(intent, submission, p.errors, p.status);
      }
      return done(context, "withdraw.toast_pin_changed");
    }
    case "bind-account":
    case "change-account": {
      const r =
        value.intent === "bind-account"
          ? await bindPayoutAccount(db, brand, memberId, value)
          : await changePayoutAccount(db, brand, memberId, value);
      if (r.ok)
        return done(context, value.intent === "bind-account" ? "withdraw.toast_account_bound" : "withdraw.toast_account_changed");
      switch (r.reason) {
        case "invalid":
          return refuse(intent, submission, { fieldErrors: { [r.field]: [r.message] } }, 400);
        case "method_not_offered":
          return refuse(intent, submission, { fieldErrors: { method: [msg("withdraw.method_required")] } }, 400);
        case "already_bound":
          return refuse(intent, submission, { formErrors: [msg("withdraw.account_already_bound")] }, 409);
        case "not_bound":
          return refuse(intent, submission, { formErrors: [msg("withdraw.no_account")] }, 409);
        default: {
          const p = pinRefusal(r.reason, "retryAt" in r ? r.retryAt : undefined, lng, "paymentPassword");
          return refuse(intent, submission, p.errors, p.status);
        }
      }
    }
    case "withdraw": {
      const member = await getMember(db, brand, memberId);
      if (!member) throw notFound();
      let r;
      try {
        r = await requestWithdrawal(db, brand, member, { amount: value.amount, paymentPassword: value.paymentPassword });
      } catch (err) {
        // The page drawn again after this answer shows the rule instead of the form.
        if (err instanceof ComplianceRefusedError) return refuse(intent, submission, {}, 403);
        throw err;
      }
      if (r.ok) return done(context, "withdraw.toast_requested");
      const amountError = (m: string) => ({ fieldErrors: { amount: [m] } });
      switch (r.reason) {
        case "guest":
          return refuse(intent, submission, { formErrors: ["errors.free_reject"] }, 403);
        case "no_password":
          return refuse(intent, submission, { formErrors: [msg("withdraw.no_password")] }, 409);
        case "no_account":
          return refuse(intent, submission, { formErrors: [msg("withdraw.no_account")] }, 409);
        case "wrong_password":
          return refuse(intent, submission, pinRefusal("wrong", undefined, lng, "paymentPassword").errors, 400);
        case "locked":
          return refuse(intent, submission, pinRefusal("locked", r.retryAt, lng, "paymentPassword").errors, 429);
        case "below_min":
          return refuse(
            intent,
            submission,
            amountError(msg("withdraw.amount_min", { min: formatPeso(r.limit.toString()) })),
            400,
          );
        case "above_max":
          return refuse(
            intent,
            submission,
            amountError(msg("withdraw.amount_max", { max: formatPeso(r.limit.toString()) })),
            400,
          );
        case "daily_limit":
          return refuse(intent, submission, { formErrors: [msg("withdraw.daily_limit", { count: r.limit })] }, 429);
        case "insufficient":
          return refuse(intent, submission, amountError(msg("withdraw.insufficient")), 400);
        case "turnover":
          return refuse(
            intent,
            submission,
            { formErrors: [msg("turnover.refused", { amount: formatPeso(r.remaining.toString()) })] },
            409,
          );
      }
    }
  }
}

const validator =
  <S extends (typeof schemaFor)[WithdrawIntent]>(schema: S) =>
  ({ formData }: { formData: FormData }) =>
    // The browser only needs the messages: the values are read again on the server.
    parseWithZod(formData, { schema }) as unknown as ReturnType<Validate>;

export default function Withdraw() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  if (d.refusal) return <ComplianceNotice refusal={d.refusal} />;
  const resultFor = (intent: WithdrawIntent) =>
    navigation.state === "idle" && actionData && "intent" in actionData && actionData.intent === intent
      ? (actionData.result as never)
      : undefined;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  return (
    <AuthPage title={t("withdraw.title")} brandId={d.brandId} brandName={d.brandName} backTo="/m/member/home">
      <div className="space-y-4">
        {refused ? (
          <p role="alert" className="text-sm text-danger">
            {t(refused)}
          </p>
        ) : null}
        {!d.hasPin ? (
          <WithdrawCard id="step-pin" title={t("withdraw.step_pin")}>
            <CardNote>{t("withdraw.step_pin_note")}</CardNote>
            <SetPinForm lastResult={resultFor("set-pin")} onValidate={validator(setPinSchema)} />
          </WithdrawCard>
        ) : null}
        {d.hasPin && !d.account ? (
          <WithdrawCard id="step-account" title={t("withdraw.step_account")}>
            <CardNote>{t("withdraw.step_account_note")}</CardNote>
            <PayoutAccountForm
              mode="bind"
              methods={d.methods}
              banks={d.banks}
              lastResult={resultFor("bind-account")}
              onValidate={validator(bindAccountSchema)}
            />
          </WithdrawCard>
        ) : null}
        {d.turnover.remaining !== "0" ? (
          <section
            aria-labelledby="turnover-title"
            className="rounded-card border border-primary/40 bg-primary/10 px-4 py-3"
            data-testid="turnover"
          >
            <h2 id="turnover-title" className="text-sm font-bold">
              {t("turnover.title")}
            </h2>
            <p className="mt-1 text-sm">
              {t("turnover.remaining")}{" "}
              <strong className="text-primary tabular-nums" data-remaining={d.turnover.remaining}>
                {formatPeso(d.turnover.remaining)}
              </strong>
            </p>
            <p className="mt-1 text-xs text-muted">{t("turnover.note", { times: d.turnover.multiplier })}</p>
          </section>
        ) : null}
        {d.hasPin && d.account ? (
          <WithdrawCard id="step-withdraw" title={t("withdraw.step_withdraw")}>
            <WithdrawForm
              // A new request starts a fresh form: the amount and password just sent are not kept.
              key={d.items[0]?.id ?? "none"}
              limits={d.limits}
              amountDefault={d.amountDefault}
              lastResult={resultFor("withdraw")}
              onValidate={validator(withdrawSchema)}
            />
          </WithdrawCard>
        ) : null}
        <WithdrawCard id="history" title={t("withdraw.history")}>
          <WithdrawalList items={d.items} />
        </WithdrawCard>
        {d.account ? (
          <WithdrawCard id="change-account" title={t("withdraw.change_account")}>
            <PayoutAccountSummary account={d.account} />
            <div className="mt-3">
              <PayoutAccountForm
                key={`${d.account.method}:${d.account.maskedNumber}`}
                mode="change"
                methods={d.methods}
                banks={d.banks}
                lastResult={resultFor("change-account")}
                onValidate={validator(changeAccountSchema)}
              />
            </div>
          </WithdrawCard>
        ) : null}
        {d.hasPin ? (
          <WithdrawCard id="change-pin" title={t("withdraw.change_pin")}>
            <ChangePinForm lastResult={resultFor("change-pin")} onValidate={validator(changePinSchema)} />
          </WithdrawCard>
        ) : null}
      </div>
    </AuthPage>
  );
}
