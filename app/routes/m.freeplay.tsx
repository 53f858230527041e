import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { startTrial } from "~/domain/accounts/trial.server";
import { readForm } from "~/web/csrf.server";
import { requireFlag } from "~/web/guards.server";
import { signIn } from "~/web/session.server";

export async function loader() {
  return redirect("/m/home");
}

/** FREEPLAY3: a guest (type 4) account with play money, signed in at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { brand } = requireFlag(context, "FREEPLAY3");
  await readForm(request, context);
  const guest = await startTrial(context.db, brand, { registerUrl: new URL(request.url).host });
  return signIn(request, context, guest.id, { toast: { kind: "success", key: "toast.freePlayStarted" } });
}
