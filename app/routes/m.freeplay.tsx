import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { takeTrialStart } from "~/domain/accounts/request-limits.server";
import { startTrial } from "~/domain/accounts/trial.server";
import { readForm } from "~/web/csrf.server";
import { requireFlag } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import { setToast } from "~/web/toast.server";

export async function loader() {
  return redirect("/m/home");
}

/** FREEPLAY3: a guest (type 4) account with play money, signed in at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { brand, db } = requireFlag(context, "FREEPLAY3");
  await readForm(request, context);
  const hit = await takeTrialStart(db, brand, context.clientIp);
  if (!hit.allowed) {
    // The button's form has no page of its own: the refusal travels as a toast to the lobby, and no account is made.
    return redirect("/m/home", {
      headers: { "Set-Cookie": await setToast(context, { kind: "fail", key: "toast.freePlayRefused" }) },
    });
  }
  const guest = await startTrial(db, brand, { registerUrl: new URL(request.url).host });
  return signIn(request, context, guest.id, { toast: { kind: "success", key: "toast.freePlayStarted" } });
}
