// Starts the demo model (scripts/demo-model.mjs) as a child process on a free local port.
// `npm start` calls this when no OPENAI_API_KEY is configured and points the worker at the URL.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** → { url: "http://127.0.0.1:<port>/v1", child } once the server answers. */
export async function startDemoModel({ port, verbose = true } = {}) {
  const p = port ?? (Number(process.env.DEMO_MODEL_PORT || 0) || (await freePort()));
  const script = fileURLToPath(new URL("./demo-model.mjs", import.meta.url));
  // Its warnings are for --verbose; `npm start` otherwise keeps to one line per step.
  const child = spawn(process.execPath, [script, String(p)], { stdio: ["ignore", "pipe", verbose ? "inherit" : "ignore"] });
  const url = `http://127.0.0.1:${p}/v1`;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("demo model did not start in 10 s")), 10_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`demo model exited with ${code}`));
    });
    child.stdout.on("data", (d) => {
      if (String(d).includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.stdout.resume();
  return { url, child };
}
