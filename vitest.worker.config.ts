import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { startAllFakes } from "./tests/fakes";

const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
// The fakes live as long as the vitest process; their URLs become the Worker's base URLs.
const { bindings: fakeBindings } = await startAllFakes();

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          ENVIRONMENT: "development",
          // Outgoing webhooks may post to the local receiver fake (http://127.0.0.1:<port>); development only.
          WEBHOOKS_ALLOW_LOOPBACK: "1",
          // The fault-injection seam (worker/lib/faults.ts) is armed by the exactly-once suite; inert unless armed.
          FAULT_INJECTION: "1",
          // A model answer that stalls mid-body is cut after this long (worker/ai/llm.ts; 60 s otherwise).
          AI_TIMEOUT_MS: "5000",
          PUBLIC_URL: "http://app.test",
          ADMIN_EMAILS: "root@admin.test",
          ENCRYPTION_KEY: "test-encryption-key-0123456789abcdef",
          ...fakeBindings,
          FAKE_URLS: JSON.stringify(fakeBindings),
        },
      },
    }),
  ],
  test: {
    include: ["tests/worker/**/*.test.ts"],
    // Two files at a time on two cores (vitest's default is one fewer than the cores): each file has
    // its own workerd and storage; the suite takes about half the time. Under CI a failed test runs
    // once more, as the e2e tests do: a few tests time real clocks (pacing, debounce windows).
    maxWorkers: 2,
    // One workerd per vitest worker for all the files it runs, not one per file: starting a runtime
    // and loading the Worker's modules for each of the 82 files was two thirds of the step (687 s
    // against 232 s). The files then share that runtime's storage and module state, so every test
    // makes its own users and accounts (uniqueEmail), and the platform administrator is signed in
    // if another file registered it (channel-helpers.ts adminToken).
    isolate: false,
    retry: process.env.CI ? 1 : 0,
    setupFiles: ["./tests/worker/setup.ts"],
    silent: "passed-only",
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
