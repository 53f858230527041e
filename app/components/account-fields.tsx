import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { msg, translateError } from "~/utils/form-errors";
import { useTranslation } from "~/components/ui/i18n";
import { Field } from "./ui/field";

/** The username box of the sign-in and forgot-password forms. */
export function UsernameField({ field }: { field: FieldMetadata<string> }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t("login.username")}
      required
      inputProps={{
        ...getInputProps(field, { type: "text" }),
        autoComplete: "username",
        autoCapitalize: "none",
        spellCheck: false,
        maxLength: 40,
        placeholder: t("login.usernamePlaceholder"),
      }}
      errors={field.errors}
    />
  );
}

/** "New password" with the brand's length rule as its hint, and "confirm new password". */
export function NewPasswordFields({
  rule,
  fields,
}: {
  rule: { min: number; max: number };
  fields: { newPassword: FieldMetadata<string>; confirmNewPassword: FieldMetadata<string> };
}) {
  const { t } = useTranslation();
  const input = (field: FieldMetadata<string>) => ({
    ...getInputProps(field, { type: "password" }),
    autoComplete: "new-password",
    maxLength: rule.max,
  });
  return (
    <>
      <Field
        label={t("changePassword.new")}
        required
        inputProps={input(fields.newPassword)}
        errors={fields.newPassword.errors}
        hint={translateError(t, msg("validation.reg_pattern_password", { min: rule.min, max: rule.max }))}
      />
      <Field
        label={t("changePassword.confirm")}
        required
        inputProps={input(fields.confirmNewPassword)}
        errors={fields.confirmNewPassword.errors}
      />
    </>
  );
}

/** A registration field with its brand rule: the asterisk when required, the length as the input's limit. */
export function RuledField({
  field,
  rule,
  label,
  type = "text",
  extra,
}: {
  field: FieldMetadata<string | undefined>;
  rule: { required: boolean; maxLength?: number };
  label: string;
  type?: "text" | "password" | "email" | "date";
  extra?: Partial<InputHTMLAttributes<HTMLInputElement>>;
}) {
  return (
    <Field
      label={label}
      required={rule.required}
      inputProps={{ ...getInputProps(field, { type }), maxLength: rule.maxLength, ...extra }}
      errors={field.errors}
    />
  );
}
