import type { LobbyState } from "~/web/lobby-state";
import type { Banner } from "../banner-carousel";

/**
 * What the lobby's views show, as the loaders hand it over: the views declare
 * the data they need, and the catalogue's own types satisfy them.
 */
export interface GameTile {
  nodeId: number;
  gameCode: string;
  name: string;
  vassalage: string;
  gameType: string;
  iconUrl: string;
  isNew: boolean;
  /** A sportsbook or lottery lobby entry: no minimum bet on its tile. */
  lobby: boolean;
  /** Centavos, as a string. */
  minBet: string;
  /** Lottery tiles carry no heart (spec §4): decided by the catalogue. */
  favouritable: boolean;
  matchedName?: string;
}

export interface TilePage<T = GameTile> {
  games: T[];
  pageNum: number;
  totalPages: number;
  totalCount: number;
}

export interface VendorItem {
  vassalage: string;
  label: string;
  gameCount: number;
}

export type HomeSectionView =
  | { kind: "favourites"; key: string; rows: number; games: GameTile[] }
  | { kind: "hot"; key: string; rows: number; games: GameTile[] }
  | { kind: "games"; key: string; category: string; vassalage?: string; rows: number; games: GameTile[] }
  | { kind: "banners"; key: string; banners: Banner[] }
  | { kind: "vendors"; key: string; category: string; vendors: VendorItem[] };

/** The home screen's category view (spec §2): sections, the hot list, a vendor list or a game list. */
export interface HomeView {
  state: LobbyState;
  screen: "menus" | "hot" | "vendors" | "games";
  sections: HomeSectionView[];
  hotPreview: TilePage | null;
  page: TilePage | null;
  classifications: string[];
  vendors: VendorItem[];
}
