import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import type { Brand } from "~/brand/schema";
import { normalizeMobile } from "~/domain/accounts/account-schemas";
import { isRealMember } from "~/domain/accounts/member-types";
import { findMemberByMobile } from "~/domain/accounts/members.server";
import { issueSmsCode, verifySmsCode } from "~/web/sms-code.server";
import { signIn } from "~/web/session.server";
import { SIGNED_IN } from "./m.login.server";

type AnySubmission = Submission<unknown, string[]>;

/**
 * The code is only sent to numbers that belong to a member, but the answer is
 * the same either way, limits included: the page never tells whether a number is registered.
 */
export async function sendLoginCode(context: AppLoadContext, brand: Brand, submission: AnySubmission, mobile: string) {
  const member = await findMemberByMobile(context.db, brand, normalizeMobile(mobile));
  const sent = await issueSmsCode(context, brand, "login", mobile, { deliver: Boolean(member && isRealMember(member.type)) });
  if (!sent.ok)
    return data({ result: submission.reply({ formErrors: [sent.message] }), captcha: false, sms: sent.sms }, { status: 429 });
  return data({ result: submission.reply(), captcha: false, sms: sent.sms });
}

export async function smsLogin(
  request: Request,
  context: AppLoadContext,
  brand: Brand,
  submission: AnySubmission,
  input: { mobileNum: string; verificationCode: string; remember: boolean; redirectTo?: string },
) {
  const verdict = await verifySmsCode(context, brand, "login", input.mobileNum, input.verificationCode);
  const member = verdict === "ok" ? await findMemberByMobile(context.db, brand, normalizeMobile(input.mobileNum)) : null;
  if (!member || member.status !== "active" || !isRealMember(member.type)) {
    return data(
      {
        result: submission.reply({ formErrors: ["errors.verification_code"], hideFields: ["verificationCode"] }),
        captcha: false,
      },
      { status: 400 },
    );
  }
  return signIn(request, context, member.id, { remember: input.remember, redirectTo: input.redirectTo, toast: SIGNED_IN });
}
