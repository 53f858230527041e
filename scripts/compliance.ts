import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { BARRED_CSV_MAX_BYTES } from "~/domain/compliance/barred-csv.server";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const USAGE = `Usage:
  npm run compliance -- barred import <file.csv> [--by "<name>"]
    Imports the restricted-persons list (docs/compliance.md): a UTF-8 CSV of at most 5 MB with the
    header name,birthday,reason,period; period YYYY-MM-DD..YYYY-MM-DD, or YYYY-MM-DD.. for no end.
    The whole file or nothing: a bad row is named by its line and nothing is imported. A person
    already listed is updated; importing the same file again changes nothing.
  npm run compliance -- barred list [--active]
    The list (--active: only the persons restricted today, Manila time).
  npm run compliance -- barred matches [<brand>] [--open] [--limit <n>]
    Registrations and sign-ins refused because they matched the list, newest first, on one brand
    or every brand (--open: only those not yet reviewed; --limit: at most n, 200 by default).
  npm run compliance -- barred review <matchId> --note "<what was found>" [--by "<name>"]
    Marks a match reviewed, with a note. A review on record is never overwritten.`;

const byWhom = (by: string | undefined) => by?.trim() || os.userInfo().username;

/** The file's text: a readable UTF-8 file of at most 5 MB, else a one-line reason. */
function readList(file: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    throw new Error(`${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
  if (!stat.isFile()) throw new Error(`${file}: not a file`);
  if (stat.size > BARRED_CSV_MAX_BYTES)
    throw new Error(
      `${file}: ${(stat.size / 1024 / 1024).toFixed(1)} MB; a list may be at most 5 MB (split it into several files)`,
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(fs.readFileSync(file));
  } catch (err) {
    if (err instanceof TypeError) throw new Error(`${file}: not UTF-8 text (save the CSV as UTF-8)`);
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

async function importList(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { by: { type: "string" } } });
  if (positionals.length !== 1) throw new UsageError("import takes one file");
  const file = positionals[0]!;
  let text: string;
  try {
    text = readList(file);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  await finish(runAdmin({ command: "barred.import", file, text, by: byWhom(values.by) }));
}

async function list(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { active: { type: "boolean" } } });
  if (positionals.length !== 0) throw new UsageError("list takes no arguments");
  await finish(runAdmin({ command: "barred.list", active: values.active ?? false }));
}

async function matches(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { open: { type: "boolean" }, limit: { type: "string" } },
  });
  if (positionals.length > 1) throw new UsageError("matches takes at most one brand");
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !Number.isInteger(limit)) throw new UsageError("--limit must be a whole number");
  await finish(runAdmin({ command: "barred.matches", brand: positionals[0], open: values.open ?? false, limit }));
}

async function review(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { note: { type: "string" }, by: { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError("review takes one match id (the #number of barred matches)");
  if (!/^[1-9]\d{0,9}$/.test(positionals[0]!))
    throw new UsageError(`"${positionals[0]}" is not a match id (the #number of barred matches)`);
  if (!values.note?.trim()) throw new UsageError('--note "<what was found>" is required');
  await finish(runAdmin({ command: "barred.review", id: Number(positionals[0]), note: values.note, by: byWhom(values.by) }));
}

const BARRED: Record<string, (args: string[]) => Promise<void>> = { import: importList, list, matches, review };

await runCommands({ barred: (args) => runCommands(BARRED, USAGE, args) }, USAGE);
