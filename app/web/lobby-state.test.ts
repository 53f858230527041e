import { describe, expect, it } from "vitest";
import { HOME_SECTIONS } from "~/domain/catalogue/home-sections";
import { PAGE_SIZE } from "~/domain/catalogue/types";
import { SEARCH_MAX } from "~/utils/search-text";
import {
  DATA_TYPES,
  INITIAL_STATE,
  lobbySearch,
  moreHref,
  needsMember,
  parseLobbyState,
  withClassify,
  withDataType,
  withPage,
  withSearch,
  withVendor,
  type LobbyState,
} from "./lobby-state";

const parse = (qs: string, defaults?: Partial<LobbyState>) => parseLobbyState(new URLSearchParams(qs), defaults);
const state = (s: Partial<LobbyState>): LobbyState => ({ ...INITIAL_STATE, ...s });
/** No half of a surrogate pair on its own (it would not survive URL encoding). */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

/** A state in the middle of browsing: every field away from its default. */
const busy = state({ category: "RNG", vassalage: "JILI", classify: "VIDEO", dataType: "NEW", q: "dragon", page: 4 });

describe("constants", () => {
  it("has the spec's data types and page size", () => {
    expect([...DATA_TYPES]).toEqual(["ALL", "NEW", "HOT", "FAV", "RECENT", "SEARCH"]);
    expect(PAGE_SIZE).toBe(36);
    expect(INITIAL_STATE).toEqual({ category: null, vassalage: null, classify: null, dataType: "ALL", q: "", page: 1 });
  });
});

