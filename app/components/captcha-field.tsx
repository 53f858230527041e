import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { Field } from "./ui/field";
import { RefreshIcon } from "~/components/ui/icons";

/**
 * Numeric captcha (spec: at most 6 digits). A new picture comes with every
 * render after a failed post; tapping the picture asks for another one and
 * clears the typed code.
 */
export function CaptchaField({
  field,
  refreshKey,
  autoFocus,
}: {
  field: FieldMetadata<string | undefined>;
  refreshKey?: unknown;
  /** A refused post's first invalid field, for pages without JavaScript. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const [value, setValue] = useState("");
  useEffect(() => {
    setVersion((v) => v + 1);
    setValue("");
  }, [refreshKey]);
  const inputProps = getInputProps(field, { type: "text" });
  return (
    <>
      <input type="hidden" name="captchaShown" value="1" />
      <Field
        label={t("login.captcha")}
        required
        inputProps={{
          ...inputProps,
          key: undefined,
          defaultValue: undefined,
          value,
          onChange: (e) => setValue(e.currentTarget.value.replace(/\D/g, "").slice(0, 6)),
          inputMode: "numeric",
          autoComplete: "one-time-code",
          maxLength: 6,
          pattern: "[0-9]*",
          placeholder: t("login.captchaPlaceholder"),
          autoFocus,
        }}
        errors={field.errors}
        trailing={
          <button
            type="button"
            onClick={() => {
              setVersion((v) => v + 1);
              setValue("");
            }}
            className="-mr-2 flex shrink-0 items-center gap-1 rounded-lg bg-white/95 p-0.5"
            aria-label={t("login.captchaRefresh")}
            title={t("login.captchaRefresh")}
          >
            <img
              src={`/m/captcha.svg?v=${version}`}
              alt={t("login.captchaImage")}
              width={100}
              height={40}
              className="h-10 w-[100px]"
            />
            <RefreshIcon width={16} height={16} className="mr-1 text-black/60" />
          </button>
        }
      />
    </>
  );
}
