// The server Playwright runs the end-to-end tests against: a fresh local D1 (own persist dir),
// migrations + seed, the protocol fakes, and `wrangler dev` on E2E_PORT (default 8790).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applySeed } from "./seed.mjs";
import { root, run, start, viteBin, wranglerBin, wranglerDevEnv } from "./lib.mjs";

const port = process.env.E2E_PORT ?? "8790";
const persist = join(root, ".wrangler", `e2e-${port}`);
rmSync(persist, { recursive: true, force: true });
const quiet = { CI: "1", WRANGLER_SEND_METRICS: "false" };
if (!process.env.E2E_SKIP_BUILD) run(process.execPath, [viteBin, "build", "--logLevel", "warn"]);
run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env: quiet });
applySeed({ persistTo: persist });

// The fakes are TypeScript: load them through tsx's loader.
const { register } = await import("tsx/esm/api");
register();
const { startAllFakes } = await import("../tests/fakes/index.ts");
const { bindings } = await startAllFakes({ keepAlive: true });
// The specs drive the fakes too (a customer writing to the Telegram bot, what the bot sent): their addresses.
mkdirSync(persist, { recursive: true });
writeFileSync(join(persist, "fakes.json"), JSON.stringify(bindings, null, 2));
// The fake YooKassa tells the app of each payment's outcome, as the real one does.
await fetch(`${bindings.YOOKASSA_FAKE_URL}/__config`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/yookassa` }) });
// WEBHOOKS_ALLOW_LOOPBACK: the specs' webhook receivers listen on http://127.0.0.1 (development only).
const vars = { ENVIRONMENT: "development", PUBLIC_URL: `http://127.0.0.1:${port}`, ENCRYPTION_KEY: "e2e-encryption-key-0123456789abcdef", ADMIN_EMAILS: "admin@assistly.local", WEBHOOKS_ALLOW_LOOPBACK: "1", ...bindings };
const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
const child = start(process.execPath, [wranglerBin, "dev", "--ip", "127.0.0.1", "--port", port, "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", ...varArgs], {
  env: wranglerDevEnv,
});
const stop = () => {
  child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
