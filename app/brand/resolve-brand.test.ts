import { describe, expect, it } from "vitest";
import { requestHost, resolveBrand, type BrandLookup } from "./resolve-brand";
import type { Brand } from "./schema";

const lucky = { id: "lucky-peso" } as Brand;
const perlas = { id: "perlas-play" } as Brand;
const registry: BrandLookup = {
  byHost: new Map([
    ["luckypeso.localhost", lucky],
    ["perlas.localhost", perlas],
  ]),
  byId: new Map([
    ["lucky-peso", lucky],
    ["perlas-play", perlas],
  ]),
};
const h = (init: Record<string, string>) => new Headers(init);
const prod = { trustProxy: false, production: true, defaultBrand: "lucky-peso" };
const dev = { ...prod, production: false };

describe("requestHost", () => {
  it("lower-cases and strips the port", () => {
    expect(requestHost(h({ host: "Perlas.LOCALHOST:3000" }), false)).toBe("perlas.localhost");
    expect(requestHost(h({ host: "[::1]:3000" }), false)).toBe("[::1]");
  });
  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const headers = h({ host: "internal:8080", "x-forwarded-host": "perlas.localhost, proxy.local" });
    expect(requestHost(headers, false)).toBe("internal");
    expect(requestHost(headers, true)).toBe("perlas.localhost");
  });
});

describe("resolveBrand", () => {
  it("maps each host to its own brand", () => {
    expect(resolveBrand(h({ host: "luckypeso.localhost:3000" }), registry, prod)).toBe(lucky);
    expect(resolveBrand(h({ host: "perlas.localhost" }), registry, prod)).toBe(perlas);
  });
  it("answers no brand for an unknown host in production", () => {
    expect(resolveBrand(h({ host: "localhost:3000" }), registry, prod)).toBeNull();
    expect(resolveBrand(h({}), registry, prod)).toBeNull();
  });
  it("serves the default brand for localhost in development", () => {
    expect(resolveBrand(h({ host: "localhost:3000" }), registry, dev)).toBe(lucky);
    expect(resolveBrand(h({ host: "localhost" }), registry, { ...dev, defaultBrand: "perlas-play" })).toBe(perlas);
  });
  it("cannot be steered by a forged X-Forwarded-Host", () => {
    const headers = h({ host: "luckypeso.localhost", "x-forwarded-host": "perlas.localhost" });
    expect(resolveBrand(headers, registry, prod)).toBe(lucky);
    expect(resolveBrand(headers, registry, { ...prod, trustProxy: true })).toBe(perlas);
  });
});
