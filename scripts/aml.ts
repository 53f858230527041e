import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run aml -- report <brand> <period>
    The brand's anti-money-laundering flags for the period as CSV: covered transactions (a single
    deposit or withdrawal at or above the brand's threshold, PHP 5,000,000 by default), withdrawals
    after little play, and payout accounts shared by several members.
    <period>: a month (2026-11), a day (2026-11-27) or days (2026-11-01..2026-11-15), Manila time.`;

const { positional } = parseArgs(process.argv.slice(2));
const [cmd, brand, period, extra] = positional;

if (cmd === "report" && brand && period && extra === undefined) {
  await finish(runAdmin({ command: "aml.report", brand, period }));
} else {
  console.error(USAGE);
  process.exit(1);
}
