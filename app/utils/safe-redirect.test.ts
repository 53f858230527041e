import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/m/home?panel=invite")).toBe("/m/home?panel=invite");
  });
  it("refuses anything that could leave the site", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "m/home",
      "/m/\nhome",
      "",
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(bad)).toBe("/m/home");
    }
  });
});
