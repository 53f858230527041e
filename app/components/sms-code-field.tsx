import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { Field } from "./ui/field";

/** After a code is sent the server answers when the next one may be asked for. */
export interface SmsState {
  expirationTime: string;
}

/** Seconds left until `iso`, re-read every 500 ms (spec: SMS tick 500 ms). */
function useCountdown(iso: string | undefined): number {
  const left = () => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!iso) return;
    const timer = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [iso]);
  return seconds;
}

/**
 * Mobile number with a "send code" button and the code itself. The button is a
 * submit button of the same form (intent `sendIntent`), so it works without
 * JavaScript; with it, the button stays disabled until the number is valid and
 * counts down until another code may be sent.
 */
export function SmsCodeField({
  mobile,
  code,
  sendIntent,
  submitIntent,
  mobilePattern,
  autoFocus,
}: {
  mobile: FieldMetadata<string | undefined>;
  /** The form schema's mobile-number rule (a RegExp source), so the button wakes exactly when the server would accept. */
  mobilePattern: string;
  code: FieldMetadata<string | undefined>;
  sendIntent: string;
  /** The `intent` of the form's own submit button, if it has one. */
  submitIntent?: string;
  /** Which of the two inputs a refused post left invalid first, for pages without JavaScript. */
  autoFocus?: "mobile" | "code";
}) {
  const { t } = useTranslation();
  const actionData = useActionData() as { sms?: SmsState } | undefined;
  const seconds = useCountdown(actionData?.sms?.expirationTime);
  // A post that repeats the field comes back as a list: the input then starts empty.
  const [number, setNumber] = useState(typeof mobile.initialValue === "string" ? mobile.initialValue : "");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const valid = new RegExp(mobilePattern).test(number.trim());
  const sent = Boolean(actionData?.sms);
  return (
    <>
      {/* Enter in a field presses the form's first submit button: let that be the form's own, not "send code". */}
      <button
        type="submit"
        {...(submitIntent ? { name: "intent", value: submitIntent } : {})}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      />
      <Field
        label={t("sms.mobile")}
        required
        inputProps={{
          ...getInputProps(mobile, { type: "tel" }),
          onChange: (e) => setNumber(e.currentTarget.value),
          inputMode: "numeric",
          autoComplete: "tel-national",
          maxLength: 20,
          // The number is typed in national form (09XX XXX XXXX, MOBILE_RE): no "+63" before it.
          placeholder: t("sms.mobilePlaceholder"),
          autoFocus: autoFocus === "mobile",
        }}
        errors={mobile.errors}
        hint={t("sms.mobileHint")}
      />
      <Field
        label={t("sms.code")}
        required
        inputProps={{
          ...getInputProps(code, { type: "text" }),
          inputMode: "numeric",
          autoComplete: "one-time-code",
          maxLength: 10,
          pattern: "[0-9]*",
          placeholder: t("sms.codePlaceholder"),
          autoFocus: autoFocus === "code",
        }}
        errors={code.errors}
        hint={sent ? t("sms.sentHint") : undefined}
        trailing={
          <button
            type="submit"
            name="intent"
            value={sendIntent}
            formNoValidate
            disabled={hydrated && (!valid || seconds > 0)}
            className="-mr-1 h-8 shrink-0 rounded-full border border-primary/70 px-3 text-xs font-semibold text-primary disabled:border-line disabled:text-muted"
          >
            {seconds > 0 ? t("sms.resendIn", { seconds }) : sent ? t("sms.resend") : t("sms.send")}
          </button>
        }
      />
    </>
  );
}
