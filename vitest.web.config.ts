import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./web", import.meta.url)),
      "@worker": fileURLToPath(new URL("./worker", import.meta.url)),
      "@do": fileURLToPath(new URL("./durable-objects", import.meta.url)),
    },
  },
  test: {
    environment: "jsdom",
    include: ["tests/web/**/*.test.{ts,tsx}"],
    passWithNoTests: false,
  },
});
