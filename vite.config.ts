import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";
import remixConfig from "./remix.config.js";
import { PRECOMPRESSED_SUFFIX } from "./server/precompressed";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const APP_DIR = path.resolve(import.meta.dirname, "app");
/** What every page loads: the client entry and the root route. */
const SHELL_ENTRIES = [path.join(APP_DIR, "entry.client.tsx"), path.join(APP_DIR, "root.tsx")];

/**
 * What every page loads (the modules the client entry and the root route import, not on demand,
 * and the libraries only they bring) goes into one chunk: split by which routes share them, those
 * cost a request and its headers each for a few hundred bytes, and no page does without any (ADR 0025).
 */
function shellChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!shell) {
      shell = new Set();
      const visit = (moduleId: string) => {
        if (shell!.has(moduleId) || !moduleId.startsWith(APP_DIR) || moduleId.includes("?")) return;
        shell!.add(moduleId);
        for (const imported of getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
      };
      SHELL_ENTRIES.forEach(visit);
      // The entries are chunks of their own; only what they import is gathered.
      SHELL_ENTRIES.forEach((entry) => shell!.delete(entry));
    }
    return shell.has(id) ? "shell" : undefined;
  };
}

const brotli = promisify(zlib.brotliCompress);

/**
 * Writes `<file>.br` beside each script and style sheet of the client build, at brotli's highest
 * quality, which the host serves as it is (server/precompressed.ts): too slow to spend on every
 * request, and a sixth smaller than what a request can afford. Files of under 256 bytes, or that
 * would not shrink, are left as they are.
 */
function precompressAssets(): Plugin {
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const names = Object.keys(bundle).filter((n) => n.startsWith("assets/") && /\.(js|css)$/.test(n));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await fs.readFile(file);
          if (raw.length < 256) return;
          const packed = await brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          if (packed.length < raw.length) await fs.writeFile(`${file}${PRECOMPRESSED_SUFFIX}`, packed);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), remix(remixConfig), ...(isSsrBuild ? [] : [precompressAssets()])],
  build: {
    target: "es2020",
    // The browser loads rarely opened parts (the download popup) on demand; the server keeps one file.
    // Modules under 1 kB go into the chunk that imports them rather than costing a request each.
    rollupOptions: isSsrBuild
      ? { output: { inlineDynamicImports: true } }
      : { output: { experimentalMinChunkSize: 1000, manualChunks: shellChunks() } },
  },
  server: { hmr: process.env.NODE_ENV !== "test" },
}));
