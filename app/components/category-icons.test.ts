import { describe, expect, it } from "vitest";
import { vendorIconUrl } from "./category-icons";

describe("vendorIconUrl", () => {
  it("points at the white or black art of the vendor", () => {
    expect(vendorIconUrl("JILI", "white")).toBe("/art/vendor/JILI-white.svg");
    expect(vendorIconUrl("DS88", "black")).toBe("/art/vendor/DS88-black.svg");
  });

  it("encodes a code that is not URL-safe", () => {
    expect(vendorIconUrl("../x y", "black")).toBe("/art/vendor/..%2Fx%20y-black.svg");
  });
});
