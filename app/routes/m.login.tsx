import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/ui/i18n";
import { AuthPage } from "~/components/auth-page";
import { CaptchaField } from "~/components/captcha-field";
import { CsrfInput } from "~/components/csrf-input";
import { FreePlayButton } from "~/components/free-play-button";
import { UsernameField } from "~/components/account-fields";
import { SmsCodeField } from "~/components/sms-code-field";
import { SocialSignInForm } from "~/components/social-sign-in-form";
import { ErrorList, Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TabLinks, useTabHref } from "~/components/ui/tabs";
import { loginSchema, MOBILE_RE } from "~/domain/accounts/account-schemas";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { requireAnonymous, requireBrand } from "~/web/guards.server";
import { loginAction, loginModeOf, rememberedFor } from "./m.login.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const mode = loginModeOf(url);
  // The agent door stays open to a signed-in member (they may hold an agent account too).
  const { brand, flags } = mode === "member" ? requireAnonymous(context) : requireBrand(context);
  const method = mode === "member" && flags.MOBILEVERCODELOGIN3 && url.searchParams.get("method") === "sms" ? "sms" : "username";
  const remembered = await rememberedFor(request, context, brand, mode);
  return {
    mode,
    method,
    remembered: remembered ? { username: remembered.username } : null,
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
    brandId: brand.id,
    brandName: brand.displayName,
    smsTab: flags.MOBILEVERCODELOGIN3,
    forgot: flags.CHNGPASSMAIL3 || flags.CHNGPASSVERIF3,
    canRegister: flags.REG3 && flags.REGISTER_REE3,
    freePlay: flags.FREEPLAY3 && mode === "member",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, requireBrand(context));
}

/** Remix passes on only the cookies of an action's reply: the Retry-After of a refused sign-in (429) is let through here. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : undefined);
};

export default function Login() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const captchaShown = Boolean(actionData && "captcha" in actionData && actionData.captcha);
  const [form, fields] = useForm({
    id: `login-${d.mode}-${d.method}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    // Spec §4: the form comes back with the remembered login (never a password: the device token stands for it).
    defaultValue: d.remembered ? { username: d.remembered.username, remember: "on" } : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: loginSchema });
    },
  });
  const tab = useTabHref();
  const title = d.mode === "agent" ? t("login.agentTitle") : t("login.title");

  return (
    <AuthPage title={title} brandId={d.brandId} brandName={d.brandName}>
      <TabLinks
        label={t("login.modeLabel")}
        tabs={[
          { to: tab({ mode: "", method: "" }), label: t("login.memberMode"), current: d.mode === "member" },
          { to: tab({ mode: "agent", method: "" }), label: t("login.agentMode"), current: d.mode === "agent" },
        ]}
      />
      {d.remembered ? (
        <Form method="post" className="mb-5 rounded-xl border border-primary/50 bg-primary/10 p-4 text-center" replace>
          <CsrfInput />
          <input type="hidden" name="mode" value={d.mode} />
          <input type="hidden" name="redirectTo" value={d.redirectTo} />
          <p className="text-sm text-muted">{t("login.rememberedOnDevice")}</p>
          <p className="mt-1 text-lg font-bold">{d.remembered.username}</p>
          <SubmitButton name="intent" value="remembered" size="md" busyLabel={null} className="mt-3">
            {t("login.continueAs", { name: d.remembered.username })}
          </SubmitButton>
          <button type="submit" name="intent" value="forget-device" className="mt-2 text-xs text-muted underline">
            {t("login.forgetDevice")}
          </button>
        </Form>
      ) : null}

      {d.mode === "member" && d.smsTab ? (
        <TabLinks
          label={t("login.methodLabel")}
          tabs={[
            { to: tab({ method: "" }), label: t("login.byUsername"), current: d.method === "username" },
            { to: tab({ method: "sms" }), label: t("login.byMobile"), current: d.method === "sms" },
          ]}
        />
      ) : null}

      <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
        <CsrfInput />
        <input type="hidden" name="mode" value={d.mode} />
        <input type="hidden" name="redirectTo" value={d.redirectTo} />
        {d.method === "username" ? (
          <>
            <UsernameField field={fields.username} />
            <Field
              label={t("login.password")}
              required
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                autoComplete: "current-password",
                maxLength: 64,
                placeholder: t("login.passwordPlaceholder"),
              }}
              errors={fields.password.errors}
            />
            {captchaShown ? <CaptchaField field={fields.captcha} /> : null}
          </>
        ) : (
          <SmsCodeField
            mobile={fields.mobileNum}
            code={fields.verificationCode}
            sendIntent="send-sms"
            mobilePattern={MOBILE_RE.source}
            submitIntent="sms"
          />
        )}
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input {...getInputProps(fields.remember, { type: "checkbox" })} className="h-4 w-4 accent-[var(--primary)]" />
            {t("login.remember")}
          </label>
          {d.forgot ? (
            <Link to="/m/forget" className="text-primary underline-offset-2 hover:underline">
              {t("login.forgot")}
            </Link>
          ) : null}
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton name="intent" value={d.method === "sms" ? "sms" : "password"}>
          {t("login.submit")}
        </SubmitButton>
      </Form>

      {d.mode === "member" ? <SocialSignInForm redirectTo={d.redirectTo} /> : null}
      <div className="mt-5 space-y-3 text-center text-sm">
        {d.canRegister && d.mode === "member" ? (
          <p className="text-muted">
            {t("login.noAccount")}{" "}
            <Link to="/m/register" className="font-semibold text-primary">
              {t("header.register")}
            </Link>
          </p>
        ) : null}
        {d.freePlay ? <FreePlayButton /> : null}
      </div>
    </AuthPage>
  );
}
