import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  plugins: [tailwindcss(), remix(remixConfig)],
  build: {
    target: "es2020",
    // The browser loads rarely opened parts (the download popup) on demand; the server keeps one file.
    // Modules under 1 kB go into the chunk that imports them rather than costing a request each.
    rollupOptions: isSsrBuild ? { output: { inlineDynamicImports: true } } : { output: { experimentalMinChunkSize: 1000 } },
  },
  server: { hmr: process.env.NODE_ENV !== "test" },
}));
