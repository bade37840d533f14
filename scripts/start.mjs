// `npm start`: build the SPA, migrate and seed local D1, start the demo model when no OpenAI key
// is configured, and serve everything with `wrangler dev`.
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { applySeed, DEMO, ADMIN } from "./seed.mjs";
import { readVars, root, run, start, viteBin, waitForHttp, wranglerBin, wranglerDevEnv } from "./lib.mjs";

const port = process.env.PORT ?? "8787";
const varsFile = join(root, ".dev.vars");
if (!existsSync(varsFile)) {
  copyFileSync(join(root, ".dev.vars.example"), varsFile);
  console.log("Created .dev.vars from .dev.vars.example");
}
const vars = readVars(varsFile);
const quiet = { CI: "1", WRANGLER_SEND_METRICS: "false" };

console.log("› Building the web app…");
run(process.execPath, [viteBin, "build", "--logLevel", "warn"]);
console.log("› Applying D1 migrations (local)…");
run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local"], { env: quiet });
console.log("› Seeding demo data…");
applySeed();

const children = [];
const extraVars = [];
const demoModel = !vars.OPENAI_API_KEY && !process.env.OPENAI_API_KEY;
if (demoModel) {
  const { startDemoModel } = await import("./demo-model-launch.mjs").catch(() => ({ startDemoModel: null }));
  if (startDemoModel) {
    const { url, child } = await startDemoModel();
    children.push(child);
    extraVars.push("--var", `OPENAI_BASE_URL:${url}`, "--var", "DEMO_MODEL:1");
    console.log(`› Demo model at ${url}`);
  }
}

console.log(`› Starting wrangler dev on http://127.0.0.1:${port}`);
const wrangler = start(process.execPath, [wranglerBin, "dev", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false", ...extraVars], {
  env: wranglerDevEnv,
});
children.push(wrangler);
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
wrangler.on("exit", (code) => {
  for (const c of children) if (c !== wrangler) c.kill("SIGTERM");
  process.exit(code ?? 0);
});

await waitForHttp(`http://127.0.0.1:${port}/api/auth/me`, 120_000);
console.log(`
  Assistly is running: http://127.0.0.1:${port}

  Demo login:    ${DEMO.email} / ${DEMO.password}
  Administrator: ${ADMIN.email} / ${ADMIN.password}
  Mail (dev outbox): http://127.0.0.1:${port}/api/dev/outbox
`);
