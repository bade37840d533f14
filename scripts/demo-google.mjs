// A local stand-in of Google OAuth and Calendar for `npm start` without a Google OAuth client: the
// protocol fake of tests/fakes/google.ts (loaded through tsx, as demo-payments.mjs does for YooKassa).
// Its consent page has "Разрешить"; its calendars keep the events the app books. Port, tokens and
// events are kept in the local data folder, so a connected calendar still works after a restart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { root } from "./lib.mjs";

/** A stand-in is needed when no Google OAuth client is configured. */
export function googleStandInNeeded(vars) {
  return !(process.env.GOOGLE_CLIENT_ID || vars.GOOGLE_CLIENT_ID);
}

const portFree = (port) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
const replacer = (_k, v) => (v instanceof Map ? { __map: [...v.entries()] } : v instanceof Set ? { __set: [...v] } : v);
const reviver = (_k, v) => (v && typeof v === "object" && Array.isArray(v.__map) ? new Map(v.__map) : v && typeof v === "object" && Array.isArray(v.__set) ? new Set(v.__set) : v);
const KEPT = ["codes", "refresh", "access", "events", "deleted", "busy"];

/** Starts the stand-in → { bindings, url, stop() } */
export async function startDemoGoogle({ persistDir = join(root, ".wrangler", "state") } = {}) {
  const file = join(persistDir, "demo-google.json");
  let saved = {};
  try {
    saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"), reviver) : {};
  } catch {
    saved = {};
  }
  const { register } = await import("tsx/esm/api");
  register();
  const { startGoogleFake, googleBindings } = await import("../tests/fakes/google.ts");
  const fake = await startGoogleFake(saved.port && (await portFree(saved.port)) ? saved.port : 0);
  for (const k of KEPT) if (saved.data?.[k]) fake.state.data[k] = saved.data[k];
  let last = "";
  const save = () => {
    if (fake.state.requests.length > 2000) fake.state.requests.splice(0, fake.state.requests.length - 1000);
    const text = JSON.stringify({ port: fake.port, data: Object.fromEntries(KEPT.map((k) => [k, fake.state.data[k]])) }, replacer, 1);
    if (text === last) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    last = text;
  };
  save();
  const timer = setInterval(save, 1000);
  timer.unref();
  return {
    url: fake.url,
    bindings: googleBindings(fake.url),
    async stop() {
      clearInterval(timer);
      save();
      await fake.close();
    },
  };
}
