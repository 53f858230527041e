import crypto from "node:crypto";
import os from "node:os";
import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run ledger -- verify [brand|all]
  npm run ledger -- adjust <brand> <user> <+amount|-amount> [--by "<name>"] --why "<reason>" [--key <key>]
  npm run ledger -- reverse <brand> <transfer id> [--by "<name>"] --why "<reason>"
    verify exits 1 and names the first broken row when the books do not add up.
    adjust credits (+) or debits (-) the member's cash in pesos, e.g. +150 or -20.50; a retry
    with the same --key changes nothing (without --key each run is a new correction).`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, a, b, extra] = positional;
const by = options.by || os.userInfo().username;
const why = options.why ?? "";

if (cmd === "verify" && a === undefined) {
  await finish(runAdmin({ command: "ledger.verify", brand }));
} else if (cmd === "adjust" && brand && a && b && extra === undefined) {
  const key = options.key ?? crypto.randomUUID();
  await finish(runAdmin({ command: "ledger.adjust", brand, user: a, amount: b, key, by, why }));
} else if (cmd === "reverse" && brand && a && /^\d+$/.test(a) && b === undefined) {
  await finish(runAdmin({ command: "ledger.reverse", brand, transfer: Number(a), by, why }));
} else {
  console.error(USAGE);
  process.exit(1);
}
