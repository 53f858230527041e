import { describe, expect, it } from "vitest";
import { containsPattern, gameSearchText, normaliseSearch, SEARCH_MAX } from "./search-text";

/** SQL LIKE with backslash as the escape character (Postgres' default), as a RegExp. */
function likeToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") re += pattern[++i].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    else if (c === "%") re += "[\\s\\S]*";
    else if (c === "_") re += "[\\s\\S]";
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "u");
}
const like = (text: string, term: string) => likeToRegExp(containsPattern(term)).test(text);

describe("normaliseSearch", () => {
  it("lower-cases, collapses whitespace and trims", () => {
    expect(normaliseSearch("  Golden \t\n DRAGON  ")).toBe("golden dragon");
    expect(normaliseSearch("")).toBe("");
    expect(normaliseSearch(" \u00a0 ")).toBe("");
  });

  it("turns control characters into spaces (a NUL would make the database reject the query)", () => {
    expect(normaliseSearch("a\u0000b\u0007c\u007fd\u009fe")).toBe("a b c d e");
    expect(normaliseSearch("\u0000\u0000")).toBe("");
    expect(containsPattern("red\u0000coins")).toBe("%red coins%");
  });

  it("folds non-ASCII letters too", () => {
    expect(normaliseSearch("ĐỒNG XU ĐỎ")).toBe("đồng xu đỏ");
    expect(normaliseSearch("Ärger ÖL")).toBe("ärger öl");
    expect(normaliseSearch("ΔΡΆΚΩΝ")).toBe("δράκων");
  });

  it("leaves scripts without case alone", () => {
    expect(normaliseSearch("红金币")).toBe("红金币");
    expect(normaliseSearch("เหรียญแดง")).toBe("เหรียญแดง");
    expect(normaliseSearch("赤いコイン")).toBe("赤いコイン");
  });

  it("composes decomposed input (NFC), so both spellings match", () => {
    const nfd = "Đỏ Vàng".normalize("NFD");
    expect(nfd).not.toBe("Đỏ Vàng");
    expect(normaliseSearch(nfd)).toBe("đỏ vàng".normalize("NFC"));
    expect(normaliseSearch(nfd)).toBe(normaliseSearch("Đỏ Vàng"));
  });
});

describe("gameSearchText", () => {
  const game = {
    gameName: "Red Coins",
    gameCode: "JILI_RED_COINS",
    displayName: { en: "Red Coins", zh: "红金币", th: "เหรียญแดง", vi: "Đồng Xu Đỏ", tl: "Pulang Barya" },
  };

  it("holds the name, the code with spaces for underscores and every display name, lower-cased", () => {
    expect(gameSearchText(game)).toBe("red coins jili red coins red coins 红金币 เหรียญแดง đồng xu đỏ pulang barya");
  });

  it("contains every name a player may type, in any case", () => {
    const text = gameSearchText(game);
    for (const term of ["Red Coins", "jili red", "金币", "แดง", "ĐỎ", "đồng", "PULANG"]) {
      expect(text.includes(normaliseSearch(term)), term).toBe(true);
    }
    expect(text).not.toContain("_");
    expect(text).toBe(text.toLowerCase());
  });

  it("stores composed text even when the names are decomposed", () => {
    const text = gameSearchText({ ...game, displayName: { vi: "Đồng Xu Đỏ".normalize("NFD") } });
    expect(text).toContain("đồng xu đỏ".normalize("NFC"));
  });
});

describe("containsPattern", () => {
  it("wraps the normalised term in % wildcards", () => {
    expect(containsPattern("Golden  Dragon ")).toBe("%golden dragon%");
    expect(containsPattern("ĐỎ")).toBe("%đỏ%");
  });

  it("escapes %, _ and the backslash", () => {
    expect(containsPattern("%")).toBe("%\\%%");
    expect(containsPattern("_")).toBe("%\\_%");
    expect(containsPattern("\\")).toBe("%\\\\%");
    expect(containsPattern("50%_off\\x")).toBe("%50\\%\\_off\\\\x%");
  });

  it("matches the term literally anywhere (LIKE semantics)", () => {
    expect(like("red coins jili red coins", "COINS jili")).toBe(true);
    expect(like("red coins", "red%coins")).toBe(false);
    expect(like("red coins", "r_d")).toBe(false);
    expect(like("r_d coins", "r_d")).toBe(true);
    expect(like("100% bonus", "100%")).toBe(true);
    expect(like("1000 bonus", "100%")).toBe(false);
    expect(like("a\\b", "a\\b")).toBe(true);
    expect(like("ab", "a\\b")).toBe(false);
    expect(like("anything at all", "%")).toBe(false);
    expect(like("anything at all", "_")).toBe(false);
    expect(like("anything at all", "\\")).toBe(false);
  });
});

describe("SEARCH_MAX", () => {
  it("is 50 characters", () => {
    expect(SEARCH_MAX).toBe(50);
  });
});
