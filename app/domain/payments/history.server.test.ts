import { describe, expect, it } from "vitest";
import { defaultHistoryFilter, marketDay, parseHistoryFilter } from "./history.server";

// 2026-03-01 17:30 UTC is already 2026-03-02 01:30 in Manila.
const NOW = new Date("2026-03-01T17:30:00Z");
const parse = (q: string) => parseHistoryFilter(new URLSearchParams(q), NOW);

describe("history filters", () => {
  it("default to both kinds over the last 30 market days, page 1", () => {
    expect(marketDay(NOW)).toBe("2026-03-02");
    expect(defaultHistoryFilter(NOW)).toEqual({ kind: "all", from: "2026-02-01", to: "2026-03-02", page: 1 });
    expect(parse("")).toEqual({ ok: true, filter: defaultHistoryFilter(NOW) });
    expect(parse("kind=&from=+&page=")).toEqual({ ok: true, filter: defaultHistoryFilter(NOW) });
  });

  it("take a kind, real calendar dates and a page", () => {
    expect(parse("kind=withdrawals&from=2024-02-29&to=2024-03-01&page=3")).toEqual({
      ok: true,
      filter: { kind: "withdrawals", from: "2024-02-29", to: "2024-03-01", page: 3 },
    });
  });

  it("allow 90 days, both ends included, and no more", () => {
    expect(parse("from=2026-01-01&to=2026-03-31").ok).toBe(true);
    expect(parse("from=2025-12-31&to=2026-03-31")).toEqual({ ok: false, error: "history.errors.span" });
  });

  it("refuse what is not a date, a range the wrong way round, an unknown kind and a page out of bounds", () => {
    for (const q of ["from=2025-02-29", "from=2026-13-01", "from=2026-1-1", "to=20260101", "from=1899-01-01", "from=２026-01-01"])
      expect(parse(q), q).toEqual({ ok: false, error: "history.errors.date" });
    expect(parse("from=2026-03-02&to=2026-03-01")).toEqual({ ok: false, error: "history.errors.order" });
    expect(parse("kind=bets")).toEqual({ ok: false, error: "history.errors.kind" });
    for (const q of ["page=0", "page=-2", "page=1e2", "page=501", "page=12345", "page=2.0"])
      expect(parse(q), q).toEqual({ ok: false, error: "history.errors.page" });
    expect(parse("page=500").ok).toBe(true);
  });
});
