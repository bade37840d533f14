// A local stand-in of Bitrix24 for `npm start` without a Bitrix24 app: the protocol fake of
// tests/fakes/bitrix24.ts (loaded through tsx, as demo-payments.mjs does for YooKassa). It serves
// any portal (webhook and OAuth) with demo CRM data. Its port and portals are kept in the local data
// folder, so the demo account's webhook URL (made with that port) stays valid after a restart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { root } from "./lib.mjs";

/** A stand-in is needed when no Bitrix24 app is configured and no portal base is set. */
export function bitrix24StandInNeeded(vars) {
  return !(process.env.BITRIX24_CLIENT_ID || vars.BITRIX24_CLIENT_ID || process.env.BITRIX24_PORTAL_BASE || vars.BITRIX24_PORTAL_BASE);
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

const replacer = (_k, v) => (v instanceof Map ? { __map: [...v.entries()] } : v);
const reviver = (_k, v) => (v && typeof v === "object" && Array.isArray(v.__map) ? new Map(v.__map) : v);

/** → { bindings, url, connectDemo(origin, login), stop() } */
export async function startDemoBitrix24({ persistDir }) {
  const file = join(persistDir ?? join(root, ".wrangler", "state"), "demo-bitrix24.json");
  let saved = {};
  try {
    saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"), reviver) : {};
  } catch {
    saved = {};
  }
  const { register } = await import("tsx/esm/api");
  register();
  const fakeModule = await import("../tests/fakes/bitrix24.ts");
  const fake = await fakeModule.startBitrix24Fake(saved.port && (await portFree(saved.port)) ? saved.port : 0);
  if (saved.portals) fake.state.data.portals = saved.portals;
  let last = "";
  const save = () => {
    if (fake.state.requests.length > 2000) fake.state.requests.splice(0, fake.state.requests.length - 1000);
    const text = JSON.stringify({ port: fake.port, portals: fake.state.data.portals }, replacer, 1);
    if (text === last) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    last = text;
  };
  save();
  const timer = setInterval(save, 2000);
  timer.unref();
  const webhookUrl = `${fake.url}/rest/1/${fakeModule.DEMO_WEBHOOK_SECRET}/`;
  return {
    url: fake.url,
    webhookUrl,
    bindings: fakeModule.bitrix24Bindings(fake.url),
    /** Connects the demo account to the stand-in's demo portal (through the API, so the URL is sealed by the app's own key). */
    async connectDemo(origin, { email, password, accountId }) {
      const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
      if (!login.ok) return "demo login failed";
      const { accessToken } = await login.json();
      const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
      const state = await (await fetch(`${origin}/api/accounts/${accountId}/integrations/bitrix24`, { headers })).json();
      if (state.connected && state.status === "connected" && state.domain === new URL(fake.url).host) return `${state.domain} (already connected)`;
      const res = await fetch(`${origin}/api/accounts/${accountId}/integrations/bitrix24`, { method: "PUT", headers, body: JSON.stringify({ webhookUrl }) });
      return res.ok ? fake.url : `not connected (${res.status})`;
    },
    async stop() {
      clearInterval(timer);
      save();
      await fake.close();
    },
  };
}
