import { describe, expect, it } from "vitest";
import { ANNOUNCEMENT_TYPES, BANNER_GROUPS, GAME_CATEGORIES, PROMOTION_CATEGORY_KEYS } from "../../brand/categories";
import {
  buildBrandContent,
  buildGames,
  buildHotGameCodes,
  buildVendors,
  filterGamesForBrand,
  findBannerArt,
  findGameSeed,
  gameCategory,
  SEED_VERSION,
} from "./catalogue";
import { GLOSS_LANGS, GLOSSARY, HEADS, MODIFIERS, NOUNS, translateName } from "./glossary";
import { ALLOWED_TAGS } from "./html";
import { REAL_TITLES } from "./name-pools";

const brand = { id: "lucky-peso", displayName: "Lucky Peso", minimumAge: 21 };
const all = buildGames();
const content = buildBrandContent(brand);
const ALL_CATEGORIES = [...GAME_CATEGORIES];
const VENDORS = ["JILI", "FC", "PGE", "PG", "JDB", "PP", "CQ9", "KM", "EVO", "SEXY", "SABA", "BTI", "TF", "DS88", "BGS", "TCG"];
const byVendor = (v: string, cat?: string) => all.filter((g) => g.vassalage === v && (!cat || gameCategory(g) === cat));

describe("game catalogue", () => {
  it("is deterministic", () => {
    expect(buildGames()).toEqual(all);
    expect(buildHotGameCodes(buildGames())).toEqual(buildHotGameCodes(all));
    expect(buildVendors(ALL_CATEGORIES)).toEqual(buildVendors(ALL_CATEGORIES));
    expect(SEED_VERSION).toBe(1);
  });

  it("has at least 700 games covering every game type, bingo included", () => {
    expect(all.length).toBeGreaterThanOrEqual(700);
    for (const cat of GAME_CATEGORIES)
      expect(
        all.some((g) => gameCategory(g) === cat),
        cat,
      ).toBe(true);
    const bingo = all.filter((g) => g.gameClassify === "BG");
    expect(bingo.length).toBeGreaterThanOrEqual(20);
    expect(bingo.every((g) => g.gameType === "RNG")).toBe(true);
  });

  it("has unique node ids and unique (vassalage, gameCode), in the expected formats", () => {
    const nodeIds = all.map((g) => g.nodeId);
    expect(new Set(nodeIds).size).toBe(all.length);
    expect(nodeIds.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    expect(new Set(all.map((g) => `${g.vassalage}|${g.gameCode}`)).size).toBe(all.length);
    for (const g of all) {
      expect(g.gameCode).toMatch(new RegExp(`^${g.vassalage}_[A-Z0-9]+(_[A-Z0-9]+)*$`));
      expect(g.iconUrl).toBe(`/art/game/${g.vassalage}/${g.gameCode}.webp`);
      expect(g.mobileLargeIcon).toBe(`/art/game/${g.vassalage}/${g.gameCode}.svg`);
      expect(g.displayName.en).toBe(g.gameName);
    }
  });

  it("keeps names unique per vendor and avoids known real titles", () => {
    for (const v of VENDORS) {
      const names = byVendor(v).map((g) => g.gameName);
      expect(new Set(names).size, v).toBe(names.length);
    }
    expect(all.filter((g) => REAL_TITLES.has(g.gameName.toLowerCase()))).toEqual([]);
  });

  it("includes every listed vendor with realistic weights", () => {
    for (const v of VENDORS) expect(byVendor(v).length, v).toBeGreaterThan(0);
    for (const v of ["JILI", "FC", "PGE", "PG", "JDB", "PP", "CQ9"]) {
      expect(byVendor(v, "RNG").length, v).toBeGreaterThanOrEqual(40);
      expect(byVendor(v, "RNG").length, v).toBeLessThanOrEqual(90);
    }
    for (const v of ["JILI", "FC", "JDB", "CQ9"]) {
      expect(byVendor(v, "FISH").length, v).toBeGreaterThanOrEqual(5);
      expect(byVendor(v, "FISH").length, v).toBeLessThanOrEqual(15);
    }
    const codes = byVendor("TCG").map((g) => g.gameCode);
    expect(codes).toContain("TCG_LOTTO_VN");
    expect(codes).toContain("TCG_SEA");
  });

  it("sets type-dependent fields", () => {
    for (const g of all) {
      const lobbyType = ["SPORTS", "ESPORTS", "COCKFIGHT", "LOTT", "ELOTT"].includes(g.gameType);
      if (g.isGameH5 !== null) expect(lobbyType && g.isGameH5 === "VASSALAGE", g.gameCode).toBe(true);
      expect(g.lottoMode).toBe(g.gameType === "LOTT" ? "Lott" : g.gameType === "ELOTT" ? "Elott" : null);
      expect(typeof g.minBet).toBe("bigint");
      if (g.gameType === "RNG" && g.gameClassify !== "BG") expect(g.minBet! >= 100n && g.minBet! <= 1000n).toBe(true);
      if (g.gameType === "LIVE") expect(g.minBet! >= 5000n && g.minBet! <= 10000n).toBe(true);
      if (!["RNG", "FISH"].includes(g.gameType)) expect(g.freeplay).toBe(false);
    }
    for (const v of ["SABA", "BTI", "TF", "DS88", "TCG"])
      expect(
        byVendor(v).some((g) => g.isGameH5 === "VASSALAGE"),
        v,
      ).toBe(true);
    const newShare = all.filter((g) => g.isNew).length / all.length;
    expect(newShare).toBeGreaterThan(0.05);
    expect(newShare).toBeLessThan(0.15);
  });

  it("orders each vendor's games by an ascending, gap-free sort", () => {
    for (const v of VENDORS) expect(byVendor(v).map((g) => g.sort)).toEqual(byVendor(v).map((_, i) => i + 1));
  });

  it("finds a game seed by vendor and code", () => {
    const g = all[42];
    expect(findGameSeed(g.vassalage, g.gameCode)).toEqual(g);
    expect(findGameSeed("JILI", "NOPE")).toBeUndefined();
  });
});

describe("brand filtering, vendors and hot list", () => {
  const noCockfight = ALL_CATEGORIES.filter((c) => c !== "COCKFIGHT");

  it("drops categories the brand does not offer", () => {
    const games = filterGamesForBrand(all, noCockfight);
    expect(games.some((g) => g.gameType === "COCKFIGHT")).toBe(false);
    expect(games.length).toBe(all.length - all.filter((g) => g.gameType === "COCKFIGHT").length);
    const rngOnly = filterGamesForBrand(all, ["RNG"]);
    expect(rngOnly.length).toBeGreaterThan(0);
    expect(rngOnly.every((g) => g.gameType === "RNG" && g.gameClassify !== "BG")).toBe(true);
    expect(filterGamesForBrand(all, ["BINGO"]).every((g) => g.gameClassify === "BG")).toBe(true);
  });

  it("lists vendors with offered categories only, JILI, FC and PGE first", () => {
    const full = buildVendors(ALL_CATEGORIES);
    expect(full.map((v) => v.vassalage).slice(0, 3)).toEqual(["JILI", "FC", "PGE"]);
    expect(full.find((v) => v.vassalage === "DS88")?.categories).toEqual(["COCKFIGHT"]);
    expect(full.find((v) => v.vassalage === "TF")?.categories).toEqual(["ESPORTS"]);
    expect(full.find((v) => v.vassalage === "JILI")?.categories).toEqual(expect.arrayContaining(["RNG", "FISH", "PVP", "BINGO"]));
    const partial = buildVendors(noCockfight);
    expect(partial.some((v) => v.vassalage === "DS88")).toBe(false);
    expect(buildVendors(["LIVE"]).every((v) => v.categories.length === 1 && v.categories[0] === "LIVE")).toBe(true);
    const sorts = full.map((v) => v.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });

  it("builds a hot list of about 30 existing games, mostly slots and fishing", () => {
    const hot = buildHotGameCodes(all);
    expect(hot.length).toBeGreaterThanOrEqual(25);
    expect(hot.length).toBeLessThanOrEqual(35);
    const found = hot.map((h) => findGameSeed(h.vassalage, h.gameCode));
    expect(found.every(Boolean)).toBe(true);
    expect(new Set(hot.map((h) => `${h.vassalage}|${h.gameCode}`)).size).toBe(hot.length);
    const cats = found.map((g) => gameCategory(g!));
    expect(cats.filter((c) => c === "RNG" || c === "FISH").length).toBeGreaterThan(hot.length / 2);
    expect(cats).toContain("LIVE");
    const filtered = buildHotGameCodes(filterGamesForBrand(all, ["RNG", "FISH"]));
    expect(filtered.every((h) => ["RNG", "FISH"].includes(gameCategory(findGameSeed(h.vassalage, h.gameCode)!)))).toBe(true);
  });
});

describe("localised game names", () => {
  it("only localises names the glossary fully covers", () => {
    let localised = 0;
    for (const g of all) {
      for (const lang of GLOSS_LANGS) {
        const shown = g.displayName[lang];
        if (shown === undefined) continue;
        localised++;
        for (const word of g.gameName.split(" ").filter((w) => !/^\d+$/.test(w))) {
          expect(GLOSSARY[word]?.[lang], `${g.gameName} (${lang}): ${word}`).toBeDefined();
        }
        // Scripts without Latin letters must not carry any English word left untranslated.
        if (lang === "zh" || lang === "ja" || lang === "th") expect(shown, `${g.gameName} (${lang})`).not.toMatch(/[A-Za-z]/);
      }
      for (const key of Object.keys(g.displayName)) expect(["en", ...GLOSS_LANGS]).toContain(key);
    }
    expect(localised).toBeGreaterThan(all.length / 2);
  });

  it("keeps each glossary word in one role and applies language word order", () => {
    const keys = [...Object.keys(MODIFIERS), ...Object.keys(NOUNS), ...Object.keys(HEADS)];
    expect(new Set(keys).size).toBe(keys.length);
    const spec = { mod: "Golden", noun: "Carabao", head: "Fortune" };
    expect(translateName(spec, "zh")).toBe("黄金水牛财富");
    expect(translateName(spec, "vi")).toBe("Tài Lộc Trâu Vàng");
    expect(translateName(spec, "tl")).toBe("Kapalaran ng Gintong Kalabaw");
    expect(translateName({ mod: "Silver", noun: "Dragon" }, "tl")).toBe("Pilak na Dragon");
    expect(translateName({ noun: "Manila", head: "Nights" }, "tl")).toBe("Gabi sa Maynila");
    expect(translateName({ noun: "Dragon", edition: "Deluxe" }, "zh")).toBeUndefined();
    expect(translateName({ raw: "Baccarat A" }, "zh")).toBeUndefined();
  });
});

describe("brand content", () => {
  it("is deterministic", () => {
    expect(buildBrandContent(brand)).toEqual(content);
  });

  it("has the banner groups of spec §3 with art for every image", () => {
    for (const group of BANNER_GROUPS) {
      const n = content.banners.filter((b) => b.groupName === group).length;
      expect(n, group).toBe(group === "m_game" ? 5 : 2);
    }
    for (const b of content.banners) {
      const key = b.imageUrl.match(/^\/art\/banner\/lucky-peso\/([a-z_]+-\d+)\.svg$/)?.[1];
      expect(key, b.imageUrl).toBeDefined();
      expect(content.bannerArt[key!]).toBeDefined();
      expect(findBannerArt(brand, "banner", key!)).toEqual(content.bannerArt[key!]);
      if (b.linkUrl !== null) expect(b.linkUrl).toMatch(/^\/m\//);
    }
    expect(Object.keys(content.bannerArt).length).toBe(content.banners.length);
    expect(findBannerArt(brand, "banner", "nope")).toBeUndefined();
    expect(findBannerArt(brand, "promo", "__proto__")).toBeUndefined();
  });

  it("has at least two announcements of each type, with safe HTML and 2026 dates", () => {
    for (const t of ANNOUNCEMENT_TYPES)
      expect(content.announcements.filter((a) => a.contentType === t).length, t).toBeGreaterThanOrEqual(2);
    for (const a of content.announcements) {
      expectSafeHtml(a.content);
      expect(a.startDate.getUTCFullYear()).toBe(2026);
      if (a.endDate) expect(a.endDate.getTime()).toBeGreaterThanOrEqual(a.startDate.getTime());
    }
  });

  it("has categorised promotions whose images all have art", () => {
    const keys = content.promotionCategories.map((c) => c.key);
    expect(keys[0]).toBe("all");
    expect(keys.length).toBeGreaterThanOrEqual(9);
    for (const k of keys) expect(PROMOTION_CATEGORY_KEYS).toContain(k);
    expect(content.promotions.length).toBeGreaterThanOrEqual(10);
    for (const promo of content.promotions) {
      expect(promo.categoryKeys[0]).toBe("all");
      expect(promo.categoryKeys.length).toBeGreaterThanOrEqual(2);
      for (const k of promo.categoryKeys) expect(keys).toContain(k);
      expectSafeHtml(promo.content);
      for (const img of promo.images) {
        const key = img.url.match(/^\/art\/promo\/lucky-peso\/([a-z0-9-]+)\.svg$/)?.[1];
        expect(key, img.url).toBeDefined();
        expect(content.promoArt[key!]).toBeDefined();
        expect(findBannerArt(brand, "promo", key!)).toEqual(content.promoArt[key!]);
      }
      if (promo.noExpiry) expect(promo.endDate).toBeNull();
      else expect(promo.endDate!.getTime()).toBeGreaterThanOrEqual(promo.startDate.getTime());
    }
    expect(content.promotions.some((p) => p.noExpiry)).toBe(true);
    expect(content.promotions.some((p) => p.endDate && p.endDate.getTime() === p.startDate.getTime())).toBe(true);
  });

  it("has help topics with unique tags and the brand's minimum age", () => {
    expect(content.helpItems.length).toBeGreaterThanOrEqual(6);
    const tags = content.helpItems.flatMap((h) => [h.tag, ...(h.children ?? []).map((c) => c.tag)]);
    expect(new Set(tags).size).toBe(tags.length);
    expect(content.helpItems.some((h) => (h.children?.length ?? 0) >= 2)).toBe(true);
    const rg = content.helpItems.find((h) => h.tag === "responsible-gaming");
    expect(rg?.content).toContain("21");
    expect(rg?.children?.some((c) => c.content.includes("PAGCOR"))).toBe(true);
    for (const h of content.helpItems) expect(h.content).not.toMatch(/<[a-z]/i);
    const other = buildBrandContent({ id: "perlas-play", displayName: "Perlas Play", minimumAge: 18 });
    expect(other.helpItems.find((h) => h.tag === "responsible-gaming")?.content).toContain("18");
    expect(other.banners[0].imageUrl).toBe("/art/banner/perlas-play/m_game-1.svg");
  });
});

function expectSafeHtml(htmlText: string) {
  for (const [, tag] of htmlText.matchAll(/<\/?([a-zA-Z0-9]+)/g)) expect(ALLOWED_TAGS as readonly string[]).toContain(tag);
  for (const [, href] of htmlText.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^\/m\//);
  expect(htmlText).not.toMatch(/<a (?![^>]*href="\/m\/)[^>]*>/);
  expect(htmlText).not.toMatch(/\bon[a-z]+=/i);
}
