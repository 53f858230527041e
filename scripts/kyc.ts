import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";

const USAGE = `Usage:
  npm run kyc -- list <brand> [--all]
    Identity verifications waiting for review, oldest first; --all adds the reviewed ones.
  npm run kyc -- show <brand> <submissionId> [--out <dir>]
    One verification; --out writes its ID photo and selfie (as stored: re-encoded PNG or JPEG) into <dir>.
  npm run kyc -- approve <brand> <submissionId> [--by "<name>"] [--why "<note>"]
    The member is verified: the actions the brand holds until then (deposits, and withdrawals or
    play where it says so) open. Audited.
  npm run kyc -- reject <brand> <submissionId> --reason "<what to fix>" [--by "<name>"]
    The player reads the reason (3 to 200 characters) and may send a new verification. Audited.
  Only a verification waiting for review can be approved or rejected.`;

const who = (values: { by?: string }) => values.by || os.userInfo().username;

function submissionId(text: string | undefined): number {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) throw new UsageError(`"${text ?? ""}" is not a submission id`);
  return Number(text);
}

/** The positional words after the sub-command, and its options. */
function read(args: string[], options: Record<string, { type: "string" | "boolean" }>, count: number) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options });
  if (positionals.length !== count) throw new UsageError(count === 1 ? "give a brand" : "give a brand and a submission id");
  return { values: values as Record<string, string | boolean | undefined>, positionals };
}

async function list(args: string[]) {
  const { values, positionals } = read(args, { all: { type: "boolean" } }, 1);
  await finish(runAdmin({ command: "kyc.list", brand: positionals[0]!, all: values.all === true }));
}

type ShowResult = Awaited<ReturnType<typeof runAdmin<{ command: "kyc.show"; brand: string; id: number }>>>;

/** Writes kyc-<id>-id-photo.<ext> and kyc-<id>-selfie.<ext>, then answers the result as it was. */
async function writePictures(r: ShowResult, dir: string): Promise<ShowResult> {
  if (!r.ok) return r;
  const target = path.resolve(dir);
  await mkdir(target, { recursive: true, mode: 0o700 });
  for (const p of r.pictures) {
    const file = path.join(target, `kyc-${r.submission.id}-${p.name}.${p.contentType === "image/png" ? "png" : "jpg"}`);
    // Identity documents: readable by the one who fetched them only.
    await writeFile(file, Buffer.from(p.base64, "base64"), { mode: 0o600 });
    console.log(`wrote ${file}`);
  }
  return r;
}

async function show(args: string[]) {
  const { values, positionals } = read(args, { out: { type: "string" } }, 2);
  const out = values.out;
  if (out === "") throw new UsageError("--out needs a folder");
  const result = runAdmin({
    command: "kyc.show",
    brand: positionals[0]!,
    id: submissionId(positionals[1]),
    pictures: typeof out === "string",
  });
  await finish(typeof out === "string" ? result.then((r) => writePictures(r, out)) : result);
}

async function approve(args: string[]) {
  const { values, positionals } = read(args, { by: { type: "string" }, why: { type: "string" } }, 2);
  const why = typeof values.why === "string" ? values.why : undefined;
  await finish(
    runAdmin({
      command: "kyc.approve",
      brand: positionals[0]!,
      id: submissionId(positionals[1]),
      by: who(values as { by?: string }),
      ...(why === undefined ? {} : { why }),
    }),
  );
}

async function reject(args: string[]) {
  const { values, positionals } = read(args, { by: { type: "string" }, reason: { type: "string" } }, 2);
  await finish(
    runAdmin({
      command: "kyc.reject",
      brand: positionals[0]!,
      id: submissionId(positionals[1]),
      by: who(values as { by?: string }),
      reason: typeof values.reason === "string" ? values.reason : "",
    }),
  );
}

await runCommands({ list, show, approve, reject }, USAGE);
