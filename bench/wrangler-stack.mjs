// The stack the pipeline benchmarks run against: a frozen copy of the Worker (bundled once, with the
// built SPA) served by wrangler dev on a fresh local D1, the fake Telegram, and an instant model server.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureAssets, migrate } from "./inbox-lib.mjs";
import { root, run, start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { completionJson } from "../scripts/demo-model.mjs";

/** The instant model: answers "Ответ на <marker>" at once and notes in `model` when each request came and its answer left. */
export function instantModel(model) {
  return createServer((req, res) => {
    const requestAt = Date.now();
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = JSON.parse(raw || "{}");
      const user = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
      const marker = /bench-\d+/.exec(user)?.[0] ?? "unknown";
      const payload = JSON.stringify(completionJson(body, { content: `Ответ на ${marker}` }));
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
      res.end(payload, () => model.set(marker, { requestAt, answeredAt: Date.now() }));
    });
  });
}

/**
 * The shared working tree changes all the time, and a reload in the middle of a run would drop the
 * socket and stall turns: wrangler dev serves a bundled snapshot instead.
 */
function snapshot(name) {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  run(process.execPath, [wranglerBin, "deploy", "--dry-run", "--outdir", join(dir, "bundle")], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" } });
  cpSync(join(root, "dist", "client"), join(dir, "assets"), { recursive: true });
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8")
    .replace(/^main = .*$/m, 'main = "bundle/index.js"\nno_bundle = true')
    .replace(/^directory = "dist\/client"$/m, 'directory = "assets"')
    .replace(/^migrations_dir = .*$/m, `migrations_dir = "${join(root, "migrations")}"`);
  writeFileSync(join(dir, "wrangler.toml"), toml);
  return dir;
}

/** Starts the stack; `stop()` takes everything down again (also after a failure). */
export async function startStack({ name, port, modelPort, telegramPort, modelServer, extraVars = {} }) {
  ensureAssets();
  const persist = join(root, ".wrangler", `bench-${name}`);
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  await new Promise((r) => modelServer.listen(modelPort, "127.0.0.1", r));
  const { register } = await import("tsx/esm/api");
  register();
  const { startFake } = await import("../tests/fakes/index.ts");
  const { telegramHandler, telegramBot } = await import("../tests/fakes/telegram.ts");
  const telegram = await startFake("telegram", telegramHandler, telegramPort);
  const vars = {
    ENVIRONMENT: "development",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ENCRYPTION_KEY: "bench-encryption-key-0123456789abcdef",
    OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    OPENAI_API_KEY: "bench",
    TELEGRAM_API_BASE: telegram.url,
    ...extraVars,
  };
  const snap = snapshot(name);
  const child = start(
    process.execPath,
    [wranglerBin, "dev", "--config", join(snap, "wrangler.toml"), "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", "--log-level", "error", ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
    { env: { CI: "1", ...wranglerDevEnv }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      });
    }
    await telegram.close().catch(() => {});
    rmSync(snap, { recursive: true, force: true });
    modelServer.close();
    modelServer.closeAllConnections?.();
  };
  try {
    await waitForHttp(`${base}/api/auth/me`, 90_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, persist, telegram, telegramBot, stop };
}
