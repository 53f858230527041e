import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { checkedIn, useEnteredBeforeHydration } from "~/components/ui/entered-before-hydration";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList, Field } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { PinField } from "./pin-fields";
import { useStepForm } from "./use-step-form";
import type { PayoutAccountView, Validate } from "./types";

interface PayoutAccountFormProps {
  /** bind: the first account; change: replaces it and asks for the payment password. */
  mode: "bind" | "change";
  methods: PayoutAccountView["method"][];
  banks: string[];
  lastResult?: SubmissionResult<string[]> | null;
  onValidate: Validate;
}

/**
 * Where withdrawals go. Without JavaScript the bank list is always shown (the server ignores
 * it for e-wallets); with it, the list shows only for a bank payout.
 */
export function PayoutAccountForm({ mode, methods, banks, lastResult, onValidate }: PayoutAccountFormProps) {
  const { t } = useTranslation();
  const intent = mode === "bind" ? "bind-account" : "change-account";
  const [form, fields] = useStepForm(intent, lastResult, onValidate);
  const [method, setMethod] = useState<string>(fields.method.initialValue ?? methods[0] ?? "gcash");
  // A method picked before the page hydrated shows its own fields (the bank's) once it has.
  const methodGroup = useEnteredBeforeHydration<HTMLFieldSetElement, string>(checkedIn, setMethod);
  const wallet = method !== "bank";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <fieldset ref={methodGroup} className="space-y-1">
        <legend className="text-sm font-medium text-text">{t("withdraw.method")}</legend>
        <div className="grid grid-cols-3 gap-2">
          {methods.map((m) => (
            <label
              key={m}
              className="flex h-11 cursor-pointer items-center justify-center rounded-xl border border-line bg-surface-2 text-sm font-semibold has-[:checked]:border-primary has-[:checked]:text-primary"
            >
              <input
                type="radio"
                name={fields.method.name}
                value={m}
                defaultChecked={m === method}
                onChange={() => setMethod(m)}
                data-bank={m === "bank" ? "" : undefined}
                className="sr-only"
              />
              {t(`withdraw.method_${m}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.method.errorId} errors={fields.method.errors} />
      </fieldset>
      {/* Shown by the checked method itself (CSS), so with JavaScript off and before hydration too. */}
      <div className="hidden space-y-1 [form:has(input[data-bank]:checked)_&]:block">
        <label htmlFor={fields.bank.id} className="text-sm font-medium text-text">
          {t("withdraw.bank")}
        </label>
        <select
          {...getSelectProps(fields.bank)}
          className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-text"
        >
          <option value="">{t("withdraw.bank_choose")}</option>
          {banks.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        <ErrorList id={fields.bank.errorId} errors={fields.bank.errors} />
      </div>
      <Field
        label={t(wallet ? "withdraw.wallet_number" : "withdraw.bank_number")}
        required
        inputProps={{
          ...getInputProps(fields.accountNumber, { type: "text" }),
          inputMode: "numeric",
          maxLength: 16,
          autoComplete: "off",
        }}
        errors={fields.accountNumber.errors}
        hint={wallet ? t("withdraw.wallet_number_hint") : null}
      />
      <Field
        label={t("withdraw.holder")}
        required
        inputProps={{ ...getInputProps(fields.holderName, { type: "text" }), maxLength: 60, autoComplete: "name" }}
        errors={fields.holderName.errors}
      />
      {mode === "change" ? <PinField label={t("withdraw.pin")} field={fields.paymentPassword} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton size={mode === "bind" ? "lg" : "md"}>
        {t(mode === "bind" ? "withdraw.account_bind_submit" : "withdraw.account_change_submit")}
      </SubmitButton>
    </Form>
  );
}

/** The bound account, as the player sees it (number masked). */
export function PayoutAccountSummary({ account }: { account: PayoutAccountView }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-surface-2 p-3 text-sm">
      <dt className="text-muted">{t("withdraw.method")}</dt>
      <dd className="text-right font-semibold">{account.bank ?? t(`withdraw.method_${account.method}`)}</dd>
      <dt className="text-muted">{t("withdraw.account")}</dt>
      <dd className="text-right font-mono">{account.maskedNumber}</dd>
      <dt className="text-muted">{t("withdraw.holder")}</dt>
      <dd className="truncate text-right">{account.holderName}</dd>
    </dl>
  );
}
