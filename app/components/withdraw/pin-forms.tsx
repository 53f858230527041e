import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { PinField } from "./pin-fields";
import type { FormFields, Validate } from "./types";

interface PinFormProps {
  lastResult?: SubmissionResult<string[]> | null;
  onValidate: Validate;
}

/** Step one: the payment password every withdrawal asks for. */
export function SetPinForm({ lastResult, onValidate }: PinFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm<FormFields, FormFields, string[]>({
    id: "set-pin",
    lastResult,
    onValidate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value="set-pin" />
      <PinField label={t("withdraw.pin_new")} field={fields.pin} />
      <PinField label={t("withdraw.pin_confirm")} field={fields.confirmPin} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("withdraw.pin_set_submit")}</SubmitButton>
    </Form>
  );
}

export function ChangePinForm({ lastResult, onValidate }: PinFormProps) {
  const { t } = useTranslation();
  const [form, fields] = useForm<FormFields, FormFields, string[]>({
    id: "change-pin",
    lastResult,
    onValidate,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value="change-pin" />
      <PinField label={t("withdraw.pin_old")} field={fields.oldPin} />
      <PinField label={t("withdraw.pin_new")} field={fields.pin} />
      <PinField label={t("withdraw.pin_confirm")} field={fields.confirmPin} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton size="md">{t("withdraw.pin_change_submit")}</SubmitButton>
    </Form>
  );
}
