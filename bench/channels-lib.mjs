// Shared bits of the channel benchmarks: the messenger fakes on fixed ports, a wrangler dev pointed
// at them on its own persist dir, a connected Telegram bot, and reading the local D1 file.
import { cpSync, openSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, ensureAssets, inspectorArgs, migrate, stateDir, stats, userWithAccount } from "./inbox-lib.mjs";
import { root, run, start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";

export { stats, userWithAccount };
export const PORT = Number(process.env.BENCH_PORT ?? 8798);
// BENCH_FAKE_PORT: the first of the three fakes' ports (other benchmarks may hold 8781–8783 on a shared machine).
const FAKE_BASE = Number(process.env.BENCH_FAKE_PORT ?? 8781);
export const FAKE_PORTS = { telegram: FAKE_BASE, green: FAKE_BASE + 1, meta: FAKE_BASE + 2 };

/** `extraVars`: more Worker vars (e.g. ADMIN_EMAILS). The answer's `pid` is wrangler's (workerd runs under it). */
export async function startStack(name, extraVars = {}) {
  ensureAssets();
  const persist = stateDir(`bench-${name}`);
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  const { register } = await import("tsx/esm/api");
  register();
  const { startChannelFakes } = await import("../tests/fakes/channels.ts");
  const { telegramBot } = await import("../tests/fakes/telegram.ts");
  const fakes = [];
  const bindings = await startChannelFakes(fakes, FAKE_PORTS);
  const vars = { ENVIRONMENT: "development", PUBLIC_URL: `http://127.0.0.1:${PORT}`, ENCRYPTION_KEY: "bench-encryption-key-0123456789abcdef", ...bindings, ...extraVars };
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  // A private bundle and assets copy: other people's edits in the shared tree must not reload the
  // worker in the middle of a measurement (wrangler dev watches its sources).
  const build = join(root, ".wrangler", `bench-build-${name}`);
  const assets = join(root, ".wrangler", `bench-assets-${name}`);
  rmSync(build, { recursive: true, force: true });
  rmSync(assets, { recursive: true, force: true });
  run(process.execPath, [wranglerBin, "deploy", "--dry-run", "--outdir", build], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "ignore" });
  cpSync(join(root, "dist", "client"), assets, { recursive: true });
  const child = start(
    process.execPath,
    [wranglerBin, "dev", join(build, "index.js"), "--no-bundle", "--assets", assets, "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", "--log-level", process.env.BENCH_LOG ? "info" : "error", ...inspectorArgs(), ...varArgs],
    { env: { CI: "1", ...wranglerDevEnv }, stdio: ["ignore", process.env.BENCH_LOG ? openSync(process.env.BENCH_LOG, "w") : "ignore", "ignore"] },
  );
  const base = `http://127.0.0.1:${PORT}`;
  await waitForHttp(`${base}/api/auth/me`, 90_000);
  const telegram = fakes.find((f) => f.name === "telegram");
  let db;
  return {
    base,
    pid: child.pid,
    persist,
    fakes,
    telegram,
    telegramSecret: (token) => telegramBot(telegram.state, token).secret,
    /** Read-only view of the local D1 file (opened lazily: it exists once the worker wrote). */
    sql(q, ...args) {
      db ??= new DatabaseSync(d1File(persist), { readOnly: true });
      return db.prepare(q).all(...args);
    },
    async stop() {
      try {
        db?.close();
      } catch {}
      await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      });
      for (const f of fakes) await f.close().catch(() => {});
    },
  };
}

export async function connectBot(base, token, accountId, botId = 5550000 + Math.floor(Math.random() * 1000)) {
  const bot = `${botId}:AAHbenchmarkTokenabcdefghijklmnopqrstu`;
  const r = await fetch(`${base}/api/accounts/${accountId}/platform-telegram`, { method: "PUT", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ botToken: bot }) });
  if (r.status !== 200) throw new Error(`connect bot: ${r.status} ${await r.text()}`);
  return { bot, botId: String(botId) };
}

/** A connected bot and what posting its webhooks takes: the URL and the headers with its secret. */
export async function botWebhook(stack, token, accountId) {
  const { bot, botId } = await connectBot(stack.base, token, accountId);
  const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": stack.telegramSecret(bot) };
  return { bot, botId, url: `${stack.base}/api/webhooks/telegram/${accountId}`, headers };
}

export function update(updateId, chatId, text) {
  return {
    update_id: updateId,
    message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: `Клиент ${chatId}` }, from: { id: chatId, is_bot: false, first_name: `Клиент ${chatId}` }, text },
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : String(n));
