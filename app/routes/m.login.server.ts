import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Brand } from "~/brand/schema";
import { loginSchema } from "~/domain/accounts/account-schemas";
import { passwordLogin, type LoginRefusal } from "~/domain/accounts/auth.server";
import { maySignInAs } from "~/domain/accounts/member-types";
import { rememberedMember, revokeRememberToken } from "~/domain/accounts/sessions.server";
import { clearCookie, readCookie } from "~/web/cookies.server";
import { readForm } from "~/web/csrf.server";
import { requireFlag, type BrandContext } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import type { Toast } from "~/web/toast.server";
import { firebaseLogin } from "./m.login.social.server";
import { sendLoginCode, smsLogin } from "./m.login.sms.server";

const REFUSAL_MESSAGES: Record<LoginRefusal, string> = {
  invalid: "auth.invalid_credentials",
  captcha: "auth.captcha_wrong",
  locked: "auth.locked",
  disabled: "errors.user_disabled",
  wrong_role: "errors.no_permission",
};

/** A captcha refusal without an answer is the first time the player meets it (someone else's failures may have brought it). */
function refusalMessage(reason: LoginRefusal, captchaAnswered: boolean): string {
  return reason === "captcha" && !captchaAnswered ? "auth.captcha_needed" : REFUSAL_MESSAGES[reason];
}

export function loginModeOf(url: URL): "member" | "agent" {
  return url.searchParams.get("mode") === "agent" ? "agent" : "member";
}

/** Whom "remember me" on this device stands for, if they may use this door. */
export async function rememberedFor(request: Request, context: AppLoadContext, brand: Brand, mode: "member" | "agent") {
  const token = readCookie(request.headers.get("cookie"), "remember", context.secureCookies);
  if (!token) return null;
  const who = await rememberedMember(context.db, brand, token);
  return who && maySignInAs(who.type, mode) ? { token, ...who } : null;
}

export const SIGNED_IN: Toast = { kind: "success", key: "toast.signedIn" };

export async function loginAction(request: Request, context: BrandContext) {
  const { brand, flags } = context;
  const form = await readForm(request, context);
  const submission = parseWithZod(form, { schema: loginSchema });
  const hide = ["password", "verificationCode", "captcha"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: hide }), captcha: form.get("captchaShown") === "1" }, { status: 400 });
  }
  const input = submission.value;

  switch (input.intent) {
    case "password": {
      const result = await passwordLogin(context.db, brand, {
        username: input.username,
        password: input.password,
        mode: input.mode,
        ip: context.clientIp,
        captchaEnabled: flags.VALID_CAPTCHA3,
        captcha: { token: readCookie(request.headers.get("cookie"), "captcha", context.secureCookies), answer: input.captcha },
      });
      if (!result.ok) {
        const reply = {
          result: submission.reply({ formErrors: [refusalMessage(result.reason, Boolean(input.captcha))], hideFields: hide }),
          captcha: result.captchaRequired,
        };
        if (result.reason === "locked") {
          return data(reply, {
            status: 429,
            headers: { "Retry-After": String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))) },
          });
        }
        return data(reply, { status: 400 });
      }
      return signIn(request, context, result.member.id, {
        remember: input.remember,
        redirectTo: input.redirectTo,
        toast: SIGNED_IN,
      });
    }
    case "remembered": {
      const who = await rememberedFor(request, context, brand, input.mode);
      if (!who) {
        return data({ result: submission.reply({ formErrors: ["auth.remembered_expired"] }), captcha: false }, { status: 400 });
      }
      // The device token proves less than a password: password changes will ask for the old one.
      return signIn(request, context, who.memberId, {
        redirectTo: input.redirectTo,
        authenticatedAt: new Date(0),
        toast: SIGNED_IN,
      });
    }
    case "forget-device": {
      const token = readCookie(request.headers.get("cookie"), "remember", context.secureCookies);
      if (token) await revokeRememberToken(context.db, brand, token);
      const headers = new Headers({ "Set-Cookie": clearCookie("remember", context.secureCookies) });
      return redirect(input.mode === "agent" ? "/m/login?mode=agent" : "/m/login", { headers });
    }
    case "send-sms":
      requireFlag(context, "MOBILEVERCODELOGIN3");
      return sendLoginCode(context, brand, submission, input.mobileNum);
    case "sms":
      requireFlag(context, "MOBILEVERCODELOGIN3");
      return smsLogin(request, context, brand, submission, input);
    case "firebase":
      return firebaseLogin(request, context, brand, submission, input);
  }
}
