import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Brand } from "~/brand/schema";
import { normalizeMobile } from "~/domain/accounts/account-schemas";
import { isDeliveryError } from "~/domain/accounts/ports";
import { findMemberByMobile } from "~/domain/accounts/members.server";
import { applyNewPassword, mayResetPassword, requestEmailReset, resetWithToken } from "~/domain/accounts/password-reset.server";
import {
  forgotEmailSchema,
  phoneResetSchema,
  sendResetCodeSchema,
  tokenResetSchema,
} from "~/domain/accounts/password-reset-schemas";
import { registrationRules } from "~/domain/accounts/registration-rules.server";
import { resourcesFor } from "~/web/locales.server";
import { readForm } from "~/web/csrf.server";
import { translatorFor } from "~/utils/translator";
import { notFound, type BrandContext } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import { issueSmsCode, verifySmsCode } from "~/web/sms-code.server";
import { setToast } from "~/web/toast.server";

export type ForgetMode = "phone" | "email" | "token";

export interface ForgetSettings {
  brand: Brand;
  phone: boolean;
  email: boolean;
  mode: ForgetMode;
  min: number;
  max: number;
}

/**
 * Which form the URL asks for, or null for a 404. Phone is the default tab when
 * CHNGPASSVERIF3 is on (spec §2); e-mail needs CHNGPASSMAIL3, and so do the links it sends.
 */
export function forgetMode(phone: boolean, email: boolean, url: URL): ForgetMode | null {
  if (url.searchParams.has("token")) return email ? "token" : null;
  if (phone) return email && url.searchParams.get("mode") === "email" ? "email" : "phone";
  return email ? "email" : null;
}

export async function forgetSettings(context: BrandContext, url: URL): Promise<ForgetSettings> {
  const { brand, flags } = context;
  const phone = flags.CHNGPASSVERIF3;
  const email = flags.CHNGPASSMAIL3;
  const mode = forgetMode(phone, email, url);
  if (!mode) throw notFound();
  const rule = (await registrationRules(context.db, brand)).password;
  return { brand, phone, email, mode, min: rule.minLength ?? 6, max: rule.maxLength ?? 20 };
}

/**
 * Where the e-mailed link points. In production: https and one of the brand's
 * configured public hosts (the one the player used if it is one, else the
 * first), never a port or scheme from the request, which anyone can write in
 * the Host header. In development the request's own origin, so a dev server on
 * any port or a *.localhost test host gets links that open.
 */
export function linkOrigin(url: URL, brand: Brand, production: boolean): string {
  if (!production) return url.origin;
  const publicHosts = brand.hosts.filter((h) => h !== "localhost" && !h.endsWith(".localhost"));
  const asked = url.hostname.toLowerCase();
  return `https://${publicHosts.includes(asked) ? asked : (publicHosts[0] ?? brand.hosts[0])}`;
}

const PASSWORDS = ["newPassword", "confirmNewPassword"];

async function signedInHome(request: Request, context: AppLoadContext, memberId: number) {
  // Every session and remembered device was revoked with the old password; this device starts afresh.
  return signIn(request, context, memberId, {
    remember: false,
    toast: { kind: "success", key: "toast.passwordReset", duration: "short" },
  });
}

async function emailAction(context: AppLoadContext, s: ForgetSettings, form: FormData, url: URL) {
  const submission = parseWithZod(form, { schema: forgotEmailSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { brand } = s;
  const lng = context.lng ?? brand.languages.default;
  const t = translatorFor(lng, resourcesFor(lng)).t;
  try {
    await requestEmailReset(context.db, context.services.mailer, brand, {
      username: submission.value.username,
      email: submission.value.email,
      origin: linkOrigin(url, brand, context.production),
      mail: ({ link, minutes, username }) => ({
        subject: t("forgot.mailSubject", { brand: brand.displayName }),
        text: t("forgot.mailBody", { brand: brand.displayName, name: username, link, minutes }),
      }),
    });
  } catch (err) {
    if (isDeliveryError(err)) return data({ result: submission.reply({ formErrors: ["errors.mail_failed"] }) }, { status: 503 });
    throw err;
  }
  // Sent, throttled or no such account: the same words, so the page tells nobody whether an account exists.
  const headers = new Headers({
    "Set-Cookie": await setToast(context, { kind: "success", key: "toast.resetEmailSent", duration: "short" }),
  });
  return redirect("/m/login", { headers });
}

async function sendCodeAction(context: AppLoadContext, s: ForgetSettings, form: FormData) {
  const submission = parseWithZod(form, { schema: sendResetCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  const mobile = submission.value.mobileNum;
  const member = await findMemberByMobile(context.db, s.brand, normalizeMobile(mobile));
  // Unknown numbers get the same answer, limits included, without an SMS: the page never tells whether a number is registered.
  const sent = await issueSmsCode(context, s.brand, "reset", mobile, { deliver: mayResetPassword(member) });
  return data(
    { result: submission.reply({ formErrors: sent.ok ? undefined : [sent.message], hideFields: PASSWORDS }), sms: sent.sms },
    { status: sent.ok ? 200 : 429 },
  );
}

async function phoneAction(request: Request, context: AppLoadContext, s: ForgetSettings, form: FormData) {
  const submission = parseWithZod(form, { schema: phoneResetSchema(s) });
  // Spec §8: only a wrong code clears the code field; the player keeps it while fixing anything else.
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  const { mobileNum, verificationCode, newPassword } = submission.value;
  const verdict = await verifySmsCode(context, s.brand, "reset", mobileNum, verificationCode);
  const member = verdict === "ok" ? await findMemberByMobile(context.db, s.brand, normalizeMobile(mobileNum)) : null;
  if (!mayResetPassword(member)) {
    return data(
      {
        result: submission.reply({
          fieldErrors: { verificationCode: ["errors.verification_code"] },
          hideFields: [...PASSWORDS, "verificationCode"],
        }),
        codeRejected: true,
      },
      { status: 400 },
    );
  }
  await applyNewPassword(context.db, s.brand, member.id, newPassword);
  return signedInHome(request, context, member.id);
}

async function tokenAction(request: Request, context: AppLoadContext, s: ForgetSettings, form: FormData) {
  const submission = parseWithZod(form, { schema: tokenResetSchema(s) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  const outcome = await resetWithToken(context.db, s.brand, {
    token: submission.value.token,
    newPassword: submission.value.newPassword,
  });
  // Used up in another tab or expired meanwhile: the page itself explains it.
  if (!outcome.ok) return redirect(`/m/forget?token=${encodeURIComponent(submission.value.token)}`);
  return signedInHome(request, context, outcome.member.id);
}

export async function forgetAction(request: Request, context: BrandContext) {
  const url = new URL(request.url);
  const s = await forgetSettings(context, url);
  const form = await readForm(request, context);
  const flow = form.get("flow");
  if (flow === "email" && s.email) return emailAction(context, s, form, url);
  if (flow === "phone" && s.phone) {
    return form.get("intent") === "send-sms" ? sendCodeAction(context, s, form) : phoneAction(request, context, s, form);
  }
  if (flow === "token" && s.email) return tokenAction(request, context, s, form);
  throw notFound();
}
