import { finish, parseArgs, runAdmin } from "./lib/admin-client";

const USAGE = `Usage:
  npm run flags -- list <brand>
  npm run flags -- set <brand> <FLAG> on|off|default --by "<name>" --why "<reason>"
  npm run flags -- history <brand> [FLAG]`;

const { positional, options } = parseArgs(process.argv.slice(2));
const [cmd, brand, flag, value] = positional;

if (cmd === "list" && brand) {
  await finish(runAdmin({ command: "flags.list", brand }));
} else if (cmd === "set" && brand && flag && (value === "on" || value === "off" || value === "default")) {
  if (!options.by || !options.why) {
    console.error('Every change is audited: give --by "<your name>" and --why "<reason>".');
    process.exit(1);
  }
  await finish(runAdmin({ command: "flags.set", brand, flag: flag.toUpperCase(), value, by: options.by, why: options.why }));
} else if (cmd === "history" && brand) {
  await finish(runAdmin({ command: "flags.history", brand, flag: flag?.toUpperCase() }));
} else {
  console.error(USAGE);
  process.exit(1);
}
