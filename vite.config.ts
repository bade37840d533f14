import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/** The import aliases of tsconfig's paths; vitest.web.config.ts resolves the same ones. */
export const aliases = {
  "@": fileURLToPath(new URL("./web", import.meta.url)),
  "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
  "@do": fileURLToPath(new URL("./durable-objects", import.meta.url)),
};

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle-size.mjs follows the import graph of the manifest.
    manifest: true,
    // Every supported browser preloads modules natively; the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What the entry imports statically ($initial) goes into two files, third-party code
        // (unchanged between deploys, so it stays cached) and the app shell, instead of the dozen
        // small shared chunks the automatic split makes of it: each file is gzipped on its own, so
        // fewer, larger files compress better (about 5 KB less for every first load) and cost
        // fewer requests. Lazy pages keep the automatic split: a page loads only its own code.
        // react-router is not in the entry (the sign-in pages boot without it, web/guest-app.tsx):
        // it goes whole into one file of its own, which every other page loads with web/full-app.tsx.
        codeSplitting: {
          groups: [
            { name: "router", test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 3, includeDependenciesRecursively: false },
            { name: "vendor", test: /[\\/]node_modules[\\/]/, tags: ["$initial"], priority: 2 },
            { name: "app", tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:8787", "/ws": { target: "ws://127.0.0.1:8787", ws: true } },
  },
});
