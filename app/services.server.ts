import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";
import type { FirebaseVerifier, Mailer, SmsProvider } from "~/domain/accounts/ports";
import type { Payments } from "~/domain/payments/ports";
import type { WalletApi } from "~/domain/games/ports";
import type { GameProviders } from "~/domain/wallet/seamless-port";
import { createFirebaseVerifier } from "~/integrations/firebase-token.server";
import { createMailer } from "~/integrations/mail.server";
import { createPayments } from "~/integrations/payments/index.server";
import { createInHouseWallet } from "~/integrations/providers/bgs-wallet.server";
import { createGameProviders, IN_HOUSE_PROVIDER } from "~/integrations/providers/index.server";
import { createSmsProvider } from "~/integrations/sms.server";
import type { Env } from "~/utils/env.server";

/** The outside world the accounts, payments and games need, chosen once from the environment and shared by every request. */
export interface Services {
  mailer: Mailer;
  sms: SmsProvider;
  firebase: FirebaseVerifier;
  payments: Payments;
  providers: GameProviders;
  /** The in-house game server's wallet client, calling this server at `selfUrl` as the brand's `host`. */
  inHouseWallet(selfUrl: string, host: string): WalletApi;
}

export function createServices(env: Env, db: Db, registry: BrandRegistry): Services {
  const providers = createGameProviders({
    cookieSecret: () => env.cookieSecret,
    config: env.GAME_PROVIDERS,
    bgsSecret: env.BGS_SEAMLESS_SECRET,
  });
  return {
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }, db),
    sms: createSmsProvider({ url: env.SMS_HTTP_URL, token: env.SMS_HTTP_TOKEN }, db),
    firebase: createFirebaseVerifier({ jwksUrl: env.FIREBASE_JWKS_URL }),
    payments: createPayments({ db, registry, cookieSecret: () => env.cookieSecret, env }),
    providers,
    inHouseWallet: (selfUrl, host) =>
      createInHouseWallet({
        baseUrl: selfUrl,
        host,
        secret: providers.byCode(IN_HOUSE_PROVIDER)!.secret,
        provider: IN_HOUSE_PROVIDER,
      }),
  };
}
