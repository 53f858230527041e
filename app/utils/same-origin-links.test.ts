import { describe, expect, it } from "vitest";
import { sameOriginLinks } from "./same-origin-links";

const origin = "http://luckypeso.localhost:5173";

describe("sameOriginLinks", () => {
  it("links same-origin URLs and leaves the text around them", () => {
    const body = `Open this link:\n${origin}/m/forget?token=abc_DEF-1.\nThanks`;
    expect(sameOriginLinks(body, origin)).toEqual([
      { text: "Open this link:\n" },
      { text: `${origin}/m/forget?token=abc_DEF-1`, href: `${origin}/m/forget?token=abc_DEF-1` },
      { text: ".\nThanks" },
    ]);
  });

  it("keeps other origins, other schemes and look-alike hosts as text", () => {
    for (const body of [
      "see https://evil.test/m/forget?token=x",
      "see http://luckypeso.localhost:5174/m/home",
      "see https://luckypeso.localhost:5173/m/home",
      "see http://luckypeso.localhost:5173.evil.test/m/home",
      "see http://user@evil.test/luckypeso.localhost:5173",
      "javascript:alert(1) data:text/html,hi",
    ]) {
      expect(sameOriginLinks(body, origin)).toEqual([{ text: body }]);
    }
  });

  it("returns nothing for an empty body", () => {
    expect(sameOriginLinks("", origin)).toEqual([]);
  });
});
