import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/i18n";
import { AuthPage } from "~/components/auth-page";
import { CsrfInput } from "~/components/csrf-input";
import { NewPasswordFields } from "~/components/account-fields";
import { ErrorList, Field } from "~/components/ui/field";
import { changePasswordSchema } from "~/domain/accounts/account-schemas";
import { changePassword, mustAskOldPassword } from "~/domain/accounts/password.server";
import { isRealMember } from "~/domain/accounts/member-types";
import { registrationRules } from "~/domain/accounts/registration-rules.server";
import type { SessionView } from "~/domain/accounts/sessions.server";
import type { AppLoadContext } from "@remix-run/node";
import { readForm } from "~/web/csrf.server";
import { startSession } from "~/web/session.server";
import { setToast } from "~/web/toast.server";

/** No member session: back home (spec §2). */
async function settings(context: AppLoadContext) {
  const { brand, session } = context;
  if (!brand || !session || !isRealMember(session.type)) throw redirect("/m/home");
  const rule = (await registrationRules(context.db, brand)).password;
  return {
    brand,
    session: session as SessionView,
    askOld: mustAskOldPassword(session),
    min: rule.minLength ?? 6,
    max: rule.maxLength ?? 20,
  };
}

export async function loader({ context }: LoaderFunctionArgs) {
  const s = await settings(context);
  return {
    username: s.session.username,
    askOld: s.askOld,
    min: s.min,
    max: s.max,
    brandId: s.brand.id,
    brandName: s.brand.displayName,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const s = await settings(context);
  const form = await readForm(request, context);
  const submission = parseWithZod(form, { schema: changePasswordSchema(s) });
  const hideFields = ["oldPassword", "newPassword", "confirmNewPassword"];
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
  const outcome = await changePassword(context.db, s.brand, s.session, {
    oldPassword: s.askOld ? submission.value.oldPassword : undefined,
    newPassword: submission.value.newPassword,
    ip: context.clientIp,
  });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields }) },
      { status: outcome.message === "auth.locked" ? 429 : 400 },
    );
  }
  // Every other session and remembered device is signed out; this one gets a new id.
  const headers = await startSession(request, context, s.session.memberId, { remember: false });
  headers.append("Set-Cookie", await setToast({ kind: "success", key: "toast.changesSaved", duration: "short" }));
  return redirect("/m/home", { headers });
}

export default function ChangePassword() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: changePasswordSchema(d) });
    },
  });
  return (
    <AuthPage title={t("changePassword.title")} brandId={d.brandId} brandName={d.brandName} backTo="/m/member/home">
      <Form method="post" {...getFormProps(form)} className="space-y-4" replace>
        <CsrfInput />
        <Field
          label={t("login.username")}
          required
          inputProps={{
            id: "cp-username",
            name: "username-display",
            value: d.username,
            readOnly: true,
            autoComplete: "username",
          }}
        />
        {d.askOld ? (
          <Field
            label={t("changePassword.old")}
            required
            inputProps={{
              ...getInputProps(fields.oldPassword, { type: "password" }),
              autoComplete: "current-password",
              maxLength: 64,
            }}
            errors={fields.oldPassword.errors}
          />
        ) : (
          <p className="rounded-xl bg-surface-2 px-3 py-2 text-xs text-muted">{t("changePassword.recentlySignedIn")}</p>
        )}
        <NewPasswordFields rule={d} fields={fields} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-xs text-muted">{t("changePassword.signsOutOthers")}</p>
        <button
          type="submit"
          disabled={busy}
          className="btn-primary h-12 w-full rounded-full text-base font-bold disabled:opacity-50"
        >
          {busy ? t("form.pleaseWait") : t("changePassword.submit")}
        </button>
      </Form>
    </AuthPage>
  );
}
