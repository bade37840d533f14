// Flow editor figures (issue 16): Chromium (playwright-core, /usr/bin/chromium) opens the editor on
// a 300-step flow created through the API, and measures the time to first render (navigation start →
// the first step node painted, and → every node mounted) and the frame time while a node is dragged
// with a scripted mouse (requestAnimationFrame deltas, p50/p95/max; target p95 ≤ 16 ms).
// Run: npm run bench -- flow-editor   or   node bench/flow-editor.mjs [--build] [--steps=300]
// It starts its own `wrangler dev` (BENCH_PORT, default 8799) on a fresh local D1 with the built SPA.
import { cpSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { root, run, start, viteBin, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { inspectorArgs, migrate } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const STEPS = Number(process.argv.find((a) => a.startsWith("--steps="))?.split("=")[1] ?? 300);
const base = `http://127.0.0.1:${PORT}`;

/** A flow of `n` steps (messages with buttons, questions, conditions, actions, delays), every output connected, on a grid the nodes do not overlap. */
function graphOf(n) {
  const pos = (i) => ({ x: (i % 20) * 320, y: Math.floor(i / 20) * 240 });
  const steps = [{ flowStepId: "start", name: "Старт", stepType: "start", flowConfig: { position: pos(0), triggers: [{ type: "keyword", match: "contains", keywords: ["привет"], channels: [] }] } }];
  for (let i = 1; i < n - 1; i++) {
    const id = `s${i}`;
    const p = pos(i);
    const kinds = [
      { stepType: "message", name: `Сообщение ${i}`, flowConfig: { position: p, text: "Здравствуйте, {{name}}! Выберите раздел.", buttons: [{ id: "a", label: "Цены" }, { id: "b", label: "Адрес" }] } },
      { stepType: "question", name: `Вопрос ${i}`, flowConfig: { position: p, text: "Ваш телефон?", kind: "phone", errorText: "Не похоже на номер", maxRetries: 2 } },
      { stepType: "condition", name: `Условие ${i}`, flowConfig: { position: p, rules: [{ id: "r1", source: "channel", op: "equals", value: "TELEGRAM" }, { id: "r2", source: "time", op: "between", value: { from: "09:00", to: "18:00" } }] } },
      { stepType: "action", name: `Действие ${i}`, flowConfig: { position: p, actions: [{ type: "handoff" }] } },
      { stepType: "delay", name: `Пауза ${i}`, flowConfig: { position: p, amount: 5, unit: "minutes" } },
    ];
    steps.push({ flowStepId: id, ...kinds[i % kinds.length] });
  }
  steps.push({ flowStepId: "end", name: "Конец", stepType: "end", flowConfig: { position: pos(n - 1) } });
  const outputs = (s) =>
    s.stepType === "message" ? ["button:a", "button:b", "next"] : s.stepType === "question" ? ["next", "noAnswer"] : s.stepType === "condition" ? ["branch:r1", "branch:r2", "else"] : s.stepType === "end" ? [] : ["next"];
  const transitions = [];
  for (let i = 0; i < steps.length - 1; i++) for (const h of outputs(steps[i])) transitions.push({ flowTransitionId: `t${i}_${h.replace(":", "_")}`, fromStepId: steps[i].flowStepId, toStepId: steps[i + 1].flowStepId, sourceHandle: h });
  return { steps, transitions };
}

async function api(token, method, path, body) {
  const r = await fetch(`${base}/api${path}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))];
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s[s.length - 1] };
}
const ms = (v) => `${v.toFixed(1)} ms`;

async function startServer() {
  if (process.argv.includes("--build")) run(process.execPath, [viteBin, "build", "--logLevel", "warn"]);
  const persist = join(root, ".wrangler", "bench-flow-editor");
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  // A private copy of the assets: a rebuild by someone else must not change the page under measurement.
  const assets = join(root, ".wrangler", "bench-assets-flow-editor");
  rmSync(assets, { recursive: true, force: true });
  cpSync(join(root, "dist", "client"), assets, { recursive: true });
  const vars = { ENVIRONMENT: "development", PUBLIC_URL: base, ENCRYPTION_KEY: "bench-encryption-key-0123456789abcdef" };
  const child = start(process.execPath, [wranglerBin, "dev", "--assets", assets, "--ip", "127.0.0.1", "--port", String(PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", "--log-level", "error", ...inspectorArgs(), ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: ["ignore", "ignore", "ignore"],
  });
  await waitForHttp(`${base}/api/auth/me`, 120_000);
  return child;
}

/** Navigation start → the first node on screen, and → every node of the flow mounted (ms). */
async function openEditor(page, url, count) {
  await page.goto(url);
  await page.waitForSelector("[data-testid=flow-node]", { timeout: 60_000 });
  const first = await page.evaluate(() => performance.now());
  await page.waitForFunction((n) => document.querySelectorAll("[data-testid=flow-node]").length >= n, count, { timeout: 60_000, polling: "raf" });
  const all = await page.evaluate(() => performance.now());
  return { first, all };
}

/** Frame deltas while the mouse drags a node across the canvas in `moves` steps (one per frame). */
async function dragFrames(page, moves = 120) {
  const count = await page.locator("[data-testid=flow-node]").count();
  if (!count) throw new Error(`no node on screen (url ${page.url()})`);
  const box = await page.locator("[data-testid=flow-node]").nth(Math.min(5, count - 1)).boundingBox();
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (window.__recording) requestAnimationFrame(tick);
    };
    window.__recording = true;
    requestAnimationFrame(tick);
  });
  const x0 = box.x + 20;
  const y0 = box.y + 12;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= moves; i++) {
    await page.mouse.move(x0 + Math.sin(i / 10) * 160 + i, y0 + Math.cos(i / 12) * 90);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
  await page.mouse.up();
  return page.evaluate(() => {
    window.__recording = false;
    return window.__frames.slice(2);
  });
}

const child = await startServer();
let browser;
try {
  const reg = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `bench-flow-${Date.now()}@example.test`, password: "password123", name: "Бенчмарк" }) });
  const auth = await reg.json();
  const { accountId } = await api(auth.accessToken, "POST", "/accounts", { name: "Бенчмарк сценариев" });
  const flow = await api(auth.accessToken, "POST", `/accounts/${accountId}/flows`, { name: `Большой сценарий (${STEPS} шагов)` });
  const graph = graphOf(STEPS);
  const saved = await api(auth.accessToken, "PUT", `/accounts/${accountId}/flows/${flow.flowId}/graph`, { ...graph, revision: flow.revision });
  console.log(`flow of ${graph.steps.length} steps, ${graph.transitions.length} transitions saved (revision ${saved.revision}, ${saved.issues.length} issues)`);

  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "ru-RU" });
  const expires = Math.floor(Date.now() / 1000) + 86400;
  await ctx.addCookies([
    { name: "accessToken", value: encodeURIComponent(auth.accessToken), domain: "127.0.0.1", path: "/", expires },
    { name: "user", value: encodeURIComponent(JSON.stringify(auth.user)), domain: "127.0.0.1", path: "/", expires },
  ]);
  await ctx.addInitScript(() => localStorage.setItem("cookiesAccepted", "true"));
  const page = await ctx.newPage();
  const url = `${base}/${accountId}/flows/${flow.flowId}/edit`;
  await openEditor(page, url, STEPS); // warm: the code and the fonts in the cache
  const opens = [];
  for (let i = 0; i < 3; i++) opens.push(await openEditor(page, url, STEPS));
  await page.waitForTimeout(500);
  // The main thread's work per drag move (Chromium's own counters): less noisy than frame times on a loaded machine.
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const before = await metrics();
  const frames = [];
  for (let i = 0; i < 3; i++) frames.push(...(await dragFrames(page)));
  const after = await metrics();
  const perMove = (k) => ((after[k] - before[k]) * 1000) / (3 * 120);
  const f = stats(frames);
  const first = stats(opens.map((o) => o.first));
  const all = stats(opens.map((o) => o.all));
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(`time to first render (navigation start → first node): p50 ${ms(first.p50)}, max ${ms(first.max)} over ${first.n} loads`);
  console.log(`all ${STEPS} nodes mounted: p50 ${ms(all.p50)}, max ${ms(all.max)}`);
  console.log(`main thread per drag move: script ${ms(perMove("ScriptDuration"))}, style ${ms(perMove("RecalcStyleDuration"))}, layout ${ms(perMove("LayoutDuration"))}, all tasks ${ms(perMove("TaskDuration"))}`);
  console.log(`drag frame time (${f.n} frames): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)} — target p95 ≤ 16 ms: ${f.p95 <= 16 ? "met" : "not met"}`);
} finally {
  await browser?.close();
  child.kill("SIGTERM");
}
