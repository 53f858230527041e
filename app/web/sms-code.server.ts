import type { AppLoadContext } from "@remix-run/node";
import type { Brand } from "~/brand/schema";
import { normalizeMobile } from "~/domain/accounts/account-schemas";
import { isDeliveryError } from "~/domain/accounts/ports";
import {
  issueCode,
  takeSendAllowance,
  verifyCode,
  type CodePurpose,
  type SendAllowance,
  type VerifyResult,
} from "~/domain/accounts/verification.server";
import { resourcesFor } from "./locales.server";
import { translatorFor } from "~/utils/translator";

/** Codes are addressed to the full international number; members store the national part. */
export function smsDestination(mobile: string): string {
  return `+63${normalizeMobile(mobile)}`;
}

export type SmsIssue =
  { ok: true; sms: { expirationTime: string } } | { ok: false; message: string; sms?: { expirationTime: string } };

const REFUSALS: Record<(SendAllowance & { ok: false })["reason"], string> = {
  throttled: "auth.sms_wait",
  too_many: "auth.sms_too_many",
  address: "auth.sms_too_many_here",
};

/**
 * Sends a code in the player's language and answers what the page needs: when
 * the button may be used again. The send limits (per number and per address)
 * are taken whether or not a code goes out: a page that texts only its members
 * passes `deliver: false` for anyone else's number and still answers exactly as
 * for a member's, same status, same countdown, while the member's phone gets
 * no more texts than the limits allow.
 */
export async function issueSmsCode(
  context: AppLoadContext,
  brand: Brand,
  purpose: CodePurpose,
  mobile: string,
  opts: { deliver?: boolean } = {},
): Promise<SmsIssue> {
  const lng = context.lng ?? brand.languages.default;
  const t = translatorFor(lng, resourcesFor(lng)).t;
  const target = { purpose, destination: smsDestination(mobile), address: context.clientIp };
  try {
    const result =
      opts.deliver === false
        ? await takeSendAllowance(context.db, brand, target)
        : await issueCode(context.db, context.services.sms, brand, {
            ...target,
            message: (code) => t("sms.message", { code, brand: brand.displayName, minutes: 5 }),
          });
    if (result.ok) return { ok: true, sms: { expirationTime: result.expirationTime.toISOString() } };
    return {
      ok: false,
      message: REFUSALS[result.reason],
      // The countdown is worth showing for the one-minute wait only; the others last up to an hour.
      sms: result.reason === "throttled" ? { expirationTime: result.retryAt.toISOString() } : undefined,
    };
  } catch (err) {
    if (isDeliveryError(err)) return { ok: false, message: "errors.sms_failed" };
    throw err;
  }
}

export function verifySmsCode(
  context: AppLoadContext,
  brand: Brand,
  purpose: CodePurpose,
  mobile: string,
  code: string,
): Promise<VerifyResult> {
  return verifyCode(context.db, brand, { purpose, destination: smsDestination(mobile), code });
}
