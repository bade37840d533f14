import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          ENVIRONMENT: "development",
          PUBLIC_URL: "http://app.test",
          ADMIN_EMAILS: "root@admin.test",
          ENCRYPTION_KEY: "test-encryption-key-0123456789abcdef",
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    setupFiles: ["./tests/worker/setup.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
    silent: "passed-only",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
