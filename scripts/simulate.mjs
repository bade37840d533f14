// `npm run simulate`: drives a running local app with realistic webhook traffic from Telegram,
// WhatsApp (Green API) and Instagram, for demos and load: customer messages, photos, calls and
// comments at a steady rate, printing what happened.
//
// Against `npm start` without messenger credentials nothing needs configuring: it finds the local
// stand-ins that `npm start` runs (noted in .wrangler/state/demo-channels.json), uses the channels
// connected there (connecting the missing ones) and has the stand-ins deliver the webhooks, signed
// as the platforms sign them. Otherwise it starts its own fakes (ports 8781–8783 by default) and
// reconnects the demo account's channels to them; the app must then talk to these fakes, e.g. in
// .dev.vars: TELEGRAM_API_BASE=http://127.0.0.1:8781, GREEN_API_BASE=http://127.0.0.1:8782,
// META_GRAPH_BASE=http://127.0.0.1:8783, META_APP_SECRET=test-meta-app-secret.
// Options (env or --flag=value): URL (default http://127.0.0.1:$PORT, PORT default 8787), EMAIL /
// PASSWORD (the demo user), ACCOUNT (default: the user's first account), RATE messages/s (default 5),
// DURATION seconds (default 60, 0 = until Ctrl+C), FAKE_PORT first own fake port (default 8781),
// STATE (the local data folder of `npm start`, default .wrangler/state).
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { root } from "./lib.mjs";

const arg = (name, def) => {
  const flag = process.argv.find((a) => a.startsWith(`--${name.toLowerCase()}=`));
  return flag ? flag.split("=").slice(1).join("=") : (process.env[`SIM_${name}`] ?? process.env[name] ?? def);
};
const URL_ = arg("URL", `http://127.0.0.1:${process.env.PORT ?? "8787"}`).replace(/\/$/, "");
const EMAIL = arg("EMAIL", "demo@assistly.local");
const PASSWORD = arg("PASSWORD", "demo12345");
const RATE = Number(arg("RATE", "5"));
const DURATION = Number(arg("DURATION", "60"));
const FAKE_PORT = Number(arg("FAKE_PORT", "8781"));
const STATE_FILE = join(resolve(root, arg("STATE", ".wrangler/state")), "demo-channels.json");

const post = (url, body, headers = {}) => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** The stand-ins of a running `npm start`, when they answer: { telegram?, whatsapp?, instagram? } URLs. */
async function findStandIns() {
  if (!existsSync(STATE_FILE)) return null;
  let file;
  try {
    file = JSON.parse(readFileSync(STATE_FILE, "utf8"));
  } catch {
    return null;
  }
  const alive = {};
  for (const [k, url] of Object.entries(file.urls ?? {})) {
    try {
      if ((await fetch(`${url}/__requests`, { signal: AbortSignal.timeout(1000) })).ok) alive[k] = url;
    } catch {
      /* not running */
    }
  }
  return Object.keys(alive).length ? { urls: alive, data: file.data ?? {} } : null;
}

const standIns = await findStandIns();
const { register } = await import("tsx/esm/api");
register();
const { META_APP_SECRET } = await import("../tests/fakes/meta.ts");

const fakes = [];
let bindings;
if (standIns) {
  bindings = { TELEGRAM_API_BASE: standIns.urls.telegram, GREEN_API_BASE: standIns.urls.whatsapp, META_GRAPH_BASE: standIns.urls.instagram };
  console.log(`› Using the stand-ins of npm start: ${Object.keys(standIns.urls).join(", ")}`);
} else {
  const { startChannelFakes } = await import("../tests/fakes/channels.ts");
  bindings = await startChannelFakes(fakes, { telegram: FAKE_PORT, green: FAKE_PORT + 1, meta: FAKE_PORT + 2 });
  console.log(`› Fakes: Telegram ${bindings.TELEGRAM_API_BASE}, Green API ${bindings.GREEN_API_BASE}, Meta ${bindings.META_GRAPH_BASE}`);
}

