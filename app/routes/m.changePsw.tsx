import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { AuthPage } from "~/components/auth-page";
import { CsrfInput } from "~/components/csrf-input";
import { NewPasswordFields } from "~/components/account-fields";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { ErrorList, Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { SubmitButton } from "~/components/ui/submit-button";
import { changePasswordSchema } from "~/domain/accounts/account-schemas";
import { changePassword, mustAskOldPassword } from "~/domain/accounts/password.server";
import { registrationRules } from "~/domain/accounts/registration-rules.server";
import type { AppLoadContext } from "@remix-run/node";
import { readForm } from "~/web/csrf.server";
import { requireMember, type SignedIn } from "~/web/guards.server";
import { signIn } from "~/web/session.server";

async function settings({ brand, session, db }: SignedIn) {
  const rule = (await registrationRules(db, brand)).password;
  return {
    brand,
    session,
    askOld: mustAskOldPassword(session),
    min: rule.minLength ?? 6,
    max: rule.maxLength ?? 20,
  };
}

const SAME_PASSWORD = "validation.same_password";

/** No member session: back home (spec §2). */
const requireChanger = (request: Request, context: AppLoadContext) => requireMember(request, context, { orElse: "/m/home" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const s = await settings(requireChanger(request, context));
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
  const s = await settings(requireChanger(request, context));
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
    // Without the old password asked, only the stored hash can tell that the new one is the same.
    const errors =
      outcome.message === SAME_PASSWORD
        ? { formErrors: [SAME_PASSWORD] }
        : { fieldErrors: { [outcome.field]: [outcome.message] } };
    return data(
      { result: submission.reply({ ...errors, hideFields }) },
      { status: outcome.message === "auth.locked" ? 429 : 400 },
    );
  }
  // Every other session and remembered device is signed out; this one gets a new id.
  return signIn(request, context, s.session.memberId, {
    remember: false,
    toast: { kind: "success", key: "toast.changesSaved", duration: "short" },
  });
}

export default function ChangePassword() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // Spec §4: "if new equals old, alert". The alert opens on a submit (the browser's or the server's
  // answer), never while the player is still typing and conform re-validates each keystroke.
  const refusedAsSame = (errors: string[] | null | undefined) => Boolean(errors?.includes(SAME_PASSWORD));
  const [samePassword, setSamePassword] = useState(() => refusedAsSame(actionData?.result.error?.[""]));
  useEffect(() => {
    if (refusedAsSame(actionData?.result.error?.[""])) setSamePassword(true);
  }, [actionData]);
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: changePasswordSchema(d) });
      // A status only comes with a real submit; conform's own validation intents carry none.
      if (submission.status === "error" && refusedAsSame(submission.error?.[""])) setSamePassword(true);
      return submission;
    },
  });
  // Spec §4: the submit button waits until every field shown is filled (with JavaScript; without it
  // the server checks the same).
  const formRef = useRef<HTMLFormElement>(null);
  const shown = d.askOld ? ["oldPassword", "newPassword", "confirmNewPassword"] : ["newPassword", "confirmNewPassword"];
  const [filled, setFilled] = useState(false);
  const readFilled = () => {
    if (formRef.current) setFilled(shown.every((name) => new FormData(formRef.current!).get(name)));
  };
  // A refused post clears the passwords it hid, so the button is re-read after every answer.
  useEffect(readFilled, [actionData]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <AuthPage title={t("changePassword.title")} brandId={d.brandId} brandName={d.brandName} backTo="/m/member/home">
      <Form method="post" {...getFormProps(form)} ref={formRef} onChange={readFilled} className="space-y-4" replace>
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
        <ErrorList id={form.errorId} errors={form.errors?.filter((e) => e !== SAME_PASSWORD)} />
        <p className="text-xs text-muted">{t("changePassword.signsOutOthers")}</p>
        <SubmitButton disabled={hydrated && !filled}>{t("changePassword.submit")}</SubmitButton>
      </Form>
      {samePassword ? (
        <AlertDialog
          message={t(SAME_PASSWORD)}
          dismiss={{ to: "/m/changePsw", label: t("form.ok") }}
          onDismiss={() => {
            setSamePassword(false);
            document.getElementById(fields.newPassword.id)?.focus();
          }}
        />
      ) : null}
    </AuthPage>
  );
}
