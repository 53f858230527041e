import type { GameCategory } from "~/brand/categories";

/** What the bet record screen shows, as its loader hands it over (money as centavo strings). */

export type BetRecordRangeView = "today" | "yesterday" | "7d" | "30d" | "custom";
export type BetRecordTypeView = "all" | GameCategory;

export interface BetRecordFilterView {
  range: BetRecordRangeView;
  /** YYYY-MM-DD, Manila days. */
  from: string;
  to: string;
  type: BetRecordTypeView;
}

export interface BetRoundView {
  id: number;
  round: string;
  gameName: string;
  vendor: string;
  /** YYYY-MM-DD HH:mm:ss, Manila time. */
  at: string;
  bet: string;
  win: string;
  net: string;
  demo: boolean;
  closed: boolean;
}

export interface BetTotalsView {
  bet: string;
  win: string;
  net: string;
  rounds: number;
}
