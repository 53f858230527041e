import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostEnv } from "./build-host";

describe("the host process's environment (ADR 0027)", () => {
  it("caps malloc arenas at two and keeps the rest of the environment", () => {
    const env = hostEnv({ PORT: "3000", NODE_ENV: "production" });
    expect(env).toEqual({ PORT: "3000", NODE_ENV: "production", MALLOC_ARENA_MAX: "2" });
  });

  it("leaves an operator's own MALLOC_ARENA_MAX as it is", () => {
    expect(hostEnv({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });

  it("is what `npm run serve` starts the host with too", () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const serve = pkg.scripts.serve;
    expect(serve).toMatch(/node build\/host\/index\.js$/);
    expect(serve).toContain(`MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${hostEnv({}).MALLOC_ARENA_MAX}}`);
  });
});
