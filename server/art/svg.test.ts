import { describe, expect, it } from "vitest";
import { ellipsize, escapeXml, hashString, textWidth, wrapText } from "./svg";
import { xmlIds, xmlProblem } from "./xml-wellformed";

describe("escapeXml", () => {
  it("escapes all five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });

  it("drops control characters that XML 1.0 cannot represent", () => {
    expect(escapeXml("a\u0000b\u0007c\td")).toBe("abc\td");
  });
});

describe("hashString", () => {
  it("is the stable FNV-1a value", () => {
    expect(hashString("")).toBe(2166136261);
    expect(hashString("a")).toBe(0xe40c292c);
    expect(hashString("JILI-001")).toBe(hashString("JILI-001"));
  });
});

describe("wrapText", () => {
  const names = [
    "",
    "Ace",
    "Super Ace",
    "Dragon Treasure of the Golden Empire Deluxe Edition",
    "Supercalifragilisticexpialidocious-Megaways-Extreme",
    "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
    "   spaced    out   name   ",
    "麻将胡了 Mahjong Ways 2 — 超级版本",
  ];

  it("never returns more lines than asked and never overflows the width", () => {
    for (const name of names) {
      for (const maxLines of [1, 2, 3]) {
        const lines = wrapText(name, 200, 18, maxLines);
        expect(lines.length).toBeLessThanOrEqual(maxLines);
        for (const line of lines) expect(textWidth(line, 18)).toBeLessThanOrEqual(200);
      }
    }
  });

  it("marks truncated text with an ellipsis", () => {
    const lines = wrapText(names[3], 200, 18, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith("…")).toBe(true);
  });

  it("keeps short text intact", () => {
    expect(wrapText("Super Ace", 200, 18, 2)).toEqual(["Super Ace"]);
    expect(ellipsize("Ace", 100, 18)).toBe("Ace");
  });
});

describe("xmlProblem (test helper sanity)", () => {
  it("accepts well-formed and rejects broken documents", () => {
    expect(xmlProblem(`<svg a="1"><g><text>a &amp; b</text></g><rect/></svg>`)).toBeNull();
    expect(xmlProblem(`<svg><g></svg>`)).not.toBeNull();
    expect(xmlProblem(`<svg><text>a & b</text></svg>`)).not.toBeNull();
    expect(xmlProblem(`<svg a="1" a="2"/>`)).not.toBeNull();
    expect(xmlProblem(`<svg/><svg/>`)).not.toBeNull();
    expect(xmlProblem(`<svg><text><script></text></svg>`)).not.toBeNull();
    expect(xmlIds(`<svg><g id="a"/><g id="b"/></svg>`)).toEqual(["a", "b"]);
  });
});
