import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import "dayjs/locale/ja";
import "dayjs/locale/th";
import "dayjs/locale/vi";
import "dayjs/locale/tl-ph";
import utc from "dayjs/plugin/utc";
import { LANGUAGES, type LanguageId } from "./languages";

dayjs.extend(utc);

/**
 * The market's clock: dates shown to players are Philippine time whatever the
 * server's zone. Manila keeps UTC+8 all year (no daylight saving), so a fixed
 * offset is exact and avoids a time-zone database lookup per date.
 */
export const MARKET_UTC_OFFSET_MINUTES = 8 * 60;

/** Dates are formatted on the server, so the browser needs no date library. */
export function formatDate(date: Date, lng: LanguageId, format: string): string {
  return dayjs(date).utcOffset(MARKET_UTC_OFFSET_MINUTES).locale(LANGUAGES[lng].dayjs).format(format);
}

/**
 * Whether a signed Unix-seconds timestamp lies within `windowSeconds` of `now`, either way. Whole
 * seconds on both sides, as signers write them: a fractional clock would make the window a second
 * shorter into the past than into the future.
 */
export function withinWindow(unixSeconds: number, now: Date, windowSeconds: number): boolean {
  return Math.abs(Math.floor(now.getTime() / 1000) - unixSeconds) <= windowSeconds;
}
