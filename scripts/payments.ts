import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run payments -- reconcile [brand|all]
    Asks the gateway about deposits pending for more than 3 minutes, settles the paid and
    failed ones as their webhook would, and expires those past 30 minutes.
  npm run payments -- orders <brand> [--state pending|paid|failed|expired] [--limit N]`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, extra] = positional;

if (cmd === "reconcile" && extra === undefined) {
  await finish(runAdmin({ command: "payments.reconcile", brand }));
} else if (cmd === "orders" && brand && extra === undefined) {
  await finish(
    runAdmin({
      command: "payments.orders",
      brand,
      state: options.state as "pending" | "paid" | "failed" | "expired" | undefined,
      limit: options.limit ? Number(options.limit) : undefined,
    }),
  );
} else {
  console.error(USAGE);
  process.exit(1);
}
