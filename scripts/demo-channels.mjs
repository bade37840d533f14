// Local stand-ins of the messengers for `npm start` without real credentials: the protocol fakes of
// tests/fakes (Telegram Bot API, the Green API gateway with its partner API, Meta's Graph API and
// Facebook login), loaded through tsx as scripts/e2e-server.mjs does. They keep their state (bots'
// webhooks, WhatsApp instances) and ports in the local data folder, so a restart keeps connected
// channels working; `npm run simulate` finds them through the same file.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { root } from "./lib.mjs";

/** Where the stand-ins of the app on `port` note their ports and state. */
export function demoChannelsFile(persistDir = join(root, ".wrangler", "state")) {
  return join(persistDir, "demo-channels.json");
}

/** Which messengers need a stand-in: those whose API base is not configured. */
export function standInsNeeded(vars) {
  const set = (k) => !!(process.env[k] || vars[k]);
  return { telegram: !set("TELEGRAM_API_BASE"), whatsapp: !set("GREEN_API_BASE"), instagram: !set("META_GRAPH_BASE") };
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

// Maps (the fakes' bots and instances) survive JSON as { __map: entries }.
const replacer = (_k, v) => (v instanceof Map ? { __map: [...v.entries()] } : v);
const reviver = (_k, v) => (v && typeof v === "object" && Array.isArray(v.__map) ? new Map(v.__map) : v);

/**
 * Starts the stand-ins asked for; → { bindings (Worker vars), names, stop() }.
 * `want`: { telegram, whatsapp, instagram } booleans.
 */
export async function startDemoChannels(want, { persistDir } = {}) {
  const file = demoChannelsFile(persistDir);
  let saved = {};
  try {
    saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"), reviver) : {};
  } catch {
    saved = {};
  }
  const { register } = await import("tsx/esm/api");
  register();
  const { startFake } = await import("../tests/fakes/index.ts");
  const { telegramHandler } = await import("../tests/fakes/telegram.ts");
  const { greenHandler, GREEN_PARTNER_TOKEN } = await import("../tests/fakes/greenapi.ts");
  const { metaHandler, META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN } = await import("../tests/fakes/meta.ts");

  const specs = [
    want.telegram && { key: "telegram", handler: telegramHandler },
    want.whatsapp && { key: "whatsapp", handler: greenHandler },
    want.instagram && { key: "instagram", handler: metaHandler },
  ].filter(Boolean);
  const running = {};
  for (const { key, handler } of specs) {
    // The same port as last time when it is free: WhatsApp keeps its gateway's address per instance.
    const last = saved.ports?.[key];
    const fake = await startFake(key, handler, last && (await portFree(last)) ? last : 0);
    Object.assign(fake.state.data, saved.data?.[key] ?? {});
    running[key] = fake;
  }
  if (running.whatsapp) {
    // A person "scans" the QR (or types the pairing code) four seconds after it is shown.
    running.whatsapp.state.data.autoAuthorizeMs = 4000;
    running.whatsapp.state.data.qrPng = demoQrPng();
    for (const inst of running.whatsapp.state.data.instances?.values?.() ?? []) inst.authorizing = false;
  }

  let last = "";
  const save = () => {
    const data = {};
    for (const [key, fake] of Object.entries(running)) {
      const { qrPng: _q, autoAuthorizeMs: _a, ...rest } = fake.state.data;
      data[key] = rest;
      // What they received is for tests; a long demo must not grow without end.
      if (fake.state.requests.length > 2000) fake.state.requests.splice(0, fake.state.requests.length - 1000);
    }
    const text = JSON.stringify({ ports: Object.fromEntries(Object.entries(running).map(([k, f]) => [k, f.port])), urls: Object.fromEntries(Object.entries(running).map(([k, f]) => [k, f.url])), data }, replacer, 1);
    if (text === last) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    last = text;
  };
  save();
  const timer = setInterval(save, 1000);
  timer.unref();

  const bindings = {};
  if (running.telegram) bindings.TELEGRAM_API_BASE = running.telegram.url;
  if (running.whatsapp) Object.assign(bindings, { GREEN_API_BASE: running.whatsapp.url, GREEN_API_PARTNER_TOKEN: GREEN_PARTNER_TOKEN });
  if (running.instagram)
    Object.assign(bindings, { META_GRAPH_BASE: running.instagram.url, META_OAUTH_BASE: running.instagram.url, META_APP_ID, META_APP_SECRET, META_VERIFY_TOKEN });
  const names = Object.keys(running);
  if (names.length) bindings.DEMO_CHANNELS = names.join(",");
  return {
    bindings,
    names,
    running,
    async stop() {
      clearInterval(timer);
      save();
      await Promise.all(Object.values(running).map((f) => f.close()));
    },
  };
}

/** A QR-looking PNG (finder squares and a deterministic pattern) for the stand-in's "scan this" step. */
export function demoQrPng() {
  const n = 29;
  const scale = 8;
  const quiet = 4;
  const size = (n + quiet * 2) * scale;
  const dark = (x, y) => {
    const finder = (fx, fy) => {
      const dx = x - fx;
      const dy = y - fy;
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return null;
      return dx === 0 || dy === 0 || dx === 6 || dy === 6 || (dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4);
    };
    for (const [fx, fy] of [[0, 0], [n - 7, 0], [0, n - 7]]) {
      const f = finder(fx, fy);
      if (f !== null) return f;
      if (x >= fx - 1 && x <= fx + 7 && y >= fy - 1 && y <= fy + 7) return false;
    }
    if (y === 6) return x % 2 === 0;
    if (x === 6) return y % 2 === 0;
    return ((x * 7 + y * 13 + ((x * y) % 5)) * 2654435761) % 7 < 3;
  };
  const raw = Buffer.alloc((size + 1) * size);
  for (let py = 0; py < size; py++) {
    raw[py * (size + 1)] = 0;
    for (let px = 0; px < size; px++) {
      const x = Math.floor(px / scale) - quiet;
      const y = Math.floor(py / scale) - quiet;
      const on = x >= 0 && y >= 0 && x < n && y < n && dark(x, y);
      raw[py * (size + 1) + 1 + px] = on ? 0 : 255;
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, i) => {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
  return png.toString("base64");
}
