import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import type { FirebaseVerifier, Mailer, SmsProvider } from "~/domain/accounts/ports";
import type { Payments } from "~/domain/payments/ports";
import { createFirebaseVerifier } from "~/integrations/firebase-token.server";
import { createMailer } from "~/integrations/mail.server";
import { createPayments } from "~/integrations/payments/index.server";
import { createSmsProvider } from "~/integrations/sms.server";
import type { Env } from "~/utils/env.server";

/** The outside world the accounts and payments need, chosen once from the environment and shared by every request. */
export interface Services {
  mailer: Mailer;
  sms: SmsProvider;
  firebase: FirebaseVerifier;
  payments: Payments;
}

export function createServices(env: Env, db: Db, registry: BrandRegistry): Services {
  return {
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, db),
    sms: createSmsProvider({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN }, db),
    firebase: createFirebaseVerifier({ jwksUrl: env.FIREBASE_JWKS_URL }),
    payments: createPayments({ db, registry, cookieSecret: () => env.cookieSecret, env }),
  };
}
