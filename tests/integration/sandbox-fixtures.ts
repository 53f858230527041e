/** What the sandbox gateway's tests share: a database per test file, requests, signed webhooks, a receiver. */
import http from "node:http";

import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { sandboxWebhooks } from "../../app/db/schema-money";
import { WebhookRejectedError, type CheckoutRequest } from "../../app/domain/payments/ports";
import { sandboxWebhookSecret } from "../../app/integrations/payments/index.server";
import { signSandboxWebhook } from "../../app/integrations/payments/sandbox-events.server";
import { createSandboxGateway, type SandboxGateway } from "../../app/integrations/payments/sandbox.server";
import { projectBrands } from "../setup/brands";
import { TEST_COOKIE_SECRET } from "../setup/http";
import { createTestDatabase } from "../setup/test-db";

export let database: Database;
export let registry: BrandRegistry;
export let gateway: SandboxGateway;
// The project brands, as the server loads them: the sandbox delivery test goes through the real webhook route.
export const MERCHANT = "LUCKYPESO";
export const OTHER_MERCHANT = "PERLAS";
export const secretFor = (merchantCode: string) => sandboxWebhookSecret(TEST_COOKIE_SECRET, merchantCode);

/** A test file's own database, the project brands and a sandbox gateway on them, for the file's tests. */
export function setUpSandbox() {
  beforeAll(async () => {
    database = await createTestDatabase();
    registry = await projectBrands();
    gateway = createSandboxGateway({ db: database.db, secretFor });
  });
  afterAll(async () => {
    await database?.close();
  });
}

let orderSeq = 0;
export const checkoutRequest = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  merchantCode: MERCHANT,
  orderId: `DTEST${String(++orderSeq).padStart(12, "0")}`,
  amount: 123_456n,
  currency: "PHP",
  channel: "gcash",
  description: "Lucky Peso deposit",
  returnUrl: "http://luckypeso.localhost/m/voucherCenter/return?order=D1",
  cancelUrl: "http://luckypeso.localhost/m/voucherCenter",
  ...over,
});

export const payoutRequest = (key: string, accountNumber = "09171234567") => ({
  merchantCode: MERCHANT,
  withdrawalId: `W${key}`,
  idempotencyKey: key,
  amount: 50_000n,
  currency: "PHP" as const,
  destination: { method: "gcash" as const, accountNumber, holderName: "Juan Dela Cruz", bank: null },
});

export async function webhooksFor(subjectId: string) {
  const rows = await database.db.select().from(sandboxWebhooks);
  return rows.filter((r) => JSON.parse(r.body).data.attributes.data.id === subjectId);
}

/** The webhook as our endpoint would receive it, signed at `now`. */
export const input = (body: string, now = new Date(), header = signSandboxWebhook(secretFor(MERCHANT), body, now)) => ({
  header: (name: string) => (name.toLowerCase() === "paymongo-signature" ? header : null),
  rawBody: body,
  now,
});

export const rejection = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof WebhookRejectedError ? err.reason : String(err);
  }
};

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for our webhook endpoint: answers each POST with the next status of `statuses` (the last repeats). */
export async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)];
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    targetFor: (merchantCode: string) =>
      merchantCode === MERCHANT
        ? { url: `http://127.0.0.1:${port}/api/payments/sandbox/webhook`, host: "luckypeso.localhost" }
        : null,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const eventIdOf = (body: string) => JSON.parse(body).data.id as string;
