import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

const port = Number(process.env.E2E_PORT ?? 8790);
// Debian's headless shell is the same Chromium without the desktop browser around it: about a tenth
// less CPU over the suite on two cores. The full browser when it is not installed.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  // Two lanes against the one server: every test in one lane, one after the other, and beside it the
  // tests tagged `@clock`, which mostly wait for the wall clock (a broadcast scheduled for the next
  // whole minute) and would leave the cores idle, and the axe audits (`@side`), a fifth of the suite's
  // time spent reading the demo account's pages without changing them.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    // A trace records a screenshot of every frame the page paints: over the suite that was about 40 % of
    // all the CPU the browser tests took (the GPU process drawing the frames, the browser shipping
    // them). Under CI, where a failed test runs once more, the retry records it.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The app's reduced-motion rule (web/styles.css) stops the spinners and transitions: fewer frames to paint.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // Screenshot tours (`@screens`) are review material: `npm run test:screens` runs them, `npm test` does not.
  projects: [
    { name: "chromium", workers: 1, grepInvert: process.env.E2E_SCREENS ? /@clock|@side/ : [/@screens/, /@clock|@side/], use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    { name: "clock", workers: 1, grep: /@clock|@side/, grepInvert: process.env.E2E_SCREENS ? undefined : /@screens/, use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/api/auth/me`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
