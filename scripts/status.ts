import os from "node:os";
import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run status -- get <brand>
  npm run status -- set <brand> <0|1|2> [--by "<name>"] [--why "<reason>"]
    0 open, 1 maintenance / IP-restricted page, 2 service-error page`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, value] = positional;

if (cmd === "get" && brand) {
  await finish(runAdmin({ command: "status.get", brand }));
} else if (cmd === "set" && brand && (value === "0" || value === "1" || value === "2")) {
  const by = options.by || os.userInfo().username;
  const why = options.why || "no reason given";
  await finish(runAdmin({ command: "status.set", brand, status: Number(value) as 0 | 1 | 2, by, why }));
} else {
  console.error(USAGE);
  process.exit(1);
}
