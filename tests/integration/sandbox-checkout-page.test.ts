// The sandbox's checkout page, as a browser posts to it.
import type http from "node:http";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPayments } from "../../app/db/schema-money";
import { portOf, request } from "../setup/http";
import { TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";
import { checkoutRequest, database, gateway, registry, setUpSandbox, webhooksFor } from "./sandbox-fixtures";

setUpSandbox();

describe(`the sandbox checkout page on ${TEST_ENGINE}`, () => {
  let server: http.Server;
  let port: number;
  const origin = { origin: "http://luckypeso.localhost" };
  const get = (path: string) => request(port, path);
  const post = (path: string, headers: Record<string, string> = origin) =>
    request(port, path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "",
    });
  const stateOf = async (id: string) =>
    (await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0].state;

  beforeAll(async () => {
    server = await serveApp({ database, registry });
    port = portOf(server);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  it("shows the amount, channel and merchant under the sandbox label, styled under the page's CSP nonce, without script", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest({ amount: 123_456n, channel: "online_banking" }));
    const page = await get(`/sandbox-gateway/checkout/${gatewayRef}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sandbox payment — no real money moves");
    expect(page.body).toContain("₱1,234.56");
    expect(page.body).toContain("Online banking");
    expect(page.body).toContain("Lucky Peso deposit");
    expect(page.body).not.toContain("<script");
    for (const action of ["pay", "fail", "abandon"]) {
      expect(page.body).toContain(`<form method="post" action="/sandbox-gateway/checkout/${gatewayRef}/${action}">`);
    }
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.headers["cache-control"]).toBe("no-store");
  });

  it("pays once: back to the return URL with a webhook queued, and a second click is refused and changes nothing", async () => {
    const req = checkoutRequest();
    const { gatewayRef } = await gateway.createCheckout(req);
    const paid = await post(`/sandbox-gateway/checkout/${gatewayRef}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(req.returnUrl);
    expect(await stateOf(gatewayRef)).toBe("paid");
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);

    for (const action of ["pay", "fail", "abandon"]) {
      const again = await post(`/sandbox-gateway/checkout/${gatewayRef}/${action}`);
      expect(again.status).toBe(409);
      expect(again.body).toContain("already completed");
    }
    expect((await get(`/sandbox-gateway/checkout/${gatewayRef}`)).status).toBe(409);
    expect(await stateOf(gatewayRef)).toBe("paid");
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);
  });

  it("pays once when ten clicks race", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/sandbox-gateway/checkout/${gatewayRef}/pay`)));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);
  });

  it("declines to the return URL with payment.failed queued, and abandons to the cancel URL leaving it open", async () => {
    const req = checkoutRequest();
    const failing = await gateway.createCheckout(req);
    const failed = await post(`/sandbox-gateway/checkout/${failing.gatewayRef}/fail`);
    expect([failed.status, failed.headers.location]).toEqual([303, req.returnUrl]);
    expect(await stateOf(failing.gatewayRef)).toBe("failed");
    const [hook] = await webhooksFor(failing.gatewayRef);
    expect(JSON.parse(hook.body).data.attributes.type).toBe("payment.failed");

    const leaving = await gateway.createCheckout(req);
    const left = await post(`/sandbox-gateway/checkout/${leaving.gatewayRef}/abandon`);
    expect([left.status, left.headers.location]).toEqual([303, req.cancelUrl]);
    expect(await stateOf(leaving.gatewayRef)).toBe("open");
    expect(await webhooksFor(leaving.gatewayRef)).toHaveLength(0);
  });

  it("answers 404 for an unknown or malformed checkout and an unknown action", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    for (const path of ["/sandbox-gateway/checkout/cs_sbx_000000000000000000000000", "/sandbox-gateway/checkout/%27%3Cx%3E"]) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.body).toContain("Checkout not found");
      expect((await post(`${path}/pay`)).status).toBe(404);
    }
    expect((await post(`/sandbox-gateway/checkout/${gatewayRef}/refund`)).status).toBe(404);
    expect(await stateOf(gatewayRef)).toBe("open");
  });

  it("refuses a post from another site, or one that says where it came from by neither Origin nor Referer", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const path = `/sandbox-gateway/checkout/${gatewayRef}/pay`;
    expect((await post(path, { origin: "http://evil.example" })).status).toBe(403);
    expect((await post(path, { referer: "http://evil.example/page" })).status).toBe(403);
    expect((await post(path, { origin: "null" })).status).toBe(403);
    expect((await post(path, {})).status).toBe(403);
    expect(await stateOf(gatewayRef)).toBe("open");
    expect(await webhooksFor(gatewayRef)).toHaveLength(0);
    // The page's own form, sent by a browser that gives only the Referer, goes through.
    expect((await post(path, { referer: `http://luckypeso.localhost/sandbox-gateway/checkout/${gatewayRef}` })).status).toBe(303);
  });
});
