import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import "dayjs/locale/ja";
import "dayjs/locale/th";
import "dayjs/locale/vi";
import "dayjs/locale/tl-ph";
import utc from "dayjs/plugin/utc";
import timezone from "dayjs/plugin/timezone";
import { LANGUAGES, type LanguageId } from "~/brand/languages";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The market's clock: dates shown to players are Philippine time, whatever the server's zone. */
export const MARKET_TZ = "Asia/Manila";

/** Dates are formatted on the server, so the browser needs no date library. */
export function formatDate(date: Date, lng: LanguageId, format: string): string {
  return dayjs(date).tz(MARKET_TZ).locale(LANGUAGES[lng].dayjs).format(format);
}
