import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows, type Database } from "../../app/db/client.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import * as s from "../../app/db/schema";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe(`migrations and seed on ${TEST_ENGINE}`, () => {
  it("migrate to the full schema", async () => {
    const rows = await rawRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    for (const t of [
      "games",
      "vendors",
      "hot_games",
      "banners",
      "announcements",
      "promotions",
      "help_items",
      "flag_overrides",
      "audit_log",
      "system_status",
    ]) {
      expect(names).toContain(t);
    }
    const money = await rawRows<{ data_type: string }>(
      database.db,
      sql`select data_type from information_schema.columns where table_name = 'games' and column_name = 'min_bet_centavos'`,
    );
    expect(money[0].data_type).toBe("bigint");
  });

  it("seed each demo brand once with a full lobby", async () => {
    const { brands } = await projectBrands();
    for (const brand of brands) {
      const first = await seedBrandIfEmpty(database.db, brand);
      expect(first.seeded).toBe(true);
      expect(first.games).toBeGreaterThanOrEqual(650);
      const again = await seedBrandIfEmpty(database.db, brand);
      expect(again.seeded).toBe(false);
      const mc = brand.merchantCode;
      const [{ n }] = await database.db.select({ n: count() }).from(s.games).where(eq(s.games.merchantCode, mc));
      expect(n).toBe(first.games);

      const types = await database.db.selectDistinct({ t: s.games.gameType }).from(s.games).where(eq(s.games.merchantCode, mc));
      for (const t of ["RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT"])
        expect(types.map((r) => r.t)).toContain(t);
      expect(types.map((r) => r.t)).not.toContain("COCKFIGHT");
      const [{ bingo }] = await database.db
        .select({ bingo: count() })
        .from(s.games)
        .where(and(eq(s.games.merchantCode, mc), eq(s.games.gameType, "RNG"), eq(s.games.gameClassify, "BG")));
      expect(bingo).toBeGreaterThan(0);
      const [{ fresh }] = await database.db
        .select({ fresh: count() })
        .from(s.games)
        .where(and(eq(s.games.merchantCode, mc), eq(s.games.isNew, true)));
      expect(fresh).toBeGreaterThan(0);

      const [{ hot }] = await database.db.select({ hot: count() }).from(s.hotGames).where(eq(s.hotGames.merchantCode, mc));
      expect(hot).toBeGreaterThanOrEqual(20);
      const groups = await database.db
        .selectDistinct({ g: s.banners.groupName })
        .from(s.banners)
        .where(eq(s.banners.merchantCode, mc));
      expect(groups.map((r) => r.g).sort()).toEqual([...brand.bannerGroups].sort());
      const kinds = await database.db
        .selectDistinct({ k: s.announcements.contentType })
        .from(s.announcements)
        .where(eq(s.announcements.merchantCode, mc));
      expect(kinds.map((r) => r.k).sort()).toEqual(["A", "B", "PL", "PR", "PU"]);
      const promos = await database.db.select().from(s.promotions).where(eq(s.promotions.merchantCode, mc));
      expect(promos.length).toBeGreaterThanOrEqual(10);
      expect(promos.every((p) => p.categoryKeys.includes("all") && p.images.length > 0)).toBe(true);
      const help = await database.db.select().from(s.helpItems).where(eq(s.helpItems.merchantCode, mc));
      expect(help.some((h) => h.parentTag !== null)).toBe(true);
      const links = await database.db.select().from(s.downloadLinks).where(eq(s.downloadLinks.merchantCode, mc));
      expect(links.length).toBe(brand.downloadLinks.length);
      const vendors = await database.db.select().from(s.vendors).where(eq(s.vendors.merchantCode, mc));
      for (const v of ["JILI", "FC", "PGE", "PG", "JDB", "EVO", "SABA", "TF", "BGS", "TCG"])
        expect(vendors.map((r) => r.vassalage)).toContain(v);
    }
  });

  it("read money back as bigint centavos", async () => {
    const [g] = await database.db.select({ minBet: s.games.minBet }).from(s.games).limit(1);
    expect(typeof g.minBet).toBe("bigint");
    expect(g.minBet).toBeGreaterThan(0n);
  });
});
