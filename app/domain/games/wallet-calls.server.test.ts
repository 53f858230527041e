import { describe, expect, it, vi } from "vitest";

/**
 * The wallet client is made by the host, whose bundle holds its own copy of the games' ports
 * (ADR 0026): its errors reach the routes' copy of the wallet calls as another class.
 */
describe("a wallet call", () => {
  it("is unanswered (null) when a wallet made from another copy of the module cannot be reached", async () => {
    const host = await import("./ports");
    vi.resetModules();
    const app = await import("./ports");
    const { call } = await import("./wallet-calls.server");
    expect(app.WalletUnreachableError).not.toBe(host.WalletUnreachableError);
    const wallet = { call: () => Promise.reject(new host.WalletUnreachableError("read ECONNRESET")) };
    expect(await call(wallet, "balance", { request_uuid: "r1" })).toBeNull();
  });

  it("lets any other failure through", async () => {
    const { call } = await import("./wallet-calls.server");
    const wallet = { call: () => Promise.reject(new TypeError("a bug")) };
    await expect(call(wallet, "bet", { request_uuid: "r1" })).rejects.toBeInstanceOf(TypeError);
  });
});
