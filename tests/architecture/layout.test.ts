import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { FORBIDDEN } from "../../eslint-rules/part-boundaries.js";
import { cycles, folderOf, importGraph, partOf } from "./import-graph";

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, "../..") });

/** The layout rule's messages for one import written into a file at `file`. */
async function layoutErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === "layout/part-boundaries").map((m) => m.message);
}

describe("the layout's dependency rules (lint)", () => {
  it.each([
    ["app/domain/catalogue/probe.server.ts", 'import { x } from "~/routes/m.home";', "rules know no URL"],
    ["app/domain/accounts/probe.server.ts", 'import { x } from "~/components/header";', "rules know no screen"],
    ["app/domain/wallet/probe.server.ts", 'import { x } from "~/web/guards.server";', "rules know no cookie"],
    ["app/domain/site/probe.server.ts", 'import { x } from "../../web/toast.server";', "rules know no cookie"],
    ["app/domain/accounts/probe.server.ts", 'import { x } from "~/integrations/mail.server";', "domain owns the ports"],
    ["app/components/probe.tsx", 'import { x } from "~/db/client.server";', "a view never queries"],
    ["app/components/lobby/probe.tsx", 'import type { x } from "~/domain/catalogue/types";', "views get data"],
    ["app/components/probe.tsx", 'import { x } from "~/web/lobby.server";', "no .server module"],
    ["app/components/probe.tsx", 'import type { x } from "~/root";', "the document uses components"],
    ["app/utils/probe.ts", 'import { x } from "~/domain/catalogue/games.server";', "leaves call nothing above"],
    ["app/utils/probe.ts", 'import { x } from "~/brand/schema";', "leaves call nothing above"],
    ["app/db/seed/probe.ts", 'import { x } from "~/domain/catalogue/categories";', "storage knows no rules"],
    ["app/brand/probe.ts", 'import { x } from "~/routes/m.login";', "configuration knows no URL"],
    ["scripts/probe.ts", 'import { x } from "../app/routes/m.home";', "CLIs share domain, not pages"],
    ["app/routes/probe.tsx", 'import { x } from "~/integrations/sms.server";', "domain ports"],
    ["app/domain/payments/probe.server.ts", 'import { x } from "@remix-run/node";', "rules know no Request"],
  ])("refuses %s importing %s", async (file, code, why) => {
    const errors = await layoutErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(why);
  });

  it.each([
    ["app/routes/probe.tsx", 'import { x } from "~/domain/catalogue/games.server";'],
    ["app/routes/probe.tsx", 'import { x } from "~/web/guards.server";'],
    ["app/components/probe.tsx", 'import { x } from "~/web/lobby-state";'],
    ["app/domain/catalogue/probe.server.ts", 'import { x } from "~/db/schema";'],
    ["app/integrations/probe.server.ts", 'import type { x } from "~/domain/accounts/ports";'],
    ["scripts/probe.ts", 'import { x } from "../app/domain/site/flags.server";'],
  ])("allows %s importing %s", async (file, code) => {
    expect(await layoutErrors(file, code)).toEqual([]);
  });

  it("names a reason for every forbidden pair", () => {
    for (const [from, tos] of Object.entries(FORBIDDEN)) for (const why of Object.values(tos)) expect(why, from).not.toBe("");
  });
});

describe("the code as it stands", () => {
  const graph = importGraph();

  it("has no import cycle between folders", () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph)
      for (const target of targets) {
        const [a, b] = [folderOf(file), folderOf(target)];
        if (a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
      }
    expect(edges.size).toBeGreaterThan(10);
    expect(cycles(edges)).toEqual([]);
  });

  it("puts every source file in a part of the layout", () => {
    expect([...graph.keys()].filter((f) => partOf(f) === null)).toEqual([]);
  });
});
