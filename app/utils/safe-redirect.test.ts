import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/m/home?panel=invite")).toBe("/m/home?panel=invite");
    expect(safeRedirectPath("/m/gameCenter?q=%E4%BD%A0")).toBe("/m/gameCenter?q=%E4%BD%A0");
  });
  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "m/home",
      "/m/\nhome",
      "/m/\x7fhome",
      "",
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(bad)).toBe("/m/home");
    }
  });
  it("percent-encodes characters a Location header cannot carry", () => {
    expect(safeRedirectPath("/m/你好?q=é")).toBe("/m/%E4%BD%A0%E5%A5%BD?q=%C3%A9");
    expect(safeRedirectPath("/m/game center")).toBe("/m/game%20center");
    expect(safeRedirectPath("/m/🎰")).toBe("/m/%F0%9F%8E%B0");
    for (const to of ["/m/你好", "/m/ÿ", "/m/game center", "/m/🎰"]) {
      const location = safeRedirectPath(to);
      expect(() => new Headers({ Location: location })).not.toThrow();
      expect(/^[\x21-\x7e]+$/.test(location)).toBe(true);
      expect(decodeURIComponent(location)).toBe(to);
    }
  });
  it("goes home when a path cannot be encoded or grows too long", () => {
    expect(safeRedirectPath("/m/\ud800")).toBe("/m/home");
    expect(safeRedirectPath(`/m/${"你".repeat(700)}`)).toBe("/m/home");
    expect(safeRedirectPath("/m/x", "/m/login")).toBe("/m/x");
  });
});
