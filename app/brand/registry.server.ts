import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BrandLookup } from "./resolve-brand";
import { brandSchema, type Brand } from "./schema";

export interface BrandRegistry extends BrandLookup {
  brands: Brand[];
  /** Theme id → the CSS (custom properties only) inlined into each page of that theme. */
  themes: ReadonlyMap<string, string>;
}

/** A brand or theme file that must be fixed before the server may start. */
export class BrandFileError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ""}${problem}`);
    this.name = "BrandFileError";
  }
}

export function validateBrandModule(file: string, mod: unknown): Brand {
  const value = (mod as { default?: unknown } | null)?.default;
  if (value === undefined) throw new BrandFileError(file, "", "must `export default defineBrand({...})`");
  const parsed = brandSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BrandFileError(file, issue.path.join("."), issue.message);
  }
  const expectedId = path.basename(file).replace(/\.(ts|js|mjs)$/, "");
  if (parsed.data.id !== expectedId) throw new BrandFileError(file, "id", `must be "${expectedId}", the file's name`);
  return parsed.data;
}

/** Themes may only set custom properties: no rules that could restyle or break out of the <style> tag. */
export function validateThemeCss(file: string, css: string): string {
  const stripped = css.replace(/\/\*[\s\S]*?\*\//g, "").trim();
  const m = /^(:root|\[data-theme="[a-z0-9-]+"\])\s*\{([^{}]*)\}$/.exec(stripped);
  if (!m) throw new BrandFileError(file, "", "must be a single `:root { --name: value; … }` block");
  for (const decl of m[2]
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean)) {
    if (!/^--[a-z0-9-]+\s*:\s*[^<>@\\]+$/i.test(decl) || /url\s*\(/i.test(decl)) {
      throw new BrandFileError(file, decl.split(":")[0], "only custom properties with plain values are allowed");
    }
  }
  return stripped;
}

/**
 * A brand file as a module. The production host is plain node, which does not run TypeScript: there
 * a .ts brand file is bundled, with what it imports, into one module of its own (esbuild, as at build
 * time), so a brand added as one file still needs no build step.
 */
async function importBrandFile(file: string): Promise<unknown> {
  try {
    return await import(pathToFileURL(file).href);
  } catch (err) {
    if ((err as { code?: string }).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw err;
  }
  return import(`data:text/javascript;base64,${Buffer.from(await bundleBrandFile(file)).toString("base64")}`);
}

/** A brand file bundled with what it imports, as one ES module's text; the server keeps it for its lifetime. */
export async function bundleBrandFile(file: string): Promise<string> {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

/** Reads and validates every brand file and its theme; any problem stops start-up. */
export async function loadBrandRegistry(brandsDir: string, themesDir: string): Promise<BrandRegistry> {
  const files = (await fs.readdir(brandsDir)).filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith(".test.ts")).sort();
  const brands: Brand[] = [];
  const byHost = new Map<string, Brand>();
  const byId = new Map<string, Brand>();
  const byMerchant = new Map<string, Brand>();
  const themes = new Map<string, string>();
  for (const f of files) {
    const file = path.join(path.relative(process.cwd(), brandsDir) || ".", f);
    let mod: unknown;
    try {
      mod = await importBrandFile(path.resolve(brandsDir, f));
    } catch (err) {
      throw new BrandFileError(file, "", `cannot be loaded: ${(err as Error).message}`);
    }
    const brand = validateBrandModule(file, mod);
    const clash = byMerchant.get(brand.merchantCode);
    if (clash) throw new BrandFileError(file, "merchantCode", `"${brand.merchantCode}" is already used by ${clash.id}`);
    for (const host of brand.hosts) {
      const owner = byHost.get(host);
      if (owner) throw new BrandFileError(file, "hosts", `"${host}" is already served by ${owner.id}`);
      byHost.set(host, brand);
    }
    if (!themes.has(brand.theme)) {
      const themeFile = path.join(themesDir, `${brand.theme}.css`);
      let css: string;
      try {
        css = await fs.readFile(themeFile, "utf8");
      } catch {
        throw new BrandFileError(file, "theme", `theme file ${path.relative(process.cwd(), themeFile)} does not exist`);
      }
      themes.set(brand.theme, validateThemeCss(path.relative(process.cwd(), themeFile), css));
    }
    byId.set(brand.id, brand);
    byMerchant.set(brand.merchantCode, brand);
    brands.push(brand);
  }
  if (brands.length === 0)
    throw new BrandFileError(path.relative(process.cwd(), brandsDir) || brandsDir, "", "holds no brand file");
  return { brands, byHost, byId, themes };
}
