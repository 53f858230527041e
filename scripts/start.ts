/**
 * `npm start`: build the app, set up the database (migrations, first-start seeding: scripts/db-setup.ts),
 * then serve every brand on the embedded database with the built host (plain node, ADR 0026).
 */
import { spawn, spawnSync } from "node:child_process";
import { HOST_ENTRY, hostEnv } from "./build-host";

process.env.NODE_ENV ??= "production";

if (!process.argv.includes("--no-build")) {
  console.log("Building the app…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(r.status ?? 1);
  }
}

// Migrations and the first seed run in their own process, so the server starts without their memory.
const setup = spawnSync("npx", ["tsx", "scripts/db-setup.ts"], { stdio: "inherit", env: process.env });
if (setup.status !== 0) {
  console.error("Setting up the database failed; see above.");
  process.exit(setup.status ?? 1);
}

// The host in a process of its own: this one ran through tsx, which the server must not carry.
const host = spawn(process.execPath, [HOST_ENTRY, ...process.argv.slice(2).filter((a) => a !== "--no-build")], {
  stdio: "inherit",
  env: hostEnv(process.env),
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => host.kill(signal));
host.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
