/** What the accounts' tests share: a database per test file, sign-in, known captchas, support commands. */
import svgCaptcha from "svg-captcha";

import { afterAll, beforeAll, vi } from "vitest";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { passwordLogin } from "../../app/domain/accounts/auth.server";
import { createCaptcha } from "../../app/domain/accounts/captcha.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase } from "../setup/test-db";

export let database: Database;
export let registry: BrandRegistry;
/** A support command's answer as the CLI prints it. */
export const admin = async (req: unknown) => formatAdminResult(await runAdminCommand(database.db, registry, req));
/** The file's own database and the project brands. */
export function setUpAccounts() {
  beforeAll(async () => {
    database = await createTestDatabase();
    registry = await projectBrands();
  });
  afterAll(() => database?.close());
}

export const lucky = () => registry.byId.get("lucky-peso")!;
export const perlas = () => registry.byId.get("perlas-play")!;
export const login = (
  brand = lucky(),
  username: string,
  password: string,
  extra: Partial<Parameters<typeof passwordLogin>[2]> = {},
) => passwordLogin(database.db, brand, { username, password, mode: "member", ip: "10.0.0.1", captchaEnabled: true, ...extra });

/** A challenge whose answer the test knows: the picture library is made to draw chosen digits once. */
export async function knownCaptcha(brand = lucky(), answer = "2468") {
  vi.spyOn(svgCaptcha, "create").mockReturnValueOnce({ text: answer, data: "<svg></svg>" });
  const { token } = await createCaptcha(database.db, brand);
  return { token, answer };
}

export const reasons = (results: { ok: boolean; reason?: string }[]) =>
  results.reduce<Record<string, number>>(
    (n, r) => ({ ...n, [r.ok ? "ok" : r.reason!]: (n[r.ok ? "ok" : r.reason!] ?? 0) + 1 }),
    {},
  );
