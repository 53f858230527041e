import { describe, expect, it } from "vitest";
import { setToast, takeToast, type Toast } from "./toast.server";

const context = { secureCookies: true, cookieSecret: "toast-test-secret-0123456789abcdefghij" };
const toast: Toast = { kind: "success", key: "toast.registered", params: { name: "juan2024" } };

/** The request a browser sends back with the cookie part (name=value) of a Set-Cookie header. */
const requestWith = (cookie: string) => new Request("https://luckypeso.ph/m/home", { headers: { cookie } });
const pairOf = (setCookie: string) => setCookie.split(";")[0]!;
const planted = (value: unknown) => `toast=${Buffer.from(JSON.stringify(value)).toString("base64")}`;

describe("toast cookie", () => {
  it("carries a toast the server set to the next page, then clears it", async () => {
    const set = await setToast(context, toast);
    expect(set).toMatch(/^toast=[^;]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const taken = await takeToast(requestWith(pairOf(set)), context);
    expect(taken.toast).toEqual(toast);
    expect(taken.clear).toMatch(/^toast=; Max-Age=0;.*Secure/);
  });

  it("ignores and clears a cookie the server did not sign, or signed with another secret", async () => {
    const unsigned = planted({ kind: "info", key: "toast.registered", params: { name: "Text 0917 000 0000" } });
    const otherSecret = pairOf(await setToast({ ...context, cookieSecret: "someone-elses-secret-0123456789abcdef" }, toast));
    // A genuine signature on other words.
    const [body, signature] = decodeURIComponent(pairOf(await setToast(context, toast)).slice("toast=".length)).split(".");
    const words = { ...(JSON.parse(Buffer.from(body!, "base64").toString("utf8")) as Toast), params: { name: "attacker" } };
    const tampered = `toast=${encodeURIComponent(`${Buffer.from(JSON.stringify(words)).toString("base64")}.${signature}`)}`;
    for (const cookie of [unsigned, otherSecret, tampered, "toast=%%%", "toast=e30=.bm9wZQ"]) {
      const taken = await takeToast(requestWith(cookie), context);
      expect(taken.toast, cookie).toBeNull();
      expect(taken.clear, cookie).toMatch(/^toast=; Max-Age=0/);
    }
  });

  it("leaves requests without a toast alone", async () => {
    expect(await takeToast(requestWith("lng=InRsIg=="), context)).toEqual({ toast: null, clear: null });
  });
});
