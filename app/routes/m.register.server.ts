import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Brand } from "~/brand/schema";
import { normalizeMobile, sendSmsSchema } from "~/domain/accounts/account-schemas";
import { checkCaptcha } from "~/domain/accounts/captcha.server";
import { createMember, findMemberByInviteCode, MemberExistsError, type Member } from "~/domain/accounts/members.server";
import { refusedAsBarred } from "~/domain/compliance/barred.server";
import { registrationDeclaration } from "~/domain/compliance/declarations.server";
import { registrationRules } from "~/domain/accounts/registration-rules.server";
import { registrationSchema, type RegistrationSettings } from "~/domain/accounts/registration-schema";
import { readCookie } from "~/web/cookies.server";
import { readForm } from "~/web/csrf.server";
import { formatDate } from "~/utils/dates.server";
import { translatorFor } from "~/utils/translator";
import { resourcesFor } from "~/web/locales.server";
import type { BrandContext } from "~/web/guards.server";
import { signIn } from "~/web/session.server";
import { issueSmsCode, verifySmsCode } from "~/web/sms-code.server";

/** The invitation code a link carried (?affiliateCode=, ?inviteCode= or ?code=). */
export function urlInvitation(url: URL): string | null {
  const code = url.searchParams.get("affiliateCode") ?? url.searchParams.get("inviteCode") ?? url.searchParams.get("code");
  return code && /^[A-Za-z0-9]{4,16}$/.test(code) ? code.toUpperCase() : null;
}

export async function registrationSettings(context: AppLoadContext, brand: Brand, url: URL) {
  const flags = context.flags!;
  const barredCheck = brand.compliance.barredCheck;
  const ruled = await registrationRules(context.db, brand);
  // The restricted list is matched on name and birthday: checking it makes the birthday required.
  const rules = barredCheck ? { ...ruled, birthday: { ...ruled.birthday, enabled: true, required: true } } : ruled;
  const linkCode = urlInvitation(url);
  const inviter = flags.AFFMAN3 && linkCode ? await findMemberByInviteCode(context.db, brand, linkCode) : null;
  const today = formatDate(new Date(), "en", "YYYY-MM-DD");
  const settings: RegistrationSettings = {
    rules,
    usernameTab: flags.USERNAMEREG3 && rules.username.enabled,
    mobileTab: flags.MOBILENUMREG3,
    smsRequired: flags.REGMOBVERF3,
    mobilePassword: flags.MOBILENUMPASSREG3,
    captcha: flags.CAPTCHA3,
    invitationField: flags.AFFMAN3 && !inviter,
    birthday:
      (flags.AGEINFO3 && rules.birthday.enabled) || barredCheck
        ? { min: "1900-01-01", max: `${today.slice(0, 4)}-12-31`, today, minimumAge: brand.minimumAge }
        : null,
    realName: barredCheck,
  };
  return { settings, acceptedInvitation: inviter ? inviter.inviteCode : null, open: flags.REG3 };
}

/** The declaration the registration page shows (issue 16): the brand's minimum age, in the page's language. */
export function shownDeclaration(context: AppLoadContext, brand: Brand) {
  const lng = context.lng ?? brand.languages.default;
  return registrationDeclaration(
    brand,
    lng,
    translatorFor(lng, resourcesFor(lng)).t("register.disclaimer", { age: brand.minimumAge }),
  );
}

/** Needs REG3 (requireFlag in the route): registration switched off has no action. */
export async function registerAction(request: Request, context: BrandContext) {
  const { brand, flags } = context;
  const url = new URL(request.url);
  const { settings, acceptedInvitation } = await registrationSettings(context, brand, url);
  const form = await readForm(request, context);
  const hide = ["password", "confirmPassword", "captcha", "verificationCode"];

  if (form.get("intent") === "send-sms") {
    const submission = parseWithZod(form, { schema: sendSmsSchema });
    if (submission.status !== "success" || !settings.mobileTab || !settings.smsRequired) {
      return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
    }
    const sent = await issueSmsCode(context, brand, "register", submission.value.mobileNum);
    return data(
      { result: submission.reply({ formErrors: sent.ok ? undefined : [sent.message], hideFields: hide }), sms: sent.sms },
      { status: sent.ok ? 200 : 429 },
    );
  }

  const submission = parseWithZod(form, { schema: registrationSchema(settings) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  const input = submission.value;
  const fail = (field: string, message: string, status = 400) =>
    data({ result: submission.reply({ fieldErrors: { [field]: [message] }, hideFields: hide }) }, { status });

  // The declaration is stored as the player saw it: a page shown before its text changed is read again.
  const declaration = shownDeclaration(context, brand);
  if (input.declarationVersion !== declaration.textVersion) return fail("disclaimer", "validation.declaration_changed");
  if (settings.captcha) {
    const token = readCookie(request.headers.get("cookie"), "captcha", context.secureCookies);
    if (!(await checkCaptcha(context.db, brand, token, input.captcha))) return fail("captcha", "auth.captcha_wrong");
  }
  // A valid code from the link wins; otherwise the typed one must belong to a member of this brand.
  let invitedBy: Member | null = null;
  const typedCode = settings.invitationField ? input.affiliateCode : acceptedInvitation;
  if (flags.AFFMAN3 && typedCode) {
    const inviter = await findMemberByInviteCode(context.db, brand, typedCode);
    if (!inviter) return fail("affiliateCode", "validation.invitation_code_error");
    invitedBy = inviter; // a player it invites joins its agent's downline (issue 17)
  }
  const byMobile = input.method === "mobileNum";
  const mobile = input.mobileNum ? normalizeMobile(input.mobileNum) : null;
  if (byMobile && settings.smsRequired) {
    const verdict = await verifySmsCode(context, brand, "register", mobile!, input.verificationCode!);
    if (verdict !== "ok") return fail("verificationCode", "errors.verification_code");
  }
  const username = byMobile ? `0${mobile}` : input.username!;
  const barred = await refusedAsBarred(context.db, brand, {
    realName: input.realName ?? null,
    birthday: input.birthday ?? null,
    username,
    memberId: null,
    event: "registration",
  });
  // Neutral on purpose: the page says neither that a list exists nor that this person is on it.
  if (barred)
    return data({ result: submission.reply({ formErrors: ["errors.registration_refused"], hideFields: hide }) }, { status: 400 });
  try {
    const member = await createMember(context.db, brand, {
      username,
      password: byMobile && !settings.mobilePassword ? null : input.password,
      email: input.email ?? null,
      nickname: input.nickname ?? null,
      mobileNum: mobile,
      countryDialingCode: mobile ? "63" : null,
      birthday: input.birthday ?? null,
      realName: input.realName ?? null,
      invitedBy,
      registerMethod: input.registerMethod,
      registerUrl: url.host,
      declaration,
    });
    return signIn(request, context, member.id, {
      toast: { kind: "success", key: "toast.registered", params: { name: member.username } },
    });
  } catch (err) {
    if (err instanceof MemberExistsError) {
      if (err.field === "mobileNum") return fail("mobileNum", "errors.mobile_exists");
      return fail(byMobile ? "mobileNum" : "username", byMobile ? "errors.mobile_exists" : "errors.username_exists");
    }
    throw err;
  }
}
