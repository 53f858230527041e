import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useEnteredBeforeHydration } from "~/components/ui/entered-before-hydration";
import { useTranslation } from "~/components/ui/i18n";
import { RuledField } from "~/components/account-fields";
import { AuthPage } from "~/components/auth-page";
import { CaptchaField } from "~/components/captcha-field";
import { CsrfInput } from "~/components/csrf-input";
import { isStandalone, markWebclip, readWebclipFlag, registerMethodOf } from "~/components/download/webclip";
import { SmsCodeField } from "~/components/sms-code-field";
import { SocialSignInForm } from "~/components/social-sign-in-form";
import { ErrorList, Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { TabLinks, useTabHref } from "~/components/ui/tabs";
import { UsernameAvailability } from "~/components/username-availability";
import { bySubmitter, MOBILE_RE } from "~/domain/accounts/account-schemas";
import { REAL_NAME_LENGTH, registrationSchema } from "~/domain/accounts/registration-schema";
import { requireAnonymous, requireFlag } from "~/web/guards.server";
import { registerAction, registrationSettings, shownDeclaration } from "./m.register.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand } = requireAnonymous(context);
  const url = new URL(request.url);
  const { settings, acceptedInvitation, open } = await registrationSettings(context, brand, url);
  const declarationVersion = shownDeclaration(context, brand).textVersion;
  const wanted = url.searchParams.get("method") === "mobileNum" ? "mobileNum" : "username";
  const method = !settings.usernameTab ? "mobileNum" : !settings.mobileTab ? "username" : wanted;
  return {
    settings,
    acceptedInvitation,
    open,
    method,
    brandId: brand.id,
    brandName: brand.displayName,
    age: brand.minimumAge,
    declarationVersion,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return registerAction(request, requireFlag(context, "REG3"));
}

/**
 * Spec §3 registerMethod: WEBCLIP once the configuration profile's web clip has opened the site
 * (its WEBCLIP mark in localStorage), PWA when it runs installed from the home screen, else H5.
 */
function detectRegisterMethod(): "H5" | "PWA" | "WEBCLIP" {
  // The clip may open this page directly: its mark is kept first.
  markWebclip(window.location.search);
  return registerMethodOf({ webclip: readWebclipFlag(), standalone: isStandalone() });
}

export default function Register() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const tabTo = useTabHref();
  const { t } = useTranslation();
  const { settings } = d;
  const [agreed, setAgreed] = useState(true);
  const [username, setUsername] = useState("");
  // What was entered before the page hydrated: the name's availability shows, the unticked box's message too.
  const usernameField = useEnteredBeforeHydration<HTMLInputElement, string>((el) => el.value.trim() || null, setUsername);
  const disclaimerBox = useEnteredBeforeHydration<HTMLInputElement, boolean>((el) => el.checked, setAgreed);
  // Held in state: a hidden input's value is its default value, which React writes back on every
  // render, so a value set on the element directly would fall back to H5 at the next render.
  const [registerMethod, setRegisterMethod] = useState<"H5" | "PWA" | "WEBCLIP">("H5");
  useEffect(() => setRegisterMethod(detectRegisterMethod()), []);
  const [form, fields] = useForm({
    id: `register-${d.method}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { method: d.method },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: bySubmitter(formData, registrationSchema(settings)) });
    },
  });

  if (!d.open) {
    return (
      <AuthPage title={t("register.title")} brandId={d.brandId} brandName={d.brandName} backTo="/">
        <p className="text-center text-muted">{t("register.closed")}</p>
      </AuthPage>
    );
  }
  const byMobile = d.method === "mobileNum";
  const wantsPassword = !byMobile || settings.mobilePassword;
  // With JavaScript conform focuses the first invalid field; without it, a refused post comes back
  // as a new page on which that field (in page order, spec §4) carries autofocus.
  const pageOrder = [
    ...(byMobile ? (["mobileNum", "verificationCode"] as const) : (["username"] as const)),
    ...(wantsPassword ? (["password", "confirmPassword"] as const) : []),
    ...(byMobile ? [] : (["mobileNum"] as const)),
    ...(["nickname", "email", "realName", "birthday", "affiliateCode", "captcha", "disclaimer"] as const),
  ];
  const firstInvalid = pageOrder.find((name) => fields[name].errors?.length);
  const focus = (name: (typeof pageOrder)[number]) => (name === firstInvalid ? { autoFocus: true } : {});

  return (
    <AuthPage title={t("register.title")} brandId={d.brandId} brandName={d.brandName} backTo="/">
      {settings.usernameTab && settings.mobileTab ? (
        <TabLinks
          label={t("register.methodLabel")}
          tabs={[
            { to: tabTo({ method: "username" }), label: t("register.byUsername"), current: !byMobile },
            { to: tabTo({ method: "mobileNum" }), label: t("register.byMobile"), current: byMobile },
          ]}
        />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
        <CsrfInput />
        <input type="hidden" name="method" value={d.method} />
        <input type="hidden" name="registerMethod" value={registerMethod} />
        <input type="hidden" name="declarationVersion" value={d.declarationVersion} />
        {byMobile ? (
          settings.smsRequired ? (
            <SmsCodeField
              mobile={fields.mobileNum}
              code={fields.verificationCode}
              sendIntent="send-sms"
              mobilePattern={MOBILE_RE.source}
              autoFocus={firstInvalid === "mobileNum" ? "mobile" : firstInvalid === "verificationCode" ? "code" : undefined}
            />
          ) : (
            <RuledField
              field={fields.mobileNum}
              rule={{ ...settings.rules.mobileNum, required: true }}
              label={t("sms.mobile")}
              extra={{
                inputMode: "numeric",
                autoComplete: "tel-national",
                maxLength: 20,
                placeholder: t("sms.mobilePlaceholder"),
                ...focus("mobileNum"),
              }}
            />
          )
        ) : (
          <Field
            label={t("register.username")}
            required
            inputProps={{
              ...getInputProps(fields.username, { type: "text" }),
              autoComplete: "username",
              autoCapitalize: "none",
              spellCheck: false,
              maxLength: settings.rules.username.maxLength,
              onChange: (e) => setUsername(e.currentTarget.value.trim()),
              ref: usernameField,
              ...focus("username"),
            }}
            errors={fields.username.errors}
            trailing={<UsernameAvailability value={username} />}
          />
        )}
        {wantsPassword ? (
          <>
            <RuledField
              field={fields.password}
              rule={{ ...settings.rules.password, required: true }}
              label={t("register.password")}
              type="password"
              extra={{ autoComplete: "new-password", ...focus("password") }}
            />
            <Field
              label={t("register.confirmPassword")}
              required
              inputProps={{
                ...getInputProps(fields.confirmPassword, { type: "password" }),
                autoComplete: "new-password",
                maxLength: settings.rules.password.maxLength,
                ...focus("confirmPassword"),
              }}
              errors={fields.confirmPassword.errors}
            />
          </>
        ) : null}
        {!byMobile && settings.rules.mobileNum.enabled ? (
          <RuledField
            field={fields.mobileNum}
            rule={settings.rules.mobileNum}
            label={t("sms.mobile")}
            extra={{
              inputMode: "numeric",
              autoComplete: "tel-national",
              maxLength: 20,
              placeholder: t("sms.mobilePlaceholder"),
              ...focus("mobileNum"),
            }}
          />
        ) : null}
        {settings.rules.nickname.enabled ? (
          <RuledField
            field={fields.nickname}
            rule={settings.rules.nickname}
            label={t("register.nickname")}
            extra={focus("nickname")}
          />
        ) : null}
        {settings.rules.email.enabled ? (
          <RuledField
            field={fields.email}
            rule={settings.rules.email}
            label={t("register.email")}
            type="email"
            extra={{ autoComplete: "email", ...focus("email") }}
          />
        ) : null}
        {settings.realName ? (
          <RuledField
            field={fields.realName}
            rule={{ required: true, maxLength: REAL_NAME_LENGTH.max }}
            label={t("register.realName")}
            extra={{ autoComplete: "name", autoCapitalize: "words", spellCheck: false, ...focus("realName") }}
          />
        ) : null}
        {settings.birthday ? (
          <RuledField
            field={fields.birthday}
            rule={settings.rules.birthday}
            label={t("register.birthday", { age: d.age })}
            type="date"
            extra={{ min: settings.birthday.min, max: settings.birthday.max, ...focus("birthday") }}
          />
        ) : null}
        {settings.invitationField ? (
          <Field
            label={t("register.invitation")}
            inputProps={{
              ...getInputProps(fields.affiliateCode, { type: "text" }),
              autoCapitalize: "characters",
              maxLength: 16,
              ...focus("affiliateCode"),
            }}
            errors={fields.affiliateCode.errors}
          />
        ) : d.acceptedInvitation ? (
          <p className="rounded-xl border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
            {t("register.invitedBy", { code: d.acceptedInvitation })}
          </p>
        ) : null}
        {settings.captcha ? (
          <CaptchaField field={fields.captcha} refreshKey={actionData} autoFocus={firstInvalid === "captcha"} />
        ) : null}
        <div>
          <label className="flex items-start gap-2 text-xs leading-relaxed text-muted">
            <input
              {...getInputProps(fields.disclaimer, { type: "checkbox" })}
              key={fields.disclaimer.key}
              defaultChecked
              ref={disclaimerBox}
              {...focus("disclaimer")}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--primary)]"
            />
            <span>{t("register.disclaimer", { age: d.age })}</span>
          </label>
          <ErrorList id={fields.disclaimer.errorId} errors={agreed ? fields.disclaimer.errors : ["validation.disclaimer"]} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton disabled={!agreed}>{t("register.submit")}</SubmitButton>
      </Form>
      <SocialSignInForm />
      <p className="mt-5 text-center text-sm text-muted">
        {t("register.haveAccount")}{" "}
        <Link to="/m/login" className="font-semibold text-primary">
          {t("header.login")}
        </Link>
      </p>
    </AuthPage>
  );
}
