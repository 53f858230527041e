import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList, Field } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { IdCardIcon, ShieldCheckIcon } from "~/components/ui/icons";
import { SelfieField } from "./selfie-field";

export type KycFieldName = "idType" | "idNumber" | "idPhoto" | "selfie";

/** What a refused post answers: a message per field (locale keys with parameters) and the text typed. */
export interface KycFormReply {
  errors: Partial<Record<KycFieldName | "form", string>>;
  values: { idType: string; idNumber: string };
}

export interface KycFormProps {
  idTypes: { id: string; example: string | null }[];
  limits: { megabytes: number; minSide: number };
  reply: KycFormReply | null;
}

const FILE_INPUT =
  "block w-full text-xs text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-3 file:py-2 file:text-xs file:font-semibold file:text-text";

/**
 * The verification form: a plain multipart post (so it works with JavaScript off); the selfie
 * field adds the live camera when it can. Pictures cannot be given back after a refused post, so
 * only the type and number are kept.
 */
export function KycForm({ idTypes, limits, reply }: KycFormProps) {
  const { t } = useTranslation();
  const errors = reply?.errors ?? {};
  // The select is left to the browser (a choice made before hydration stays); the state only picks the hint.
  const select = useRef<HTMLSelectElement>(null);
  const [idType, setIdType] = useState(reply?.values.idType ?? "");
  useEffect(() => setIdType(select.current?.value ?? ""), []);
  const example = idTypes.find((i) => i.id === idType)?.example ?? null;
  const photoErrorId = errors.idPhoto ? "kyc-id-photo-error" : undefined;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      replace
      className="space-y-5 rounded-card border border-line bg-surface p-4 shadow-lg"
      aria-labelledby="kyc-form-title"
      data-testid="kyc-form"
    >
      <CsrfInput />
      <h2 id="kyc-form-title" className="flex items-center gap-2 text-base font-bold">
        <IdCardIcon width={20} height={20} className="text-primary" />
        {t("kyc.form.title")}
      </h2>
      <ErrorList id="kyc-form-error" errors={errors.form ? [errors.form] : null} />
      <div className="space-y-1">
        <label htmlFor="kyc-id-type" className="flex items-baseline gap-1 text-sm font-medium">
          {t("kyc.form.idType")}
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        </label>
        <select
          id="kyc-id-type"
          name="idType"
          ref={select}
          required
          defaultValue={reply?.values.idType ?? ""}
          onChange={(e) => setIdType(e.target.value)}
          aria-invalid={errors.idType ? true : undefined}
          aria-describedby={errors.idType ? "kyc-id-type-error" : undefined}
          className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-base text-text"
        >
          <option value="">{t("kyc.form.idTypeChoose")}</option>
          {idTypes.map((i) => (
            <option key={i.id} value={i.id}>
              {t(`kyc.idTypes.${i.id}`)}
            </option>
          ))}
        </select>
        <ErrorList id="kyc-id-type-error" errors={errors.idType ? [errors.idType] : null} />
      </div>
      <Field
        label={t("kyc.form.idNumber")}
        required
        inputProps={{
          id: "kyc-id-number",
          name: "idNumber",
          type: "text",
          required: true,
          maxLength: 60,
          autoComplete: "off",
          autoCapitalize: "characters",
          spellCheck: false,
          defaultValue: reply?.values.idNumber ?? "",
        }}
        errors={errors.idNumber ? [errors.idNumber] : null}
        hint={example ? t("kyc.form.idNumberExample", { example }) : t("kyc.form.idNumberHint")}
      />
      <div className="space-y-2">
        <label htmlFor="kyc-id-photo" className="flex items-baseline gap-1 text-sm font-medium">
          {t("kyc.form.idPhoto")}
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        </label>
        <p id="kyc-id-photo-hint" className="text-xs text-muted">
          {t("kyc.form.idPhotoHint", { mb: limits.megabytes, px: limits.minSide })}
        </p>
        <input
          id="kyc-id-photo"
          name="idPhoto"
          type="file"
          accept="image/png,image/jpeg"
          required
          aria-invalid={photoErrorId ? true : undefined}
          aria-describedby={[photoErrorId, "kyc-id-photo-hint"].filter(Boolean).join(" ")}
          className={FILE_INPUT}
        />
        {errors.idPhoto ? <ErrorList id={photoErrorId} errors={[errors.idPhoto]} /> : null}
      </div>
      <SelfieField error={errors.selfie ?? null} />
      <p className="flex gap-2 rounded-xl bg-surface-2 p-3 text-xs text-muted">
        <ShieldCheckIcon width={18} height={18} className="shrink-0 text-primary" />
        {t("kyc.form.privacy")}
      </p>
      <SubmitButton busyLabel={t("kyc.form.sending")}>{t("kyc.form.submit")}</SubmitButton>
    </Form>
  );
}
