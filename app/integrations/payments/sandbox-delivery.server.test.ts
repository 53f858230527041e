import { describe, expect, it } from "vitest";
import type { Brand } from "~/brand/schema";
import { retryDelayMs, webhookTargets } from "./sandbox-delivery.server";

describe("the sandbox's retry schedule", () => {
  it("doubles from 2 s and stops growing at 10 minutes", () => {
    expect([1, 2, 3, 4, 9, 10, 11, 12].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 512_000, 600_000, 600_000, 600_000,
    ]);
  });
});

describe("webhook targets", () => {
  const brands = [
    { merchantCode: "LP01", hosts: ["luckypeso.ph", "luckypeso.localhost"] },
    { merchantCode: "PP01", hosts: ["perlas.ph"] },
  ] as Brand[];

  it("send each merchant's webhooks to the loopback route with the brand's development host, else its first", () => {
    const targetFor = webhookTargets(brands, 4123);
    expect(targetFor("LP01")).toEqual({ url: "http://127.0.0.1:4123/api/payments/sandbox/webhook", host: "luckypeso.localhost" });
    expect(targetFor("PP01")?.host).toBe("perlas.ph");
    expect(targetFor("XX99")).toBeNull();
  });
});
