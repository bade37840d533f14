// `npm start`: build the SPA, migrate and seed local D1, start the demo model when no OpenAI key is
// configured and local stand-ins of the messengers whose APIs are not configured, and serve
// everything with `wrangler dev`. One line per step; the tools' own output only on failure or with
// `npm start -- --verbose`.
//
// Options: --verbose; --no-build (reuse dist/); --persist-to=<dir> (local data, default
// .wrangler/state); --vars=<file> (default .dev.vars, created from .dev.vars.example).
import { copyFileSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { applySeed, DEMO, ADMIN, DEMO_ACCOUNT_ID } from "./seed.mjs";
import { captureRunOutput, readVars, root, run, start, viteBin, waitForHttp, wranglerBin, wranglerDevEnv } from "./lib.mjs";

// wrangler 4 needs Node >= 22.12: `npm start` runs on the Node 22 of the `node` devDependency.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`✗ Node ${process.versions.node} is too old for wrangler 4 (22.12 or newer). Run it as \`npm start\`: npm scripts use the Node 22 that \`npm install\` brought.`);
  process.exit(1);
}

const argv = process.argv.slice(2);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const verbose = argv.includes("--verbose");
const port = process.env.PORT ?? "8787";
const origin = `http://127.0.0.1:${port}`;
const persistDir = option("persist-to") ? resolve(option("persist-to")) : undefined;
const persistArgs = persistDir ? ["--persist-to", persistDir] : [];
const varsFile = option("vars") ? resolve(option("vars")) : join(root, ".dev.vars");
if (!verbose) captureRunOutput();

const children = [];
let stopping = false;
const stopAll = async (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.kill) c.kill("SIGTERM");
  for (const c of children) if (c.stop) await c.stop().catch(() => undefined);
  process.exit(code);
};