describe("parseLobbyState", () => {
  it("reads a well-formed query", () => {
    expect(parse("category=RNG&vassalage=JILI&classify=HOT_SLOT&type=NEW&q=golden%20dragon&page=3")).toEqual({
      category: "RNG",
      vassalage: "JILI",
      classify: "HOT_SLOT",
      dataType: "NEW",
      q: "golden dragon",
      page: 3,
    });
  });

  it("gives the initial state for an empty query, and the screen's defaults when given", () => {
    expect(parse("")).toEqual(INITIAL_STATE);
    expect(parse("", { category: "FISH", dataType: "SEARCH" })).toEqual(state({ category: "FISH", dataType: "SEARCH" }));
    expect(parse("category=LIVE", { category: "FISH" }).category).toBe("LIVE");
  });

  it("accepts lower-case codes and data types as their upper-case form", () => {
    expect(parse("category=rng&vassalage=jili&classify=video&type=hot")).toEqual(
      state({ category: "RNG", vassalage: "JILI", classify: "VIDEO", dataType: "HOT" }),
    );
  });

  it("falls back to the default page for bad page numbers", () => {
    for (const page of ["0", "-1", "1.5", "abc", "", "NaN", "Infinity", "-Infinity", "10001", "1e100", "99999999999999999999"]) {
      expect(parse(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
      expect(parse(`page=${encodeURIComponent(page)}`, { page: 2 }).page, page).toBe(2);
    }
    expect(parse("page=10000").page).toBe(10_000);
    expect(parse("page=2&page=5").page).toBe(2);
  });

  it("falls back to defaults for malformed codes", () => {
    const bad = [
      "",
      "R NG",
      "RNG;",
      "JILI'--",
      "' OR 1=1 --",
      "RNG%",
      "../etc",
      "<script>",
      "A".repeat(25),
      "A".repeat(100_000),
      "ÄÖÜ",
      "龙",
      "RNG\u0000",
    ];
    for (const b of bad) {
      const qs = new URLSearchParams({ category: b, vassalage: b, classify: b }).toString();
      const s = parse(qs, { category: "FISH" });
      expect(s.category, b).toBe("FISH");
      expect(s.vassalage, b).toBeNull();
      expect(s.classify, b).toBeNull();
    }
    expect(parse(`category=${"A".repeat(24)}`).category).toBe("A".repeat(24));
  });

  it("falls back to the default data type for unknown types", () => {
    for (const t of ["", "all ", "FAVOURITE", "SEARCH;DROP TABLE games", "__proto__", "constructor", "toString", "0"]) {
      expect(parse(new URLSearchParams({ type: t }).toString()).dataType, t).toBe("ALL");
      expect(parse(new URLSearchParams({ type: t }).toString(), { dataType: "SEARCH" }).dataType, t).toBe("SEARCH");
    }
  });

  it("collapses spaces in the search and cuts it to SEARCH_MAX characters", () => {
    expect(parse("q=%20%20golden%0A%09%20dragon%20%20").q).toBe("golden dragon");
    expect(parse(`q=${"x".repeat(100_000)}`).q).toBe("x".repeat(SEARCH_MAX));
    expect(parse("q=%27%3B%20drop%20table%20games%3B%20--").q).toBe("'; drop table games; --");
    expect(parse("q=100%25_off").q).toBe("100%_off");
    expect(parse("q=%20%20%20").q).toBe("");
  });

  it("never cuts the search inside a character or leaves a trailing space", () => {
    const spaced = parse(new URLSearchParams({ q: `${"a".repeat(SEARCH_MAX - 1)} bcd` }).toString()).q;
    expect(spaced).toBe("a".repeat(SEARCH_MAX - 1));
    const emoji = parse(new URLSearchParams({ q: `${"a".repeat(SEARCH_MAX - 1)}😀` }).toString()).q;
    expect(emoji).toBe("a".repeat(SEARCH_MAX - 1));
    expect(wellFormed(emoji)).toBe(true);
  });

  it("never throws on hostile input", () => {
    const hostile = [
      "%",
      "%%%",
      "%E0%A4%A",
      "%ED%A0%80",
      "category=%FF%FE",
      "page=%00",
      "q=%00%01%02",
      "type=%F0%9F%98%80",
      "category=RNG&category=LIVE",
      "&&&===&&",
      "q=" + "%F0%9F%98%80".repeat(1000),
      "page=" + "9".repeat(10_000),
      "vassalage=" + encodeURIComponent("JILI' UNION SELECT password FROM members --"),
    ];
    for (const h of hostile) {
      const s = parse(h);
      expect(DATA_TYPES, h).toContain(s.dataType);
      expect(Number.isInteger(s.page) && s.page >= 1, h).toBe(true);
      expect(s.q.length, h).toBeLessThanOrEqual(SEARCH_MAX);
    }
    expect(parse("category=RNG&category=LIVE").category).toBe("RNG");
  });

  it("round-trips: parse(lobbySearch(parse(x))) equals parse(x)", () => {
    const inputs = [
      "",
      "category=RNG&vassalage=JILI&classify=VIDEO&type=NEW&q=golden+dragon&page=3",
      "category=rng&type=fav&page=0",
      "q=%20a%20%20b%20",
      "q=" + encodeURIComponent("100% _off\\ & = + ? #"),
      "q=" + encodeURIComponent("Đồng Xu Đỏ 红金币 เหรียญแดง"),
      "q=" + encodeURIComponent(`${"a".repeat(SEARCH_MAX - 1)} tail`),
      "q=" + encodeURIComponent(`${"a".repeat(SEARCH_MAX - 1)}😀`),
      "q=" + "x".repeat(500),
      "type=SEARCH&q=pearl",
      "page=10000",
      "page=-3&category=' OR 1=1",
    ];
    const screens: Array<Partial<LobbyState>> = [{}, { category: "RNG" }, { dataType: "SEARCH" }, { category: "FISH", page: 1 }];
    for (const defaults of screens) {
      for (const x of inputs) {
        const once = parse(x, defaults);
        const search = lobbySearch(once, defaults);
        expect(parse(search.replace(/^\?/, ""), defaults), `${x} ${JSON.stringify(defaults)}`).toEqual(once);
      }
    }
  });
});

describe("lobbySearch", () => {
  it("is empty for the initial state", () => {
    expect(lobbySearch(INITIAL_STATE)).toBe("");
  });

  it("writes every field away from its default", () => {
    expect(lobbySearch(busy)).toBe("?category=RNG&vassalage=JILI&classify=VIDEO&type=NEW&q=dragon&page=4");
  });

  it("leaves out values equal to the screen's defaults", () => {
    expect(lobbySearch(state({ category: "FISH", dataType: "SEARCH", q: "koi" }), { category: "FISH", dataType: "SEARCH" })).toBe(
      "?q=koi",
    );
    expect(lobbySearch(state({ dataType: "ALL" }), { dataType: "SEARCH" })).toBe("?type=ALL");
    expect(lobbySearch(state({ page: 1 }))).toBe("");
  });

  it("encodes the search so it reads back unchanged", () => {
    const s = lobbySearch(state({ q: "a&b=c #1 +50%" }));
    expect(s).toBe("?q=a%26b%3Dc+%231+%2B50%25");
    expect(parse(s.slice(1)).q).toBe("a&b=c #1 +50%");
  });
});

describe("transitions", () => {
  it("a vendor change goes to page 1, data type ALL and drops the classification", () => {
    expect(withVendor(busy, "FC")).toEqual({ ...busy, vassalage: "FC", classify: null, dataType: "ALL", page: 1 });
    expect(withVendor(busy, null)).toEqual({ ...busy, vassalage: null, classify: null, dataType: "ALL", page: 1 });
  });

  it("a classification change goes to page 1 and data type ALL", () => {
    expect(withClassify(busy, "WAYS")).toEqual({ ...busy, classify: "WAYS", dataType: "ALL", page: 1 });
    expect(withClassify(busy, null)).toEqual({ ...busy, classify: null, dataType: "ALL", page: 1 });
  });

  it("choosing a data type goes to page 1 and clears the classification", () => {
    const s = state({ category: "RNG", classify: "VIDEO", page: 3 });
    expect(withDataType(s, "HOT")).toEqual({ ...s, dataType: "HOT", classify: null, page: 1 });
    expect(withDataType(busy, "FAV")).toEqual({ ...busy, dataType: "FAV", classify: null, page: 1 });
  });

  it("choosing the active data type again returns to ALL", () => {
    expect(withDataType(busy, "NEW")).toEqual({ ...busy, dataType: "ALL", classify: null, page: 1 });
    expect(withDataType(withDataType(INITIAL_STATE, "RECENT"), "RECENT").dataType).toBe("ALL");
    expect(withDataType(INITIAL_STATE, "ALL").dataType).toBe("ALL");
  });

  it("a search goes to page 1 with data type ALL in the game centre", () => {
    expect(withSearch(busy, "  Golden   Koi ")).toEqual({ ...busy, q: "Golden Koi", dataType: "ALL", page: 1 });
    expect(withSearch(busy, "koi", "ALL").dataType).toBe("ALL");
  });

  it("a search on the search screen sets data type SEARCH", () => {
    expect(withSearch(busy, "koi", "SEARCH")).toEqual({ ...busy, q: "koi", dataType: "SEARCH", page: 1 });
  });

  it("a search is cut like a parsed one", () => {
    const long = `${"a".repeat(SEARCH_MAX - 1)} bcd`;
    expect(withSearch(INITIAL_STATE, long).q).toBe(parse(new URLSearchParams({ q: long }).toString()).q);
    expect(withSearch(INITIAL_STATE, "x".repeat(1000)).q).toBe("x".repeat(SEARCH_MAX));
    expect(wellFormed(withSearch(INITIAL_STATE, `${"a".repeat(SEARCH_MAX - 1)}😀`).q)).toBe(true);
    expect(wellFormed(`a${"😀".slice(0, 1)}`)).toBe(false);
  });

  it("withPage changes only the page", () => {
    expect(withPage(busy, 9)).toEqual({ ...busy, page: 9 });
  });

  it("transitions do not change the state they are given", () => {
    const copy = { ...busy };
    withVendor(busy, "FC");
    withClassify(busy, "X");
    withDataType(busy, "HOT");
    withSearch(busy, "x");
    withPage(busy, 2);
    expect(busy).toEqual(copy);
  });
});

describe("needsMember", () => {
  it("is true for favourites and recent games only", () => {
    expect(DATA_TYPES.filter((t) => needsMember(state({ dataType: t })))).toEqual(["FAV", "RECENT"]);
  });
});

describe("moreHref", () => {
  it("leads a games row to the game centre on its category and vendor", () => {
    expect(moreHref({ kind: "games", category: "RNG", vassalage: "JILI", rows: 3 })).toBe(
      "/m/gameCenter?category=RNG&vassalage=JILI",
    );
    expect(moreHref({ kind: "games", category: "RNG", rows: 1 })).toBe("/m/gameCenter?category=RNG");
    expect(moreHref({ kind: "games", category: "BINGO", rows: 2 })).toBe("/m/gameCenter?category=BINGO");
    expect(moreHref({ kind: "games", category: "FISH", rows: 2 })).toBe("/m/gameCenter?category=FISH");
  });

  it("leads a vendor picker to the game centre on its category", () => {
    expect(moreHref({ kind: "vendors", category: "RNG" })).toBe("/m/gameCenter?category=RNG");
    expect(moreHref({ kind: "vendors", category: "SPORTS" })).toBe("/m/gameCenter?category=SPORTS");
  });

  it("leads hot and favourites to their own lists", () => {
    expect(moreHref({ kind: "hot", rows: 3 })).toBe("/m/hot-games");
    expect(moreHref({ kind: "favourites", rows: 1 })).toBe("/m/fav-games");
    expect(moreHref({ kind: "banners" })).toBe("/m/gameCenter");
  });

  it("gives a link whose query parses back to the row's category and vendor", () => {
    for (const s of HOME_SECTIONS) {
      if (s.kind !== "games" && s.kind !== "vendors") continue;
      const url = new URL(moreHref(s), "https://lobby.test");
      expect(url.pathname).toBe("/m/gameCenter");
      expect(url.searchParams.get("category")).toBe(s.category);
      expect(url.searchParams.get("vassalage")).toBe(s.kind === "games" ? (s.vassalage ?? null) : null);
    }
  });
});
