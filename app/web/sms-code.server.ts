import type { AppLoadContext } from "@remix-run/node";
import type { Brand } from "~/brand/schema";
import { normalizeMobile } from "~/domain/accounts/account-schemas";
import { isDeliveryError } from "~/domain/accounts/ports";
import {
  issueCode,
  RESEND_AFTER_MS,
  verifyCode,
  type CodePurpose,
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

/**
 * Sends a code in the player's language and answers what the page needs: when
 * the button may be used again. `dryRun` answers the same without sending, so
 * a page can refuse silently (a number that is not a member's).
 */
export async function issueSmsCode(
  context: AppLoadContext,
  brand: Brand,
  purpose: CodePurpose,
  mobile: string,
  opts: { dryRun?: boolean } = {},
): Promise<SmsIssue> {
  if (opts.dryRun) return { ok: true, sms: { expirationTime: new Date(Date.now() + RESEND_AFTER_MS).toISOString() } };
  const lng = context.lng ?? brand.languages.default;
  const t = translatorFor(lng, resourcesFor(lng)).t;
  try {
    const result = await issueCode(context.db, context.services.sms, brand, {
      purpose,
      destination: smsDestination(mobile),
      message: (code) => t("sms.message", { code, brand: brand.displayName, minutes: 5 }),
    });
    if (result.ok) return { ok: true, sms: { expirationTime: result.expirationTime.toISOString() } };
    return {
      ok: false,
      message: result.reason === "throttled" ? "auth.sms_wait" : "auth.sms_too_many",
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
