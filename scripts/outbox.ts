import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run outbox -- list [<brand>|all] [--channel sms|email] [--limit N]
    Messages written while no SMTP server or SMS gateway is configured, newest first
    (N from 1 to 200, default 20).`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, extra] = positional;
const channel = options.channel;
const limit = options.limit === undefined ? undefined : Number(options.limit);
const unknownOption = Object.keys(options).find((o) => o !== "channel" && o !== "limit");

if (
  cmd === "list" &&
  extra === undefined &&
  unknownOption === undefined &&
  (channel === undefined || channel === "sms" || channel === "email") &&
  (limit === undefined || (Number.isInteger(limit) && limit >= 1 && limit <= 200))
) {
  await finish(runAdmin({ command: "outbox.list", brand, channel, limit }));
} else {
  console.error(USAGE);
  process.exit(1);
}
