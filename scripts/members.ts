import os from "node:os";
import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run members -- list <brand> [--limit N]
  npm run members -- show <brand> <user>
  npm run members -- disable <brand> <user> [--by "<name>"] --why "<reason>"
  npm run members -- enable <brand> <user> [--by "<name>"] --why "<reason>"
  npm run members -- create <brand> <user> --type <0|1|2|40|41|42> [--by "<name>"] --why "<reason>"
  npm run members -- waive-turnover <brand> <user> [--by "<name>"] --why "<reason>"
  npm run members -- feedback list <brand> [--since <YYYY-MM-DD>] [--limit N]
    Disabling signs the member out everywhere. create prints a one-time password.`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, user, extra] = positional;
const by = options.by || os.userInfo().username;
const why = options.why ?? "";

if (!brand || extra !== undefined) {
  console.error(USAGE);
  process.exit(1);
} else if (cmd === "list" && !user) {
  await finish(runAdmin({ command: "members.list", brand, limit: options.limit ? Number(options.limit) : undefined }));
} else if (cmd === "feedback" && brand === "list" && user) {
  // "feedback list <brand>": the brand is the third word.
  await finish(
    runAdmin({
      command: "members.feedback-list",
      brand: user,
      since: options.since,
      limit: options.limit ? Number(options.limit) : undefined,
    }),
  );
} else if (cmd === "show" && user) {
  await finish(runAdmin({ command: "members.show", brand, user }));
} else if ((cmd === "disable" || cmd === "enable" || cmd === "waive-turnover") && user) {
  await finish(runAdmin({ command: `members.${cmd}`, brand, user, by, why }));
} else if (cmd === "create" && user && options.type !== undefined) {
  await finish(runAdmin({ command: "members.create", brand, user, type: Number(options.type), by, why }));
} else {
  console.error(USAGE);
  process.exit(1);
}