/** One line per step: "› label… done (1.2 s)"; on failure the step's captured output, then exit. */
async function step(label, fn) {
  const t0 = Date.now();
  process.stdout.write(`› ${label}… `);
  try {
    const note = await fn();
    console.log(`${note ?? "done"} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.log("failed");
    if (error.output) process.stderr.write(`\n${error.output}\n`);
    console.error(`✗ ${label}: ${error.message}`);
    await stopAll(1);
  }
}

// Another server on the port would answer the readiness check in place of ours.
const portFree = await new Promise((resolve) => {
  const s = createServer();
  s.once("error", () => resolve(false));
  s.listen(Number(port), "127.0.0.1", () => s.close(() => resolve(true)));
});
if (!portFree) {
  console.error(`✗ Port ${port} is already in use (another Assistly or another server runs there). Stop it, or choose another port: PORT=8788 npm start`);
  process.exit(1);
}

if (!existsSync(varsFile)) {
  copyFileSync(join(root, ".dev.vars.example"), varsFile);
  console.log(`› Created ${varsFile === join(root, ".dev.vars") ? ".dev.vars" : varsFile} from .dev.vars.example`);
}
const vars = readVars(varsFile);
const quiet = { CI: "1", WRANGLER_SEND_METRICS: "false" };

// The example's PUBLIC_URL (this machine on the default port) follows PORT, so mail links,
// webhook URLs and the OAuth redirect reach this server; any other value was chosen deliberately.
const EXAMPLE_URLS = new Set(["http://127.0.0.1:8787", "http://localhost:8787", ""]);
const configuredUrl = (process.env.PUBLIC_URL ?? vars.PUBLIC_URL ?? "").replace(/\/$/, "");
const publicUrl = EXAMPLE_URLS.has(configuredUrl) ? origin : configuredUrl;
const extraVars = { PUBLIC_URL: publicUrl };

if (!argv.includes("--no-build")) await step("Building the web app", () => run(process.execPath, [viteBin, "build", "--logLevel", "warn"]));
await step("Applying D1 migrations (local)", () => run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", ...persistArgs], { env: quiet }));
await step("Seeding demo data", () => applySeed({ persistTo: persistDir }));

if (!vars.OPENAI_API_KEY && !process.env.OPENAI_API_KEY) {
  await step("Starting the demo model", async () => {
    const { startDemoModel } = await import("./demo-model-launch.mjs");
    const { url, child } = await startDemoModel({ verbose });
    children.push(child);
    Object.assign(extraVars, { OPENAI_BASE_URL: url, DEMO_MODEL: "1" });
    return url;
  });
}

const { standInsNeeded, startDemoChannels } = await import("./demo-channels.mjs");
const want = standInsNeeded(vars);
const LABEL = { telegram: "Telegram", whatsapp: "WhatsApp (Green API)", instagram: "Instagram (Meta)" };
if (want.telegram || want.whatsapp || want.instagram) {
  await step("Starting local stand-ins of the messengers", async () => {
    const demo = await startDemoChannels(want, { persistDir });
    children.push(demo);
    Object.assign(extraVars, demo.bindings);
    return demo.names.map((n) => LABEL[n]).join(", ");
  });
}

const { paymentsStandInNeeded, startDemoPayments } = await import("./demo-payments.mjs");
if (paymentsStandInNeeded(vars)) {
  await step("Starting a local stand-in of YooKassa (payments)", async () => {
    const pay = await startDemoPayments({ persistDir, origin });
    children.push(pay);
    Object.assign(extraVars, pay.bindings);
    return pay.url;
  });
}

const { bitrix24StandInNeeded, startDemoBitrix24 } = await import("./demo-bitrix24.mjs");
let bitrix24 = null;
if (bitrix24StandInNeeded(vars)) {
  await step("Starting a local stand-in of Bitrix24 (CRM)", async () => {
    bitrix24 = await startDemoBitrix24({ persistDir });
    children.push(bitrix24);
    Object.assign(extraVars, bitrix24.bindings);
    return bitrix24.url;
  });
}
const { googleStandInNeeded, startDemoGoogle } = await import("./demo-google.mjs");
let google = null;
if (googleStandInNeeded(vars)) {
  await step("Starting a local stand-in of Google OAuth and Calendar (booking)", async () => {
    const g = await startDemoGoogle({ persistDir });
    google = g;
    children.push(g);
    Object.assign(extraVars, g.bindings);
    return g.url;
  });
}

const varArgs = Object.entries(extraVars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
let wranglerOutput = "";
await step(`Starting wrangler dev on ${origin}`, async () => {
  const wrangler = start(
    process.execPath,
    [wranglerBin, "dev", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false", ...persistArgs, ...(option("vars") ? ["--env-file", varsFile] : []), ...varArgs],
    { env: wranglerDevEnv, stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"] },
  );
  children.push(wrangler);
  if (!verbose) {
    // Kept (the last 200 KB) to be shown if it fails; wrangler's offline stack traces stay out of sight otherwise.
    let partial = "";
    const keep = (d) => {
      wranglerOutput = (wranglerOutput + d).slice(-200_000);
      // Mail of the dev outbox is what a person needs from the log (the verification link): shown.
      const lines = (partial + d).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.includes('"dev outbox"')) printMail(line);
    };
    wrangler.stdout.on("data", keep);
    wrangler.stderr.on("data", keep);
  }
  const exited = new Promise((_, reject) =>
    wrangler.once("exit", (code) => {
      const error = new Error(`wrangler dev exited with ${code}`);
      error.output = wranglerOutput;
      reject(error);
    }),
  );
  await Promise.race([waitForHttp(`${origin}/api/auth/me`, 120_000), exited]);
  wrangler.on("exit", (code) => {
    if (stopping) return;
    if (!verbose && code) process.stderr.write(`\n${wranglerOutput}\n✗ wrangler dev stopped (exit ${code})\n`);
    void stopAll(code ?? 0);
  });
  return "ready";
});
if (bitrix24) await step("Connecting the demo account to the Bitrix24 stand-in", () => bitrix24.connectDemo(origin, { ...DEMO, accountId: DEMO_ACCOUNT_ID }));
if (google) await step("Connecting the demo account to the Google Calendar stand-in", () => google.connectDemo(origin, { ...DEMO, accountId: DEMO_ACCOUNT_ID }));

function printMail(line) {
  try {
    const m = JSON.parse(line.slice(line.indexOf("{")));
    console.log(`✉ ${m.to}: ${m.subject}\n${String(m.text ?? "").replace(/^/gm, "  ")}\n`);
  } catch {
    /* not one of our JSON lines */
  }
}

process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

const standIns = Object.entries(want)
  .filter(([, on]) => on)
  .map(([k]) => LABEL[k]);
console.log(`
  Assistly is running: ${origin}

  Demo login:    ${DEMO.email} / ${DEMO.password}
  Administrator: ${ADMIN.email} / ${ADMIN.password}
  Mail (dev outbox): ${origin}/api/dev/outbox${publicUrl !== origin ? `\n  Links in mails and webhooks use PUBLIC_URL=${publicUrl}` : ""}${
    standIns.length
      ? `\n  Messengers without credentials run as local stand-ins: ${standIns.join(", ")}.
  Connect them on the "Подключение мессенджеров" page (any bot token works), then write as a
  customer there or with \`npm run simulate\`.`
      : ""
  }
`);
