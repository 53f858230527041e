import os from "node:os";
import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run withdrawals -- list <brand> [--state pending|approved|paid|rejected|failed] [--limit N]
  npm run withdrawals -- show <brand> <id>
  npm run withdrawals -- approve <brand> <id> [--by "<name>"] --why "<reason>"
  npm run withdrawals -- reject <brand> <id> [--by "<name>"] --why "<reason the player sees>"
    Approving sends the payout to the gateway; rejecting gives the held amount back at once.`;

const STATES = ["pending", "approved", "paid", "rejected", "failed"] as const;
const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, id, extra] = positional;
const by = options.by || os.userInfo().username;
const why = options.why ?? "";
const state = STATES.find((s) => s === options.state);

if (!brand || extra !== undefined || (options.state !== undefined && !state)) {
  console.error(USAGE);
  process.exit(1);
} else if (cmd === "list" && !id) {
  await finish(runAdmin({ command: "withdrawals.list", brand, state, limit: options.limit ? Number(options.limit) : undefined }));
} else if (cmd === "show" && id) {
  await finish(runAdmin({ command: "withdrawals.show", brand, id }));
} else if ((cmd === "approve" || cmd === "reject") && id) {
  await finish(runAdmin({ command: `withdrawals.${cmd}`, brand, id, by, why }));
} else {
  console.error(USAGE);
  process.exit(1);
}
