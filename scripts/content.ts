import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const KINDS = "announcement|popup|promotion|help|banner";
const USAGE = `Usage:
  npm run content -- publish <file-or-folder> [--by "<name>"] [--why "<reason>"]
    Publishes a JSON content file, or every *.json file in a folder (docs/content.md). Each file goes
    in whole or not at all; images it names are read from beside it. Audited.
  npm run content -- list <brand> [--type ${KINDS}]
    The brand's content, retired items included.
  npm run content -- retire <brand> <${KINDS}> <key> [--by "<name>"] [--why "<reason>"]
    Hides an item (every language of its key) from players; read marks stay. Audited.`;

const who = (values: { by?: string; why?: string }, why: string) => ({
  by: values.by || os.userInfo().username,
  why: values.why ?? why,
});

async function publish(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { by: { type: "string" }, why: { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError("publish takes one file or folder");
  const target = path.resolve(positionals[0]!);
  await finish(runAdmin({ command: "content.publish", path: target, ...who(values, `publish ${positionals[0]}`) }));
}

async function list(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { type: { type: "string" } } });
  if (positionals.length !== 1) throw new UsageError("list takes one brand");
  const kind = values.type as "announcement" | "popup" | "promotion" | "help" | "banner" | undefined;
  await finish(runAdmin({ command: "content.list", brand: positionals[0]!, kind }));
}

async function retire(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { by: { type: "string" }, why: { type: "string" } },
  });
  if (positionals.length !== 3) throw new UsageError("retire takes a brand, a kind and a key");
  const [brand, kind, key] = positionals as [string, string, string];
  await finish(
    runAdmin({
      command: "content.retire",
      brand,
      kind: kind as "announcement",
      key,
      ...who(values, `retire ${kind} ${key}`),
    }),
  );
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { publish, list, retire };

await runCommands(COMMANDS, USAGE);
