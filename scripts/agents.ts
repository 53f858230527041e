import { readFile } from "node:fs/promises";
import os from "node:os";
import { parseArgs } from "node:util";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const USAGE = `Usage:
  npm run agents -- create <brand> <username> [--type 41] [--parent <agent>] --why "<reason>" [--by "<name>"]
    Makes an agent (type 41 or 42: manages only; 1 or 2: also plays), under --parent as its
    sub-agent, or at the top of a new tree. Prints its invite code and a password shown once. Audited.
  npm run agents -- list <brand> [--under <agent>]
    The brand's agents (or those below one, at any depth) with type, parent, invite code and team size.
  npm run agents -- offer <brand> <agent> <daily-salary|dividend|hourly-salary> --terms <file.json> --why "<reason>" [--by "<name>"]
    Offers a contract; it waits until the agent accepts it. An earlier offer of that kind still
    waiting is withdrawn; a contract in force stays so until the agent accepts the new one. Audited.
  npm run agents -- contracts <brand> <agent>
    Every version of the agent's contracts: offered, accepted, ended or withdrawn, and when.
  npm run agents -- settle <brand> <period> [--by "<name>"]
    Pays the contracts in force when the period closed (the label names the kind, below) into the
    agents' wallets, from 15 minutes after its end (its last rounds closed). A period is settled
    once: settling it again changes nothing and shows its lines.
  npm run agents -- settlements <brand> <agent>
    The agent's settlement lines, newest period first.

Terms file (pesos as strings, rate in percent; up to 10 tiers, each asking more and paying more
than the one before; the team reaches the highest tier whose three minimums it meets; a net-loss
minimum of "0" asks nothing):
  {"period": "month", "tiers": [
    {"turnover": "50000", "activePlayers": 5, "netLoss": "0", "rate": "0.5"},
    {"turnover": "200000", "activePlayers": 20, "netLoss": "10000", "rate": "1.25"}]}
  period: "day" for a daily salary, "hour" for an hourly one, "half_month" or "month" (the
  default) for a dividend; it may be left out. A salary pays on the team's turnover, a dividend on
  its net loss (bets less wins; nothing when the players won), less what sub-agents' contracts take.

Periods (Manila time):
  2026-11-27T14  the hour from 14:00  → hourly salaries
  2026-11-27     a day                → daily salaries
  2026-11-H1     the 1st to the 15th (H2: the 16th to the end) → half-month dividends
  2026-11        a month              → monthly dividends`;

const KINDS: Record<string, "daily_salary" | "dividend" | "hourly_salary"> = {
  "daily-salary": "daily_salary",
  dividend: "dividend",
  "hourly-salary": "hourly_salary",
};

const who = (values: Record<string, string | boolean | undefined>) =>
  typeof values.by === "string" && values.by ? values.by : os.userInfo().username;
const text = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);

/** The positional words after the sub-command, and its options. */
function read(
  args: string[],
  options: Record<string, { type: "string" | "boolean" }>,
  count: number,
  what: string,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
  if (positionals.length !== count) throw new UsageError(`give ${what}`);
  return { values: values as Record<string, string | boolean | undefined>, positionals };
}

async function create(args: string[]) {
  const { values, positionals } = read(
    args,
    { type: { type: "string" }, parent: { type: "string" }, why: { type: "string" }, by: { type: "string" } },
    2,
    "a brand and a username",
  );
  const type = text(values.type);
  if (type !== undefined && !/^\d{1,2}$/.test(type)) throw new UsageError(`--type must be 1, 2, 41 or 42, not "${type}"`);
  const parent = text(values.parent);
  if (parent === "") throw new UsageError("--parent needs an agent's username");
  await finish(
    runAdmin({
      command: "agents.create",
      brand: positionals[0]!,
      user: positionals[1]!,
      ...(type === undefined ? {} : { type: Number(type) as 1 | 2 | 41 | 42 }),
      ...(parent === undefined ? {} : { parent }),
      by: who(values),
      why: text(values.why) ?? "",
    }),
  );
}

async function list(args: string[]) {
  const { values, positionals } = read(args, { under: { type: "string" } }, 1, "a brand");
  const under = text(values.under);
  if (under === "") throw new UsageError("--under needs an agent's username");
  await finish(runAdmin({ command: "agents.list", brand: positionals[0]!, ...(under === undefined ? {} : { under }) }));
}

/** The terms file, parsed; a missing or unreadable file, or one that is not JSON, fails with its name. */
async function readTerms(file: string): Promise<unknown> {
  let body: string;
  try {
    body = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === "ENOENT" ? `the terms file ${file} does not exist` : `cannot read the terms file ${file} (${code ?? "error"})`,
    );
  }
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    throw new Error(`the terms file ${file} is not JSON: ${(err as Error).message}`);
  }
}

async function offer(args: string[]) {
  const { values, positionals } = read(
    args,
    { terms: { type: "string" }, why: { type: "string" }, by: { type: "string" } },
    3,
    "a brand, an agent and a kind of contract",
  );
  const kind = KINDS[positionals[2]!.replace(/_/g, "-")];
  if (!kind) throw new UsageError(`the kind of contract is daily-salary, dividend or hourly-salary, not "${positionals[2]}"`);
  const file = text(values.terms);
  if (!file) throw new UsageError("give --terms <file.json>");
  await finish(
    readTerms(file).then((terms) =>
      runAdmin({
        command: "agents.offer",
        brand: positionals[0]!,
        agent: positionals[1]!,
        kind,
        terms,
        by: who(values),
        why: text(values.why) ?? "",
      }),
    ),
  );
}

async function contracts(args: string[]) {
  const { positionals } = read(args, {}, 2, "a brand and an agent");
  await finish(runAdmin({ command: "agents.contracts", brand: positionals[0]!, agent: positionals[1]! }));
}

async function settle(args: string[]) {
  const { values, positionals } = read(args, { by: { type: "string" } }, 2, "a brand and a period");
  await finish(runAdmin({ command: "agents.settle", brand: positionals[0]!, period: positionals[1]!, by: who(values) }));
}

async function settlements(args: string[]) {
  const { positionals } = read(args, {}, 2, "a brand and an agent");
  await finish(runAdmin({ command: "agents.settlements", brand: positionals[0]!, agent: positionals[1]! }));
}

await runCommands({ create, list, offer, contracts, settle, settlements }, USAGE);
