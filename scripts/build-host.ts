/**
 * Builds the production host (server/index.ts and the app modules it imports) into one JavaScript
 * file, build/host/index.js, that plain `node` runs: `npm run serve` and `npm start` serve it. Run
 * through tsx, every module the server loads (the Remix build above all) passes through tsx's
 * loader thread, which holds well over 100 MB more for as long as the server runs (ADR 0026).
 * Packages stay imports of node_modules; `~/…` is the app folder, as in tsconfig.json.
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
export const HOST_ENTRY = path.join(ROOT, "build/host/index.js");

/**
 * The malloc settings the host process starts with (`npm start`, `npm run serve`, the benchmark),
 * each unless the operator sets it. glibc reads them when the process starts; elsewhere they mean
 * nothing. ADR 0027:
 * - at most two arenas: glibc otherwise gives each thread that allocates (V8's helpers, libuv's
 *   pool) an arena of its own, up to eight per core, and memory freed in them stays resident;
 * - a fixed threshold of 128 KiB for serving a block from its own mapping and for giving the heap's
 *   free top back: glibc otherwise raises both each time a large block is freed (up to 32 and 64 MiB),
 *   and the host's freed buffers then stay resident.
 */
export const HOST_MALLOC = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  MALLOC_TRIM_THRESHOLD_: "131072",
} as const;

export function hostEnv<Env extends Record<string, string | undefined>>(
  env: Env,
): Env & Record<keyof typeof HOST_MALLOC, string> {
  const malloc = Object.fromEntries(Object.entries(HOST_MALLOC).map(([name, value]) => [name, env[name] ?? value]));
  return { ...env, ...malloc } as Env & Record<keyof typeof HOST_MALLOC, string>;
}

/**
 * Whether node itself finds a package import as written. A package's own name, or a subpath of a
 * package that declares its exports, it does; a subpath of any other package only when it names a
 * file exactly (`dayjs/locale/ja`, without its .js, it does not).
 */
function nodeResolves(specifier: string): boolean {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  const subpath = specifier.slice(name.length + 1);
  if (!subpath || name.startsWith("node:")) return true;
  const dir = path.join(ROOT, "node_modules", name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { exports?: unknown };
  return manifest.exports !== undefined || fs.statSync(path.join(dir, subpath), { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * `~/x` is app/x. Any other bare import is a package, left to node_modules, unless node would not
 * find it as written; then the file is bundled (dayjs's locales, a few hundred bytes each).
 */
const resolveImports: Plugin = {
  name: "app-alias-and-packages",
  setup(b) {
    b.onResolve({ filter: /^~\// }, (args) => b.resolve(`./app/${args.path.slice(2)}`, { resolveDir: ROOT, kind: args.kind }));
    b.onResolve({ filter: /^[^./~]/ }, (args) => (nodeResolves(args.path) ? { path: args.path, external: true } : undefined));
  },
};

/**
 * A module that finds files next to itself (`new URL("./migrations", import.meta.url)`) keeps
 * finding them there: its import.meta.url becomes its source file's address, relative to the bundle.
 */
const sourceMetaUrl: Plugin = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|js)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = fs.readFileSync(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const fromBundle = path.relative(path.dirname(HOST_ENTRY), args.path).split(path.sep).join("/");
      return {
        contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: args.path.endsWith(".tsx") ? "tsx" : args.path.endsWith(".ts") ? "ts" : "js",
      };
    });
  },
};

export async function buildHost(): Promise<void> {
  await build({
    entryPoints: [path.join(ROOT, "server/index.ts")],
    outfile: HOST_ENTRY,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    plugins: [resolveImports, sourceMetaUrl],
    // A bundled CommonJS file (a dayjs locale) requires its package: node_modules, as from the app.
    banner: {
      js: 'import { createRequire as __hostRequire } from "node:module"; const require = __hostRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildHost();
}
