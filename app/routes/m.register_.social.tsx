import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { RuledField } from "~/components/account-fields";
import { AuthPage } from "~/components/auth-page";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorList } from "~/components/ui/field";
import { useTranslation } from "~/components/ui/i18n";
import { SubmitButton } from "~/components/ui/submit-button";
import { REAL_NAME_LENGTH, socialRegistrationSchema } from "~/domain/accounts/registration-schema";
import { registerWithFirebase } from "~/domain/accounts/social-sign-in.server";
import { refusedAsBarred } from "~/domain/compliance/barred.server";
import { readForm } from "~/web/csrf.server";
import { requireAnonymous, requireFlag, type BrandContext } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import { dropSocialSignup, pendingSocialSignup } from "~/web/social-signup.server";
import { registrationSettings, shownDeclaration } from "./m.register.server";

/**
 * The second step of a registration begun with Google or Facebook (issue 16): the provider vouched
 * for the identity (held in a signed cookie by the sign-in), and the player now confirms the same
 * declaration as on the registration form and, where the brand checks the restricted list, gives
 * the full name and birthday. Only then is the account made.
 */
async function pending(request: Request, context: BrandContext) {
  const held = await pendingSocialSignup(request, context);
  if (!held) throw redirect("/m/login");
  const { settings } = await registrationSettings(context, context.brand, new URL(request.url));
  return { held, settings: { realName: settings.realName, birthday: settings.birthday, rules: settings.rules } };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireAnonymous(context);
  const { held, settings } = await pending(request, c);
  return {
    settings,
    name: held.identity.name ?? held.identity.email ?? null,
    brandId: c.brand.id,
    brandName: c.brand.displayName,
    age: c.brand.minimumAge,
    declarationVersion: shownDeclaration(context, c.brand).textVersion,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const c = requireFlag(context, "REG3");
  requireAnonymous(context);
  const { held, settings } = await pending(request, c);
  const form = await readForm(request, context);
  const submission = parseWithZod(form, { schema: socialRegistrationSchema(settings) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const declaration = shownDeclaration(context, c.brand);
  if (input.declarationVersion !== declaration.textVersion) {
    return data(
      { result: submission.reply({ fieldErrors: { disclaimer: ["validation.declaration_changed"] } }) },
      { status: 400 },
    );
  }
  const who = { realName: input.realName ?? null, birthday: input.birthday ?? null };
  const username = held.identity.name?.slice(0, 40) ?? held.identity.uid.slice(0, 40);
  // Neutral on purpose, as on the registration form (ADR 0035).
  if (await refusedAsBarred(c.db, c.brand, { ...who, username, memberId: null, event: "registration" })) {
    return data({ result: submission.reply({ formErrors: ["errors.registration_refused"] }) }, { status: 400 });
  }
  const outcome = await registerWithFirebase(c.db, c.brand, held.identity, {
    registerUrl: new URL(request.url).host,
    declaration,
    ...who,
  });
  if (!outcome.ok) {
    const message = outcome.reason === "disabled" ? "errors.user_disabled" : "errors.no_permission";
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const response = await signIn(request, context, outcome.member.id, {
    redirectTo: held.redirectTo,
    toast: outcome.created
      ? { kind: "success", key: "toast.registered", params: { name: outcome.member.username } }
      : { kind: "success", key: "toast.signedIn" },
  });
  response.headers.append("Set-Cookie", await dropSocialSignup(context));
  return response;
}

export default function SocialRegistration() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "register-social",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: socialRegistrationSchema(d.settings) });
    },
  });
  const { settings } = d;
  return (
    <AuthPage title={t("register.title")} brandId={d.brandId} brandName={d.brandName} backTo="/m/login">
      <p className="mb-4 text-center text-sm text-muted" data-testid="social-signup-intro">
        {d.name ? t("register.socialIntroNamed", { name: d.name }) : t("register.socialIntro")}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
        <CsrfInput />
        <input type="hidden" name="declarationVersion" value={d.declarationVersion} />
        {settings.realName ? (
          <RuledField
            field={fields.realName}
            rule={{ required: true, maxLength: REAL_NAME_LENGTH.max }}
            label={t("register.realName")}
            extra={{ autoComplete: "name", autoCapitalize: "words", spellCheck: false }}
          />
        ) : null}
        {settings.birthday ? (
          <RuledField
            field={fields.birthday}
            rule={{ ...settings.rules.birthday, required: true }}
            label={t("register.birthday", { age: d.age })}
            type="date"
            extra={{ min: settings.birthday.min, max: settings.birthday.max }}
          />
        ) : null}
        <div>
          <label className="flex items-start gap-2 text-xs leading-relaxed text-muted">
            <input
              {...getInputProps(fields.disclaimer, { type: "checkbox" })}
              key={fields.disclaimer.key}
              className="mt-0.5 h-4 w-4 shrink-0 accent-[var(--primary)]"
            />
            <span>{t("register.disclaimer", { age: d.age })}</span>
          </label>
          <ErrorList id={fields.disclaimer.errorId} errors={fields.disclaimer.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton>{t("register.submit")}</SubmitButton>
      </Form>
    </AuthPage>
  );
}
