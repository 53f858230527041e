import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { startTrial } from "~/domain/accounts/trial.server";
import { readForm } from "~/web/csrf.server";
import { requireFlag, startSession } from "~/web/session.server";
import { setToast } from "~/web/toast.server";

export async function loader() {
  return redirect("/m/home");
}

/** FREEPLAY3: a guest (type 4) account with play money, signed in at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireFlag(context, "FREEPLAY3");
  const brand = context.brand!;
  await readForm(request, context);
  const guest = await startTrial(context.db, brand, { registerUrl: new URL(request.url).host });
  const headers = await startSession(request, context, guest.id);
  headers.append("Set-Cookie", await setToast({ kind: "success", key: "toast.freePlayStarted" }));
  return redirect("/m/home", { headers });
}
