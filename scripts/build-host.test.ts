import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOST_MALLOC, hostEnv } from "./build-host";

describe("the host process's environment (ADR 0027)", () => {
  it("caps malloc arenas at two, fixes its mapping and trim thresholds, and keeps the rest of the environment", () => {
    const env = hostEnv({ PORT: "3000", NODE_ENV: "production" });
    expect(env).toEqual({
      PORT: "3000",
      NODE_ENV: "production",
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
      MALLOC_TRIM_THRESHOLD_: "131072",
    });
  });

  it("leaves an operator's own settings as they are", () => {
    const env = hostEnv({ MALLOC_ARENA_MAX: "8", MALLOC_TRIM_THRESHOLD_: "0" });
    expect([env.MALLOC_ARENA_MAX, env.MALLOC_MMAP_THRESHOLD_, env.MALLOC_TRIM_THRESHOLD_]).toEqual(["8", "131072", "0"]);
  });

  it("is what `npm run serve` starts the host with too", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const serve = pkg.scripts.serve;
    expect(serve).toMatch(/node build\/host\/index\.js$/);
    for (const [name, value] of Object.entries(HOST_MALLOC)) expect(serve).toContain(`${name}=\${${name}:-${value}}`);
  });
});
