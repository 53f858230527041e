import { describe, expect, it } from "vitest";
import { createTranslator, translatorFor } from "./translator";

const resources = {
  en: {
    common: {
      a: { b: "Hello {{name}}", only: "English only" },
      games_one: "{{count}} game",
      games_other: "{{count}} games",
      missingVar: "Hi {{who}}",
    },
  },
  ja: { common: { a: { b: "こんにちは {{name}}" }, games_other: "{{count}} ゲーム" } },
  tl: { common: { games_one: "{{count}} laro", games_other: "{{count}} mga laro" } },
};

describe("translator", () => {
  it("reads nested keys and interpolates", () => {
    expect(createTranslator("en", resources).t("a.b", { name: "Ana" })).toBe("Hello Ana");
    expect(createTranslator("ja", resources).t("a.b", { name: "Ana" })).toBe("こんにちは Ana");
  });

  it("falls back to English, then to defaultValue, then to the key", () => {
    const t = createTranslator("ja", resources).t;
    expect(t("a.only")).toBe("English only");
    expect(t("classify.BG", { defaultValue: "BG" })).toBe("BG");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(t("a")).toBe("a");
  });

  it("chooses plural forms by count and the language's rules", () => {
    const en = createTranslator("en", resources).t;
    expect(en("games", { count: 1 })).toBe("1 game");
    expect(en("games", { count: 0 })).toBe("0 games");
    expect(en("games", { count: 36 })).toBe("36 games");
    // Japanese has only "other".
    expect(createTranslator("ja", resources).t("games", { count: 1 })).toBe("1 ゲーム");
    expect(createTranslator("tl", resources).t("games", { count: 1 })).toBe("1 laro");
    // TY (house English) uses English rules and falls back to the English texts.
    expect(createTranslator("ty", resources).t("games", { count: 2 })).toBe("2 games");
  });

  it("leaves a placeholder without a value as it is, and does not evaluate values", () => {
    const t = createTranslator("en", resources).t;
    expect(t("missingVar")).toBe("Hi {{who}}");
    expect(t("a.b", { name: "{{name}} <b>x</b>" })).toBe("Hello {{name}} <b>x</b>");
  });

  it("keeps one translator per cache key", () => {
    expect(translatorFor("en", resources)).toBe(translatorFor("en", resources));
    expect(translatorFor("en", resources, "other")).not.toBe(translatorFor("en", resources));
  });
});
