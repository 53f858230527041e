import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { games } from "./schema";
import { members } from "./schema-accounts";

/** The columns of a member's list of games (favourites, recent games); fresh builders per table. */
const memberGame = () => ({
  merchantCode: text("merchant_code").notNull(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  gameId: integer("game_id")
    .notNull()
    .references(() => games.id, { onDelete: "cascade" }),
});

/** A member's favourite games (spec §4): one row per game, so a duplicate add changes nothing. */
export const favourites = pgTable(
  "favourites",
  {
    ...memberGame(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index("favourites_member_idx").on(t.merchantCode, t.memberId, t.createdAt),
  ],
);

/** Games a member opened, newest first; a second visit moves the game back to the top. */
export const recentGames = pgTable(
  "recent_games",
  {
    ...memberGame(),
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index("recent_games_member_idx").on(t.merchantCode, t.memberId, t.visitedAt),
    index("recent_games_brand_visited_idx").on(t.merchantCode, t.visitedAt),
  ],
);
