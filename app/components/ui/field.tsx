import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { useTranslation } from "./i18n";
import { translateError } from "~/utils/form-errors";

/** Messages of one field or form, read aloud and tied to their input by id. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-xs font-medium text-danger" role="alert">
      {errors.map((e) => (
        <li key={e}>{translateError(t, e)}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: string;
  /** Shows "optional" beside the label; required fields carry an asterisk (spec §5). */
  required?: boolean;
  /** conform's getInputProps(…) plus extras; its `key` (which resets the input after a reply) is applied here. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & {
    id: string;
    name: string;
    key?: string | number | null;
    ref?: Ref<HTMLInputElement>;
  };
  errors?: string[] | null;
  hint?: ReactNode;
  /** Rendered inside the input row, after the input (a button, an image). */
  trailing?: ReactNode;
  leading?: ReactNode;
}

export function Field({ label, required, inputProps, errors, hint, trailing, leading }: FieldProps) {
  const { t } = useTranslation();
  const { key, ...attrs } = inputProps;
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={inputProps.id} className="flex items-baseline gap-1 text-sm font-medium text-text">
        {label}
        {required ? (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="text-xs font-normal text-muted">({t("form.optional")})</span>
        )}
      </label>
      <div className="flex items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30 has-[[aria-invalid=true]]:border-danger">
        {leading}
        <input
          key={key ?? undefined}
          {...attrs}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          className="h-11 min-w-0 flex-1 bg-transparent text-base text-text outline-none placeholder:text-muted/70"
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
