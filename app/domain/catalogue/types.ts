/** A game as the lobby shows it (spec §3 Game, trimmed to what a tile needs). */
export interface GameCard {
  nodeId: number;
  gameCode: string;
  name: string;
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  isNew: boolean;
  iconUrl: string;
  /** A sportsbook or lottery lobby entry (isGameH5 = VASSALAGE). */
  lobby: boolean;
  /** Centavos, as a string (bigint does not cross the wire). */
  minBet: string;
  /** Lottery lobbies carry no favourite heart (spec §4). */
  favouritable: boolean;
  /** In search results: the name that matched, when it is not the one shown (another language's). */
  matchedName?: string;
}

/** Games per page of every list (spec §4: 36). */
export const PAGE_SIZE = 36;

/** Spec §3 game list response. */
export interface GamePage<T> {
  games: T[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}
