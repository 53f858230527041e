import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { parseEnv } from "~/utils/env.server";
import { createPayments, PaymentsConfigurationError, sandboxWebhookSecret } from "./index.server";

const env = parseEnv({ COOKIE_SECRET: "x".repeat(40) });
const brand = (merchantCode: string, depositGateway: "sandbox" | "paymongo") =>
  ({ id: merchantCode.toLowerCase(), merchantCode, payments: { depositGateway, payoutGateway: "sandbox" } }) as Brand;
// The composition only hands the database to the adapters; nothing here queries it.
const db = {} as Db;

describe("the payments composition", () => {
  it("gives each brand its gateways, and a webhook path's adapter only to a brand that uses it", () => {
    const payments = createPayments({
      db,
      registry: { brands: [brand("LP01", "sandbox")] },
      cookieSecret: () => env.cookieSecret,
      env,
    });
    expect(payments.depositGateway("LP01").id).toBe("sandbox");
    expect(payments.payoutGateway("LP01").id).toBe("sandbox");
    expect(payments.gatewayFor("LP01", "sandbox")?.id).toBe("sandbox");
    expect(payments.gatewayFor("LP01", "paymongo")).toBeNull();
    expect(payments.gatewayFor("LP01", "stripe")).toBeNull();
    expect(payments.gatewayFor("XX99", "sandbox")).toBeNull();
    expect(() => payments.depositGateway("XX99")).toThrow(PaymentsConfigurationError);
  });

  it("gives a PayMongo brand its own PayMongo adapter, and refuses to start without its keys", () => {
    const pm = {
      ...brand("PM01", "paymongo"),
      payments: {
        depositGateway: "paymongo",
        payoutGateway: "sandbox",
        paymongo: { secretKeyEnv: "PM_KEY", webhookSecretEnv: "PM_WHSK" },
      },
    } as Brand;
    const registry = { brands: [brand("LP01", "sandbox"), pm] };
    const payments = createPayments({
      db,
      registry,
      cookieSecret: () => "s",
      env,
      vars: { PM_KEY: "sk_test_1", PM_WHSK: "whsk_1" },
    });
    expect(payments.depositGateway("PM01").id).toBe("paymongo");
    expect(payments.payoutGateway("PM01").id).toBe("sandbox");
    expect(payments.gatewayFor("PM01", "paymongo")?.id).toBe("paymongo");
    expect(payments.gatewayFor("LP01", "paymongo")).toBeNull();
    expect(() => createPayments({ db, registry, cookieSecret: () => "s", env, vars: { PM_KEY: "sk_test_1" } })).toThrow(
      /brand pm01 takes deposits through PayMongo, but the environment variable PM_WHSK is not set/,
    );
  });

  it("derives one webhook secret per merchant from the cookie secret, read only when first needed", () => {
    let reads = 0;
    createPayments({ db, registry: { brands: [brand("LP01", "sandbox")] }, cookieSecret: () => String(++reads), env });
    expect(reads).toBe(0);
    const expected = crypto.createHmac("sha256", "k".repeat(32)).update("sandbox-gateway:LP01").digest("hex");
    expect(sandboxWebhookSecret("k".repeat(32), "LP01")).toBe(expected);
    expect(sandboxWebhookSecret("k".repeat(32), "PP01")).not.toBe(expected);
  });
});
