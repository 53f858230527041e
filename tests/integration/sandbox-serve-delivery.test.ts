// serveApp delivering the sandbox's webhooks to its own route.
import { describe, expect, it } from "vitest";
import { sandboxWebhooks } from "../../app/db/schema-money";
import { completeSandboxCheckout } from "../../app/integrations/payments/sandbox.server";
import { TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";
import { checkoutRequest, database, gateway, registry, setUpSandbox, webhooksFor } from "./sandbox-fixtures";

setUpSandbox();

describe(`serveApp's sandbox delivery on ${TEST_ENGINE}`, () => {
  it("sends owed webhooks to the test server's own webhook route, and stops when the server closes", async () => {
    await database.db.delete(sandboxWebhooks);
    const server = await serveApp({ database, registry, sandboxDelivery: { duplicateRate: 0 } });
    try {
      const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
      await completeSandboxCheckout(database.db, gatewayRef, "pay");
      let row = (await webhooksFor(gatewayRef))[0];
      for (let i = 0; i < 50 && row.attempts === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = (await webhooksFor(gatewayRef))[0];
      }
      // The route verified the signature and the brand (a forgery would be 401) and knows no such order.
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "HTTP 404" });
    } finally {
      await new Promise((r) => server.close(r));
    }
    const attempts = (await database.db.select().from(sandboxWebhooks))[0].attempts;
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await database.db.select().from(sandboxWebhooks))[0].attempts).toBe(attempts);
  });
});
