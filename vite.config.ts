import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";
import remixConfig from "./remix.config.js";

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

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), remix(remixConfig)],
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
