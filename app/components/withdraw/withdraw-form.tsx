import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList, Field } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPeso } from "~/utils/money";
import { PinField } from "./pin-fields";
import { useStepForm } from "./use-step-form";
import type { Validate, WithdrawLimits } from "./types";

interface WithdrawFormProps {
  limits: WithdrawLimits;
  /** What the amount starts as: the whole withdrawable balance after "All", else empty. */
  amountDefault: string;
  lastResult?: SubmissionResult<string[]> | null;
  onValidate: Validate;
}

/** The request itself. "All" is a link that comes back with the amount filled in, so it needs no JavaScript. */
export function WithdrawForm({ limits, amountDefault, lastResult, onValidate }: WithdrawFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useStepForm("withdraw", lastResult, onValidate, { amount: amountDefault });
  const spent = limits.remainingToday <= 0;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value="withdraw" />
      <div className="rounded-xl bg-surface-2 p-3">
        <p className="text-xs text-muted">{t("withdraw.withdrawable")}</p>
        <p className="text-2xl font-bold text-primary" data-testid="withdrawable">
          {formatPeso(limits.withdrawable)}
        </p>
        <p className="mt-1 text-xs text-muted">
          {t("withdraw.limits", { min: formatPeso(limits.min), max: formatPeso(limits.max) })}
          {" · "}
          {t("withdraw.remaining_today", { count: limits.remainingToday, total: limits.dailyCount })}
        </p>
      </div>
      <Field
        label={t("withdraw.amount")}
        required
        inputProps={{
          ...getInputProps(fields.amount, { type: "text" }),
          key: `${fields.amount.key ?? ""}${amountDefault}`,
          inputMode: "decimal",
          maxLength: 20,
          autoComplete: "off",
          placeholder: formatPeso(limits.min),
        }}
        errors={fields.amount.errors}
        trailing={
          <Link
            to="?all=1"
            replace
            preventScrollReset
            className="shrink-0 rounded-full border border-primary/70 px-3 py-1 text-xs font-semibold text-primary"
          >
            {t("withdraw.all")}
          </Link>
        }
      />
      <PinField label={t("withdraw.pin")} field={fields.paymentPassword} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton disabled={spent}>{t(spent ? "withdraw.none_left_today" : "withdraw.submit")}</SubmitButton>
    </Form>
  );
}
