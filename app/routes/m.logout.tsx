import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import { CsrfInput } from "~/components/csrf-input";
import { LogoutIcon } from "~/components/ui/icons";
import { Dialog } from "~/components/ui/dialog";
import { SubmitButton } from "~/components/ui/submit-button";
import { readForm } from "~/web/csrf.server";
import { requireBrand } from "~/web/guards.server";
import { endSession } from "~/web/session.server";
import { setToast } from "~/web/toast.server";

export async function loader({ context }: LoaderFunctionArgs) {
  if (!requireBrand(context).session) throw redirect("/m/home");
  return null;
}

/** Revokes the session on the server, then home (spec §4 Logout). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireBrand(context);
  await readForm(request, context);
  const headers = await endSession(context);
  headers.append("Set-Cookie", await setToast(context, { kind: "info", key: "toast.signedOut" }));
  return redirect("/m/home", { headers });
}

/** The confirm dialog: a page of its own, so it works without JavaScript. */
export default function Logout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <Dialog
      icon={<LogoutIcon width={36} height={36} />}
      title={t("logout.title")}
      description={t("logout.message")}
      cancel={{ to: "/m/home", label: t("logout.cancel") }}
    >
      <Form method="post">
        <CsrfInput />
        {/* Busy until home has loaded, not only while posting: the session is gone, a second tap has nothing to end. */}
        <SubmitButton size="md" busy={navigation.state !== "idle"}>
          {t("logout.submit")}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}
