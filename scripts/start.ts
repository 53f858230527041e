/**
 * `npm start`: build the app, then serve every brand on the embedded database
 * (migrations and first-start seeding run inside the server's boot).
 */
import { spawnSync } from "node:child_process";

process.env.NODE_ENV ??= "production";

if (!process.argv.includes("--no-build")) {
  console.log("Building the app…");
  const r = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) {
    console.error("The build failed; see above.");
    process.exit(r.status ?? 1);
  }
}

await import("../server/index");
