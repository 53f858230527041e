import crypto from "node:crypto";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand, GatewayId } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import type { PaymentGateway, Payments, PayoutGateway } from "~/domain/payments/ports";
import type { Env } from "~/utils/env.server";
import { createPaymongoGateway } from "./paymongo.server";
import { createSandboxGateway } from "./sandbox.server";

/** A brand's payment settings name a gateway this server cannot run: start-up stops with this. */
export class PaymentsConfigurationError extends Error {
  override name = "PaymentsConfigurationError";
}

/**
 * The secret a merchant shares with the sandbox for webhook signatures: derived from the
 * cookie secret, so every process of one deployment agrees without another setting.
 */
export function sandboxWebhookSecret(cookieSecret: string, merchantCode: string): string {
  return crypto.createHmac("sha256", cookieSecret).update(`sandbox-gateway:${merchantCode}`).digest("hex");
}

type Adapter = PaymentGateway & Partial<PayoutGateway>;

/**
 * The gateways of every brand, chosen once from the brand files. `cookieSecret` is read on
 * first use: the embedded setup keeps it in DATA_DIR and only the running server should make it.
 */
export function createPayments(deps: {
  db: Db;
  registry: Pick<BrandRegistry, "brands">;
  cookieSecret: () => string;
  env: Env;
  /** Where the brand files' PayMongo key variables and PAYMONGO_API_BASE are read: the process environment unless a test passes its own. */
  vars?: Record<string, string | undefined>;
}): Payments {
  const sandbox = createSandboxGateway({
    db: deps.db,
    secretFor: (merchantCode) => sandboxWebhookSecret(deps.cookieSecret(), merchantCode),
  });

  const adapters: Record<Exclude<GatewayId, "paymongo">, Adapter> = { sandbox };
  const byMerchant = new Map<string, Brand>(deps.registry.brands.map((b) => [b.merchantCode, b]));
  // PayMongo keys belong to a brand's own PayMongo account, so each PayMongo brand gets its own adapter.
  const paymongo = new Map<string, Adapter>();
  for (const brand of byMerchant.values()) {
    if (brand.payments.depositGateway === "paymongo")
      paymongo.set(brand.merchantCode, paymongoFor(brand, deps.vars ?? process.env));
  }

  const brandOf = (merchantCode: string): Brand => {
    const brand = byMerchant.get(merchantCode);
    if (!brand) throw new PaymentsConfigurationError(`no brand has merchant code ${merchantCode}`);
    return brand;
  };
  const adapter = (brand: Brand, id: GatewayId): Adapter => {
    const found = id === "paymongo" ? paymongo.get(brand.merchantCode) : adapters[id];
    if (!found) throw new PaymentsConfigurationError(`the ${id} gateway is not configured for brand ${brand.id}`);
    return found;
  };

  return {
    depositGateway: (merchantCode) => {
      const brand = brandOf(merchantCode);
      return adapter(brand, brand.payments.depositGateway);
    },
    payoutGateway: (merchantCode) => {
      const brand = brandOf(merchantCode);
      const id = brand.payments.payoutGateway;
      const found = adapter(brand, id);
      if (!found.createPayout || !found.payoutStatus) throw new PaymentsConfigurationError(`the ${id} gateway pays nothing out`);
      return found as PayoutGateway;
    },
    gatewayFor: (merchantCode, id) => {
      const brand = byMerchant.get(merchantCode);
      if (!brand || (brand.payments.depositGateway !== id && brand.payments.payoutGateway !== id)) return null;
      return adapter(brand, id as GatewayId);
    },
  };
}

/** The PayMongo adapter of one brand, with the keys from the variables its brand file names. */
function paymongoFor(brand: Brand, vars: Record<string, string | undefined>): Adapter {
  const names = brand.payments.paymongo;
  if (!names)
    throw new PaymentsConfigurationError(`brand ${brand.id} takes deposits through PayMongo but names no payments.paymongo keys`);
  const read = (name: string): string => {
    const value = vars[name]?.trim();
    if (!value)
      throw new PaymentsConfigurationError(
        `brand ${brand.id} takes deposits through PayMongo, but the environment variable ${name} is not set`,
      );
    return value;
  };
  const apiBase = vars.PAYMONGO_API_BASE?.trim() || undefined;
  if (apiBase && !(URL.canParse(apiBase) && /^https?:$/.test(new URL(apiBase).protocol)))
    throw new PaymentsConfigurationError("PAYMONGO_API_BASE must be an http(s) URL");
  return createPaymongoGateway({ secretKey: read(names.secretKeyEnv), webhookSecret: read(names.webhookSecretEnv), apiBase });
}
