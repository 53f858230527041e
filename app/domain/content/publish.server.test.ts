import { describe, expect, it } from "vitest";
import { contentItemSchema } from "./publish.server";

const announcement = {
  kind: "announcement",
  brand: "lucky-peso",
  key: "welcome",
  language: "en",
  contentType: "A",
  title: "Welcome",
  html: "<p>Hi</p>",
  start: "2026-01-01",
};
const issues = (value: unknown) => {
  const r = contentItemSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the content file format", () => {
  it("reads a bare date as midnight in Manila and an ISO time with its offset", () => {
    const r = contentItemSchema.parse({ ...announcement, end: "2026-02-01T09:30:00+08:00" });
    expect(r.kind === "announcement" && r.start.toISOString()).toBe("2025-12-31T16:00:00.000Z");
    expect(r.kind === "announcement" && r.end?.toISOString()).toBe("2026-02-01T01:30:00.000Z");
  });

  it.each([
    [{ start: "2026-02-29" }, "start: is not a real date"],
    [{ start: "01/02/2026" }, "start: a date is YYYY-MM-DD"],
    [{ end: "2025-12-31" }, "end: end is before start"],
    [{ key: "Has Space" }, "key: a key is 1 to 64"],
    [{ key: "-lead" }, "key: a key is"],
    [{ language: "fr" }, "language: a language is one of"],
    [{ contentType: "X" }, "contentType:"],
    [{ title: "  " }, "title: a title is required"],
    [{ title: "x".repeat(201) }, "title: a title has at most 200 characters"],
    [{ html: "" }, "html: the HTML content is required"],
    [{ style: "x" }, "style"],
  ])("refuses %o, naming the field", (change, message) => {
    expect(issues({ ...announcement, ...change }).join("\n")).toContain(message);
  });

  it("takes popups without a content type, and refuses one with it", () => {
    const { contentType: _c, ...popup } = announcement;
    expect(issues({ ...popup, kind: "popup" })).toEqual([]);
    expect(issues({ ...announcement, kind: "popup" }).join()).toContain("contentType");
  });

  it("checks promotions: categories of the spec, unique image sequences, no end with noExpiry", () => {
    const { contentType: _c, ...base } = announcement;
    const promo = { ...base, kind: "promotion", categories: ["deposit_promo"], images: [{ file: "a.png", sequence: 1 }] };
    expect(issues(promo)).toEqual([]);
    expect(issues({ ...promo, categories: ["jackpots"] }).join()).toContain("categories.0");
    expect(issues({ ...promo, categories: [] }).join()).toContain("at least one category");
    expect(
      issues({
        ...promo,
        images: [
          { file: "a.png", sequence: 1 },
          { file: "b.png", sequence: 1 },
        ],
      }).join(),
    ).toContain("same sequence");
    expect(issues({ ...promo, noExpiry: true, end: "2026-03-01" }).join()).toContain("noExpiry");
  });

  it("checks help topics and banners", () => {
    const help = {
      kind: "help",
      brand: "lucky-peso",
      tag: "faq",
      language: "en",
      title: "FAQ",
      text: "Text",
      date: "2026-01-01",
    };
    expect(issues(help)).toEqual([]);
    expect(issues({ ...help, parentTag: "faq" }).join()).toContain("its own parent");
    const banner = { kind: "banner", brand: "lucky-peso", key: "b", language: "en", group: "m_game", title: "B", image: "b.png" };
    expect(issues({ ...banner, link: "/m/activity" })).toEqual([]);
    expect(issues({ ...banner, link: "//evil.example" }).join()).toContain("link");
    expect(issues({ ...banner, link: "http://plain.example" }).join()).toContain("link");
    expect(issues({ ...banner, group: "m_casino" }).join()).toContain("group");
  });
});
