// A local stand-in of YooKassa for `npm start` without payment keys: the protocol fake of
// tests/fakes/yookassa.ts (loaded through tsx, as scripts/demo-channels.mjs does for the messengers).
// Its confirmation page has "Оплатить" and "Отклонить"; each outcome is sent to the app's
// /api/webhooks/yookassa, so a newcomer finishes a checkout offline. Its port and payments are kept
// in the local data folder, so the return page of a payment made before a restart still resolves.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { root } from "./lib.mjs";

export function demoPaymentsFile(persistDir = join(root, ".wrangler", "state")) {
  return join(persistDir, "demo-payments.json");
}

/** A stand-in is needed when no YooKassa shop is configured. */
export function paymentsStandInNeeded(vars) {
  return !(process.env.YOOKASSA_SHOP_ID || vars.YOOKASSA_SHOP_ID);
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

/** Starts the stand-in; notifications go to `origin`/api/webhooks/yookassa. → { bindings, url, stop() } */
export async function startDemoPayments({ persistDir, origin }) {
  const file = demoPaymentsFile(persistDir);
  let saved = {};
  try {
    saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"), reviver) : {};
  } catch {
    saved = {};
  }
  const { register } = await import("tsx/esm/api");
  register();
  const { startYooKassaFake, YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY } = await import("../tests/fakes/yookassa.ts");
  const fake = await startYooKassaFake(saved.port && (await portFree(saved.port)) ? saved.port : 0);
  for (const k of ["payments", "refunds", "keys", "methods"]) if (saved.data?.[k]) fake.state.data[k] = saved.data[k];
  fake.state.data.webhookUrl = `${origin}/api/webhooks/yookassa`;
  let last = "";
  const save = () => {
    const { payments, refunds, keys, methods } = fake.state.data;
    if (fake.state.requests.length > 2000) fake.state.requests.splice(0, fake.state.requests.length - 1000);
    const text = JSON.stringify({ port: fake.port, url: fake.url, data: { payments, refunds, keys, methods } }, replacer, 1);
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
    bindings: { YOOKASSA_API_BASE: `${fake.url}/v3`, YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY },
    async stop() {
      clearInterval(timer);
      save();
      await fake.close();
    },
  };
}
