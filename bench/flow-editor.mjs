// Flow editor figures (issue 16): Chromium (playwright-core, /usr/bin/chromium) opens the editor on
// a 300-step flow created through the API, and measures the time to first render (navigation start →
// the first step node painted, and → every node mounted) and the frame time while a node is dragged
// with a scripted mouse (requestAnimationFrame deltas, p50/p95/max; target p95 ≤ 16 ms).
// The FLOOR, in the same run and dragged by the same scripted mouse, in turns with ours: a bare
// @xyflow/react page (bench/flow-editor-floor/main.tsx, built with esbuild, served by a static server
// here) with the same nodes, handles and edges as plain boxes of the same size in a canvas of our
// canvas's size. The target is absolute; on a loaded machine the figure to push toward 1 is ours/floor.
// Run: npm run bench -- flow-editor   or   node bench/flow-editor.mjs [--build] [--steps=300]
// It starts its own `wrangler dev` (BENCH_PORT, default 8799) on a fresh local D1 with the built SPA.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { root, run, start, viteBin, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { inspectorArgs, migrate } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8799);
const STEPS = Number(process.argv.find((a) => a.startsWith("--steps="))?.split("=")[1] ?? 300);
const base = `http://127.0.0.1:${PORT}`;

/** The outputs (source handles) of a step of the bench's flow. */
const outputs = (s) =>
  s.stepType === "message" ? ["button:a", "button:b", "next"] : s.stepType === "question" ? ["next", "noAnswer"] : s.stepType === "condition" ? ["branch:r1", "branch:r2", "else"] : s.stepType === "end" ? [] : ["next"];

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
  const transitions = [];
  for (let i = 0; i < steps.length - 1; i++) for (const h of outputs(steps[i])) transitions.push({ flowTransitionId: `t${i}_${h.replace(":", "_")}`, fromStepId: steps[i].flowStepId, toStepId: steps[i + 1].flowStepId, sourceHandle: h });
  return { steps, transitions };
}

/** The floor's graph: the same steps as plain React Flow nodes (same handles), the same edges. */
function floorGraph(graph, size) {
  const nodes = graph.steps.map((s) => ({
    id: s.flowStepId,
    type: "plain",
    position: { ...s.flowConfig.position },
    data: { label: s.name, text: s.flowConfig.text ?? s.stepType, target: s.stepType !== "start", outputs: outputs(s) },
  }));
  const edges = graph.transitions.map((t) => ({ id: t.flowTransitionId, source: t.fromStepId, target: t.toStepId, sourceHandle: t.sourceHandle }));
  return { nodes, edges, width: Math.round(size.width), height: Math.round(size.height) };
}

