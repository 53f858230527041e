import { bySubmitter, MOBILE_RE } from "~/domain/accounts/account-schemas";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { AuthPage } from "~/components/auth-page";
import { CsrfInput } from "~/components/csrf-input";
import { NewPasswordFields, UsernameField } from "~/components/account-fields";
import { SmsCodeField } from "~/components/sms-code-field";
import { ErrorList, Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TabLinks } from "~/components/ui/tabs";
import { peekResetToken } from "~/domain/accounts/password-reset.server";
import { forgotEmailSchema, phoneResetSchema, tokenResetSchema } from "~/domain/accounts/password-reset-schemas";
import { requireBrand } from "~/web/guards.server";
import { forgetAction, forgetSettings } from "./m.forget.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const url = new URL(request.url);
  const s = await forgetSettings(c, url);
  const token = s.mode === "token" ? (url.searchParams.get("token") ?? "") : "";
  const link = s.mode === "token" ? await peekResetToken(context.db, s.brand, token) : null;
  return {
    mode: s.mode,
    tabs: s.phone && s.email,
    min: s.min,
    max: s.max,
    link: link?.ok ? { token, username: link.username } : null,
    brandId: s.brand.id,
    brandName: s.brand.displayName,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return forgetAction(request, requireBrand(context));
}

/** A page holding a reset token must not be kept by a shared cache or the browser's history cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

type Rule = { min: number; max: number };

function useResult() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return { lastResult: navigation.state === "idle" ? actionData?.result : undefined };
}

/** Spec §4: username and e-mail; the button stays disabled until both are valid (once the page runs JavaScript). */
function EmailForm() {
  const { t } = useTranslation();
  const { lastResult } = useResult();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [form, fields] = useForm({
    id: "forgot-email",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: forgotEmailSchema });
    },
  });
  const valid = forgotEmailSchema.safeParse(form.value ?? {}).success;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
      <CsrfInput />
      <input type="hidden" name="flow" value="email" />
      <p className="text-sm text-muted">{t("forgot.emailIntro")}</p>
      <UsernameField field={fields.username} />
      <Field
        label={t("register.email")}
        required
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          autoCapitalize: "none",
          spellCheck: false,
          maxLength: 254,
          placeholder: t("forgot.emailPlaceholder"),
        }}
        errors={fields.email.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton disabled={hydrated && !valid}>{t("forgot.submitEmail")}</SubmitButton>
    </Form>
  );
}

/** Spec §2 "set password by phone": a code to the member's number, a new password, then signed in. */
function PhoneForm({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const { lastResult } = useResult();
  const [form, fields] = useForm({
    id: "forgot-phone",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: bySubmitter(formData, phoneResetSchema(rule)) });
    },
  });
  // A reply does not touch what is already typed, but a wrong code must go (spec §8); without JavaScript the server leaves it out.
  const actionData = useActionData<typeof action>();
  const codeId = fields.verificationCode.id;
  useEffect(() => {
    if (!actionData || !("codeRejected" in actionData)) return;
    const input = document.getElementById(codeId);
    if (input instanceof HTMLInputElement) input.value = "";
  }, [actionData, codeId]);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
      <CsrfInput />
      <input type="hidden" name="flow" value="phone" />
      <p className="text-sm text-muted">{t("forgot.phoneIntro")}</p>
      <SmsCodeField
        mobile={fields.mobileNum}
        code={fields.verificationCode}
        sendIntent="send-sms"
        mobilePattern={MOBILE_RE.source}
      />
      <NewPasswordFields rule={rule} fields={fields} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <p className="text-xs text-muted">{t("changePassword.signsOutOthers")}</p>
      <SubmitButton>{t("forgot.submitPhone")}</SubmitButton>
    </Form>
  );
}

function TokenForm({ rule, token, username }: { rule: Rule; token: string; username: string }) {
  const { t } = useTranslation();
  const { lastResult } = useResult();
  const [form, fields] = useForm({
    id: "forgot-token",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: tokenResetSchema(rule) });
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
      <CsrfInput />
      <input type="hidden" name="flow" value="token" />
      <input type="hidden" name="token" value={token} />
      <Field
        label={t("login.username")}
        required
        inputProps={{ id: "fp-username", name: "username-display", value: username, readOnly: true, autoComplete: "username" }}
      />
      <NewPasswordFields rule={rule} fields={fields} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <p className="text-xs text-muted">{t("changePassword.signsOutOthers")}</p>
      <SubmitButton>{t("forgot.submitToken")}</SubmitButton>
    </Form>
  );
}

function LinkGone() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 text-center" role="alert">
      <h2 className="text-base font-bold">{t("forgot.linkGoneTitle")}</h2>
      <p className="text-sm text-muted">{t("forgot.linkGone")}</p>
      <Link to="/m/forget?mode=email" className="btn-primary flex h-12 w-full items-center justify-center rounded-full font-bold">
        {t("forgot.requestNew")}
      </Link>
    </div>
  );
}

export default function Forget() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const frame = { brandId: d.brandId, brandName: d.brandName };
  if (d.mode === "token") {
    return (
      <AuthPage title={d.link ? t("forgot.newPasswordTitle") : t("titles.forget")} {...frame}>
        {d.link ? <TokenForm rule={d} token={d.link.token} username={d.link.username} /> : <LinkGone />}
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("titles.forget")} {...frame}>
      {d.tabs ? (
        <TabLinks
          label={t("forgot.tabsLabel")}
          tabs={[
            { to: "?mode=phone", label: t("forgot.byPhone"), current: d.mode === "phone" },
            { to: "?mode=email", label: t("forgot.byEmail"), current: d.mode === "email" },
          ]}
        />
      ) : null}
      {d.mode === "phone" ? <PhoneForm key="phone" rule={d} /> : <EmailForm key="email" />}
    </AuthPage>
  );
}
