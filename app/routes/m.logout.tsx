import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/components/i18n";
import { CsrfInput } from "~/components/csrf-input";
import { LogoutIcon } from "~/components/icons";
import { readForm } from "~/web/csrf.server";
import { endSession } from "~/web/session.server";
import { setToast } from "~/web/toast.server";

export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.session) throw redirect("/m/home");
  return null;
}

/** Revokes the session on the server, then home (spec §4 Logout). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!context.brand) throw new Response("Not found", { status: 404 });
  await readForm(request, context);
  const headers = await endSession(context);
  headers.append("Set-Cookie", await setToast({ kind: "info", key: "toast.signedOut" }));
  return redirect("/m/home", { headers });
}

/** The confirm dialog: a page of its own, so it works without JavaScript. */
export default function Logout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-6">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="logout-title"
        aria-describedby="logout-message"
        className="w-full max-w-xs rounded-card border border-line bg-surface p-6 text-center shadow-2xl"
      >
        <LogoutIcon width={36} height={36} className="mx-auto text-primary" />
        <h1 id="logout-title" className="mt-3 text-lg font-bold">
          {t("logout.title")}
        </h1>
        <p id="logout-message" className="mt-2 text-sm text-muted">
          {t("logout.message")}
        </p>
        <Form method="post" className="mt-6 grid grid-cols-2 gap-3">
          <CsrfInput />
          <Link to="/m/home" className="flex h-11 items-center justify-center rounded-full border border-line font-semibold">
            {t("logout.cancel")}
          </Link>
          <button type="submit" disabled={busy} className="btn-primary h-11 rounded-full font-bold disabled:opacity-60">
            {busy ? t("form.pleaseWait") : t("logout.submit")}
          </button>
        </Form>
      </div>
    </div>
  );
}
