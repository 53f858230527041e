import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { PinField } from "./pin-fields";
import type { Validate } from "./types";
import { useStepForm } from "./use-step-form";

interface PinFormProps {
  lastResult?: SubmissionResult<string[]> | null;
  onValidate: Validate;
}

/**
 * The payment password every withdrawal asks for: set once (step one of the screen), then
 * changed with the old one.
 */
function PinForm({ intent, lastResult, onValidate }: PinFormProps & { intent: "set-pin" | "change-pin" }) {
  const { t } = useTranslation();
  const [form, fields] = useStepForm(intent, lastResult, onValidate);
  const change = intent === "change-pin";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" replace>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {change ? <PinField label={t("withdraw.pin_old")} field={fields.oldPin} /> : null}
      <PinField label={t("withdraw.pin_new")} field={fields.pin} />
      <PinField label={t("withdraw.pin_confirm")} field={fields.confirmPin} />
      <ErrorList id={form.errorId} errors={form.errors} />
      {change ? (
        <SubmitButton size="md">{t("withdraw.pin_change_submit")}</SubmitButton>
      ) : (
        <SubmitButton>{t("withdraw.pin_set_submit")}</SubmitButton>
      )}
    </Form>
  );
}

export const SetPinForm = (props: PinFormProps) => <PinForm intent="set-pin" {...props} />;
export const ChangePinForm = (props: PinFormProps) => <PinForm intent="change-pin" {...props} />;