/** Builds the floor page (production React, minified) and serves it on a free port; returns its URL and the server. */
async function startFloor() {
  const { build } = await import("esbuild");
  const out = join(root, ".wrangler", "bench-flow-editor-floor");
  rmSync(out, { recursive: true, force: true });
  await build({ entryPoints: [join(root, "bench", "flow-editor-floor", "main.tsx")], bundle: true, minify: true, format: "esm", outdir: out, jsx: "automatic", define: { "process.env.NODE_ENV": '"production"' }, logLevel: "warning" });
  const files = { "/main.js": ["text/javascript", readFileSync(join(out, "main.js"))], "/main.css": ["text/css", readFileSync(join(out, "main.css"))] };
  const html = '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/main.css"></head><body style="margin:0"><div id="root"></div><script type="module" src="/main.js"></script></body></html>';
  const server = createServer((req, res) => {
    const [type, body] = files[req.url] ?? ["text/html", html];
    res.writeHead(200, { "content-type": type });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}/`, server };
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

/** `--profile`: a CPU profile of one more drag of ours, the 25 functions with the most self time (build with `vite build --minify false` for names). */
async function profileDrag(side) {
  await side.cdp.send("Profiler.enable");
  await side.cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await side.cdp.send("Profiler.start");
  await dragFrames(side.page);
  const { profile } = await side.cdp.send("Profiler.stop");
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i++) dt.set(profile.samples[i], (dt.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || "(anon)"} ${f.url.split("/").pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
  }
  // Inclusive time of components (capitalised names) and hooks (use…): which of them a drag re-renders.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const incl = (n) => (n.total ??= (dt.get(n.id) ?? 0) / 1000 + (n.children ?? []).reduce((a, c) => a + incl(byId.get(c)), 0));
  const comps = new Map();
  for (const n of profile.nodes) {
    const name = n.callFrame.functionName;
    if (/^([A-Z]|use[A-Z])/.test(name)) comps.set(name, (comps.get(name) ?? 0) + incl(n));
  }
  console.log("inclusive, components and hooks:");
  for (const [k, v] of [...comps].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`profile of one drag (${(total / 1000).toFixed(1)} s sampled):`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
}

const child = await startServer();
let browser;
let floor;
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
  const size = await page.locator("[data-testid=flow-canvas]").boundingBox();
  floor = await startFloor();
  const floorPage = await ctx.newPage();
  const fg = floorGraph(graph, size);
  await floorPage.addInitScript((g) => (window.__FLOOR_GRAPH = g), fg);
  const floorOpens = [];
  for (let i = 0; i < 3; i++) floorOpens.push(await openEditor(floorPage, floor.url, STEPS));
  await floorPage.waitForTimeout(500);
  // The main thread's work per drag move (Chromium's own counters): less noisy than frame times on a loaded machine.
  const sides = await Promise.all(
    [page, floorPage].map(async (p) => {
      const cdp = await ctx.newCDPSession(p);
      await cdp.send("Performance.enable");
      return { page: p, cdp, frames: [], sums: {} };
    }),
  );
  const metrics = async (cdp) => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const KEYS = ["ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration"];
  // In turns (ours, floor, ours…), so the machine's load falls on both alike.
  for (let round = 0; round < 3; round++)
    for (const side of sides) {
      await side.page.bringToFront();
      const before = await metrics(side.cdp);
      side.frames.push(...(await dragFrames(side.page)));
      const after = await metrics(side.cdp);
      for (const k of KEYS) side.sums[k] = (side.sums[k] ?? 0) + after[k] - before[k];
    }
  if (process.argv.includes("--profile")) await profileDrag(sides[0]);
  const perMove = (side, k) => (side.sums[k] * 1000) / (3 * 120);
  const [f, ff] = sides.map((side) => stats(side.frames));
  const first = stats(opens.map((o) => o.first));
  const all = stats(opens.map((o) => o.all));
  const floorAll = stats(floorOpens.map((o) => o.all));
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}; canvas ${Math.round(size.width)}×${Math.round(size.height)}`);
  console.log(`time to first render (navigation start → first node): p50 ${ms(first.p50)}, max ${ms(first.max)} over ${first.n} loads`);
  console.log(`all ${STEPS} nodes mounted: ours p50 ${ms(all.p50)}, max ${ms(all.max)}; floor p50 ${ms(floorAll.p50)} (ours/floor ${ratio(all.p50, floorAll.p50)})`);
  for (const [name, side] of [["ours", sides[0]], ["floor", sides[1]]])
    console.log(`main thread per drag move, ${name}: script ${ms(perMove(side, "ScriptDuration"))}, style ${ms(perMove(side, "RecalcStyleDuration"))}, layout ${ms(perMove(side, "LayoutDuration"))}, all tasks ${ms(perMove(side, "TaskDuration"))}`);
  console.log(`script per move ours/floor ${ratio(perMove(sides[0], "ScriptDuration"), perMove(sides[1], "ScriptDuration"))}, all tasks ours/floor ${ratio(perMove(sides[0], "TaskDuration"), perMove(sides[1], "TaskDuration"))}`);
  console.log(`drag frame time, floor (${ff.n} frames): p50 ${ms(ff.p50)}, p95 ${ms(ff.p95)}, max ${ms(ff.max)}`);
  console.log(`drag frame time, ours (${f.n} frames): p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, max ${ms(f.max)} — ours/floor p50 ${ratio(f.p50, ff.p50)}, p95 ${ratio(f.p95, ff.p95)}; target p95 ≤ 16 ms: ${f.p95 <= 16 ? "met" : "not met"}`);
} finally {
  await browser?.close();
  floor?.server.close();
  child.kill("SIGTERM");
}
