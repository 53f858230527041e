import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { socialProviders } from "~/brand/social";
import type { Brand } from "~/brand/schema";
import { isFirebaseTokenError } from "~/domain/accounts/ports";
import { signInWithFirebase } from "~/domain/accounts/social-sign-in.server";
import { notFound, requireBrand } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import { holdSocialSignup } from "~/web/social-signup.server";
import { SIGNED_IN } from "./m.login.server";

type AnySubmission = Submission<unknown, string[]>;

/** The browser's Firebase ID token is verified here (signature, audience, issuer, expiry) before anyone is signed in. */
export async function firebaseLogin(
  request: Request,
  context: AppLoadContext,
  brand: Brand,
  submission: AnySubmission,
  input: { idToken: string; redirectTo?: string },
) {
  const refuse = (message: string, status = 400) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: ["idToken"] }), captcha: false }, { status });
  const { flags } = requireBrand(context);
  if (!brand.firebase || socialProviders(brand, flags).length === 0) throw notFound();
  let identity;
  try {
    identity = await context.services.firebase.verify(input.idToken, brand.firebase.projectId);
  } catch (err) {
    if (!isFirebaseTokenError(err)) throw err;
    return err.reason === "keys-unavailable" ? refuse("auth.social_unavailable", 503) : refuse("auth.social_failed");
  }
  const outcome = await signInWithFirebase(context.db, brand, identity);
  if (!outcome.ok && outcome.reason === "not_registered") {
    // A new player: the registration is completed first (the declaration, the name and birthday).
    const held = await holdSocialSignup(context, identity, input.redirectTo ?? null);
    return redirect("/m/register/social", { headers: { "Set-Cookie": held } });
  }
  if (!outcome.ok) return refuse(outcome.reason === "disabled" ? "errors.user_disabled" : "errors.no_permission");
  return signIn(request, context, outcome.member.id, { redirectTo: input.redirectTo, toast: SIGNED_IN });
}