async function call(method, path, body, token) {
  const r = await fetch(`${URL_}/api${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: r.status, body: json };
}

function explainAndExit(what, res) {
  console.error(`\n✗ ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (standIns) console.error(`  Is the app running at ${URL_} (npm start)?`);
  else {
    console.error(`  Is the app running at ${URL_}? Started with \`npm start\` and no messenger credentials, it runs local stand-ins`);
    console.error(`  that this script uses by itself. Otherwise put these into .dev.vars and restart it:`);
    console.error(`    TELEGRAM_API_BASE=${bindings.TELEGRAM_API_BASE}\n    GREEN_API_BASE=${bindings.GREEN_API_BASE}\n    META_GRAPH_BASE=${bindings.META_GRAPH_BASE}\n    META_APP_SECRET=${META_APP_SECRET}`);
  }
  for (const f of fakes) f.close();
  process.exit(1);
}

const login = await call("POST", "/auth/login", { email: EMAIL, password: PASSWORD }).catch((e) => ({ status: 0, body: String(e) }));
if (login.status !== 200) explainAndExit(`Sign-in as ${EMAIL}`, login);
const token = login.body.accessToken;
let accountId = arg("ACCOUNT", "");
if (!accountId) {
  const list = await call("GET", "/accounts", undefined, token);
  accountId = (list.body?.data ?? list.body ?? [])[0]?.accountId ?? (list.body?.data ?? list.body ?? [])[0]?.id;
}
if (!accountId) explainAndExit("Finding an account", { status: 404, body: "no account" });
console.log(`› Account ${accountId} as ${EMAIL}`);

/** A Map saved by the stand-ins as { __map: entries }. */
const entriesOf = (m) => (Array.isArray(m?.__map) ? m.__map : []);

// Channels: with stand-ins, the ones connected there stay (history and settings kept) and only the
// missing ones are connected; with our own fakes, fresh connections against them.
const channels = {};
if (!standIns) for (const p of ["platform-telegram", "platform-whatsapp", "platform-instagram"]) await call("DELETE", `/accounts/${accountId}/${p}`, undefined, token);
if (bindings.TELEGRAM_API_BASE) {
  const state = await call("GET", `/accounts/${accountId}/platform-telegram`, undefined, token);
  const known = standIns && state.body?.connected ? entriesOf(standIns.data.telegram?.bots).find(([, b]) => b.webhookUrl?.endsWith(`/api/webhooks/telegram/${accountId}`)) : null;
  let botToken = known?.[0];
  if (!botToken) {
    botToken = "7123456789:AAHsimulatorBotTokenabcdefghijklmnop";
    const tg = await call("PUT", `/accounts/${accountId}/platform-telegram`, { botToken }, token);
    if (tg.status !== 200) explainAndExit("Connecting Telegram", tg);
  }
  channels.telegram = { botToken };
}
if (bindings.GREEN_API_BASE) {
  const state = await call("GET", `/accounts/${accountId}/platform-whatsapp/settings`, undefined, token);
  let idInstance = standIns && state.body?.connected && state.body.apiUrl === bindings.GREEN_API_BASE ? state.body.idInstance : null;
  if (!idInstance) {
    if (standIns && state.body?.connected) await call("DELETE", `/accounts/${accountId}/platform-whatsapp`, undefined, token);
    idInstance = standIns ? undefined : "1101999999";
    const wa = await call("POST", `/accounts/${accountId}/platform-whatsapp/create-instance`, standIns ? {} : { idInstance, apiTokenInstance: "simulator-green-token-0123456789", apiUrl: bindings.GREEN_API_BASE }, token);
    if (wa.status !== 201) explainAndExit("Connecting WhatsApp", wa);
    idInstance = wa.body.idInstance;
  }
  if (state.body?.stateInstance !== "authorized") await post(`${bindings.GREEN_API_BASE}/__state`, { idInstance, stateInstance: "authorized" });
  channels.whatsapp = { idInstance };
}
if (bindings.META_GRAPH_BASE) {
  const state = await call("GET", `/accounts/${accountId}/platform-instagram`, undefined, token);
  let igId = standIns && state.body?.connected ? state.body.instagramAccountId : null;
  if (!igId) {
    igId = "17841400000000001";
    const ig = await call("PUT", `/accounts/${accountId}/platform-instagram`, { instagramAccountId: igId, accessToken: "EAAG-simulator-access-token-0123456789", commentsAutoReply: true }, token);
    if (ig.status !== 200) explainAndExit("Connecting Instagram", ig);
  }
  channels.instagram = { igId };
}
console.log(`› Channels: ${[channels.telegram && "Telegram", channels.whatsapp && `WhatsApp instance ${channels.whatsapp.idInstance}`, channels.instagram && `Instagram ${channels.instagram.igId}`].filter(Boolean).join(", ")}`);

// How a webhook reaches the app: the stand-in delivers it (it holds the secrets), or we sign it ourselves.
const ownFake = (name) => fakes.find((f) => f.name === name);
async function sendTelegram(update) {
  if (standIns) return standInAnswer(await post(`${bindings.TELEGRAM_API_BASE}/__deliver`, { token: channels.telegram.botToken, update }));
  const { telegramBot } = await import("../tests/fakes/telegram.ts");
  return fetch(`${URL_}/api/webhooks/telegram/${accountId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramBot(ownFake("telegram").state, channels.telegram.botToken).secret }, body: JSON.stringify(update) });
}
async function sendWhatsapp(body) {
  if (standIns) return standInAnswer(await post(`${bindings.GREEN_API_BASE}/__deliver`, { idInstance: channels.whatsapp.idInstance, body }));
  const { greenInstance } = await import("../tests/fakes/greenapi.ts");
  return post(`${URL_}/api/webhooks/whatsapp/${accountId}`, body, { authorization: `Bearer ${greenInstance(ownFake("greenapi").state, channels.whatsapp.idInstance).settings.webhookUrlToken}` });
}
async function sendInstagram(body) {
  if (standIns) return standInAnswer(await post(`${bindings.META_GRAPH_BASE}/__deliver`, { url: `${URL_}/api/webhooks/instagram`, body }));
  const raw = JSON.stringify(body);
  return fetch(`${URL_}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=" + createHmac("sha256", META_APP_SECRET).update(raw).digest("hex") }, body: raw });
}
/** The stand-in's control answer `{ status, body }` (the app's answer to the webhook) as a response. */
async function standInAnswer(r) {
  const j = await r.json().catch(() => ({}));
  return { status: r.ok ? (j.status ?? 0) : r.status, text: async () => String(j.body ?? "") };
}

const NAMES = ["Анна Смирнова", "Иван Петров", "Мария Кузнецова", "Олег Волков", "Екатерина Соколова", "Дмитрий Попов", "Наталья Лебедева", "Сергей Новиков", "Ольга Морозова", "Алексей Фёдоров", "Татьяна Орлова", "Павел Зайцев"];
const TEXTS = [
  "Здравствуйте! Подскажите, есть ли в наличии диван «Уют» серого цвета?",
  "Сколько стоит доставка в Казань?",
  "Можно оплатить при получении?",
  "Когда привезут мой заказ №{n}?",
  "Хочу вернуть плед, не подошёл по размеру",
  "Есть ли скидки на посуду?",
  "Спасибо, всё получила!",
  "Во сколько вы работаете в субботу?",
  "Пришлите, пожалуйста, фото товара",
  "А есть такой же, но побольше?",
];
const POSTS = ["media-sofa-1", "media-plaid-2", "media-cups-3"];
const pick = (a) => a[Math.floor(Math.random() * a.length)];
const customers = NAMES.map((name, i) => ({ name, tgId: 500100 + i, phone: `7916${String(1000000 + i * 7919).slice(0, 7)}`, igsid: `98765432100${i}`, username: `client_${i}` }));

let updateId = Math.floor(Date.now() / 1000);
const counts = { telegram: 0, whatsapp: 0, instagram: 0, comments: 0, refused: 0 };

const kinds = [...(channels.telegram ? ["telegram", "telegram"] : []), ...(channels.whatsapp ? ["whatsapp", "whatsapp"] : []), ...(channels.instagram ? ["instagram", "comments"] : [])];

async function deliver(kind) {
  const c = pick(customers);
  const text = pick(TEXTS).replace("{n}", String(1000 + Math.floor(Math.random() * 9000)));
  const now = Math.floor(Date.now() / 1000);
  let r;
  if (kind === "telegram") {
    const u = ++updateId;
    const photo = Math.random() < 0.1;
    const message = { message_id: u, date: now, chat: { id: c.tgId, type: "private", first_name: c.name.split(" ")[0], username: c.username }, from: { id: c.tgId, is_bot: false, first_name: c.name.split(" ")[0], username: c.username, language_code: "ru" } };
    Object.assign(message, photo ? { caption: "Вот такой хочу", photo: [{ file_id: `sim-photo-${u}`, width: 800, height: 600, file_size: 40 }] } : { text });
    r = await sendTelegram({ update_id: u, message });
  } else if (kind === "whatsapp") {
    const { idInstance } = channels.whatsapp;
    const id = `SIM${Date.now().toString(16).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
    const image = Math.random() < 0.1;
    const call = !image && Math.random() < 0.05;
    const body = call
      ? { typeWebhook: "incomingCall", instanceData: { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" }, timestamp: now, from: `${c.phone}@c.us`, status: pick(["missed", "pickUp", "hangUp"]), idMessage: id }
      : {
          typeWebhook: "incomingMessageReceived",
          instanceData: { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" },
          timestamp: now,
          idMessage: id,
          senderData: { chatId: `${c.phone}@c.us`, chatName: c.name, sender: `${c.phone}@c.us`, senderName: c.name },
          messageData: image
            ? { typeMessage: "imageMessage", fileMessageData: { downloadUrl: `${bindings.GREEN_API_BASE}/download/${id}.jpg`, caption: "Фото", fileName: `${id}.jpg`, mimeType: "image/jpeg" } }
            : { typeMessage: "textMessage", textMessageData: { textMessage: text } },
        };
    r = await sendWhatsapp(body);
  } else {
    const { igId } = channels.instagram;
    const comment = kind === "comments";
    const body = comment
      ? { object: "instagram", entry: [{ id: igId, time: now, changes: [{ field: "comments", value: { id: `17${Date.now()}${Math.floor(Math.random() * 1000)}`, text, from: { id: c.igsid, username: c.username }, media: { id: pick(POSTS), media_product_type: "FEED" } } }] }] }
      : { object: "instagram", entry: [{ id: igId, time: Date.now(), messaging: [{ sender: { id: c.igsid }, recipient: { id: igId }, timestamp: Date.now(), message: { mid: `mid.sim${Date.now()}${Math.random().toString(36).slice(2, 8)}`, text } }] }] };
    r = await sendInstagram(body);
  }
  await r.text();
  if (r.status === 200) counts[kind]++;
  else {
    counts.refused++;
    if (counts.refused <= 3) console.warn(`  ${kind} webhook answered ${r.status}${!standIns && (kind === "instagram" || kind === "comments") ? " (is META_APP_SECRET=test-meta-app-secret set in the app?)" : ""}`);
  }
}

const isSend = (r) => r.method === "POST" && /sendMessage|sendPhoto|\/messages|\/replies/.test(r.path) && r.at >= t0;
let standInSends = 0;
async function countStandInSends() {
  let n = 0;
  for (const url of Object.values(standIns?.urls ?? {})) n += ((await (await fetch(`${url}/__requests`)).json().catch(() => [])) ?? []).filter(isSend).length;
  standInSends = n;
}
const sentByBots = () => (standIns ? standInSends : fakes.reduce((n, f) => n + f.state.requests.filter(isSend).length, 0));
console.log(`› Sending ${RATE} webhooks/s${DURATION ? ` for ${DURATION} s` : " until Ctrl+C"}…`);
let stopped = false;
const stop = () => {
  stopped = true;
};
process.on("SIGINT", stop);
const t0 = Date.now();
let i = 0;
const progress = setInterval(async () => {
  if (standIns) await countStandInSends().catch(() => undefined);
  console.log(`  ${Math.round((Date.now() - t0) / 1000)} s: telegram ${counts.telegram}, whatsapp ${counts.whatsapp}, instagram DMs ${counts.instagram}, comments ${counts.comments}, refused ${counts.refused}; replies sent by the app to the messengers ${sentByBots()}`);
}, 5000);
while (!stopped && (!DURATION || Date.now() - t0 < DURATION * 1000)) {
  const due = t0 + (i * 1000) / RATE;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const kind = pick(kinds);
  i++;
  deliver(kind).catch((e) => {
    counts.refused++;
    if (counts.refused <= 3) console.warn(`  ${kind}: ${e.message}`);
  });
}
clearInterval(progress);
await new Promise((r) => setTimeout(r, 3000));
if (standIns) await countStandInSends().catch(() => undefined);
console.log(`\n✓ Done: telegram ${counts.telegram}, whatsapp ${counts.whatsapp}, instagram DMs ${counts.instagram}, comments ${counts.comments}, refused ${counts.refused}; replies the app sent to the messengers: ${sentByBots()}`);
console.log(`  Open ${URL_}/${accountId}/apps/chat to see them.`);
for (const f of fakes) await f.close();
process.exit(0);
