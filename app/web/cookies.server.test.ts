import { describe, expect, it } from "vitest";
import { balanceHiddenFrom } from "./balance-visibility.server";
import { clearCookie, cookieJar, cookieValue, readCookie, serializeCookie } from "./cookies.server";

describe("identity cookies", () => {
  it("use the __Host- prefix and Secure only when cookies are secure", () => {
    expect(serializeCookie("sid", "a".repeat(22), { secure: true })).toBe(
      `__Host-sid=${"a".repeat(22)}; Path=/; SameSite=Lax; HttpOnly; Secure`,
    );
    expect(serializeCookie("sid", "b".repeat(22), { secure: false, maxAgeSeconds: 60 })).toBe(
      `sid=${"b".repeat(22)}; Path=/; SameSite=Lax; HttpOnly; Max-Age=60`,
    );
    expect(clearCookie("remember", false)).toContain("Max-Age=0");
  });

  it("read only well-formed tokens of the expected name", () => {
    const token = "AbC_-123456789012345";
    expect(readCookie(`x=1; sid=${token}; lng=en`, "sid", false)).toBe(token);
    expect(readCookie(`sid=${token}`, "sid", true)).toBeNull();
    expect(readCookie(`__Host-sid=${token}`, "sid", true)).toBe(token);
    expect(readCookie(`sid=<script>alert(1)</script>`, "sid", false)).toBeNull();
    expect(readCookie(`sid=short`, "sid", false)).toBeNull();
    expect(readCookie(null, "sid", false)).toBeNull();
  });

  it("read a name sent twice as its first value, as every reader of it does", () => {
    const first = "AbC_-123456789012345";
    const header = `sid=${first}; sid=ZZZZ_-123456789012345; balance_hidden=1; balance_hidden=0`;
    expect(readCookie(header, "sid", false)).toBe(first);
    expect(cookieValue(header, "balance_hidden")).toBe("1");
    expect(balanceHiddenFrom(header)).toBe(true);
    expect(balanceHiddenFrom("balance_hidden=0; balance_hidden=1")).toBe(false);
    expect(cookieJar(header).get("sid")).toBe(first);
  });

  it("take a cookie without a value as empty, and ignore empty parts and spaces", () => {
    expect([...cookieJar(" a = 1 ;; flag ; b=x=y ")]).toEqual([
      ["a", "1"],
      ["flag", ""],
      ["b", "x=y"],
    ]);
    expect(cookieValue(undefined, "a")).toBeNull();
    expect(cookieValue("a=1", "b")).toBeNull();
  });
});
