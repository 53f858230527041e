import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";

/** A 6-digit payment password input: numeric keypad, never remembered by the browser as a sign-in password. */
export function PinField({ label, field }: { label: string; field: FieldMetadata<string> }) {
  return (
    <Field
      label={label}
      required
      inputProps={{
        ...getInputProps(field, { type: "password" }),
        inputMode: "numeric",
        pattern: "[0-9]{6}",
        maxLength: 6,
        autoComplete: "off",
      }}
      errors={field.errors}
    />
  );
}
