import os from "node:os";
import { parseArgs } from "node:util";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const USAGE = `Usage:
  npm run inbox -- send <brand> (--to <username> | --all) --title "<title>" --body "<text>" [--by "<name>"] [--why "<reason>"]
    Writes a plain-text message to one member's inbox, or to every member of the brand (members who
    join later see it too). Trial guests have no inbox. Audited.`;

async function send(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: "string" },
      all: { type: "boolean", default: false },
      title: { type: "string" },
      body: { type: "string" },
      by: { type: "string" },
      why: { type: "string" },
    },
  });
  if (positionals.length !== 1) throw new UsageError("send takes one brand");
  if ((values.to === undefined) === !values.all) throw new UsageError("give either --to <username> or --all");
  await finish(
    runAdmin({
      command: "inbox.send",
      brand: positionals[0]!,
      to: values.to,
      all: values.all,
      title: values.title ?? "",
      body: values.body ?? "",
      by: values.by || os.userInfo().username,
      why: values.why,
    }),
  );
}

await runCommands({ send }, USAGE);
