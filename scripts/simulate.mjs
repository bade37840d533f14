// `npm run simulate`: drives a running local app with realistic webhook traffic from Telegram,
// WhatsApp (Green API) and Instagram, for demos and load. It starts the three messenger fakes itself
// (ports 8781–8783 by default), (re)connects the demo account's channels against them and then
// sends customer messages, photos, calls and comments at a steady rate, printing what happened.
//
// The app must talk to these fakes, so start it with (e.g. in .dev.vars, then `npm start`):
//   TELEGRAM_API_BASE=http://127.0.0.1:8781
//   GREEN_API_BASE=http://127.0.0.1:8782
//   META_GRAPH_BASE=http://127.0.0.1:8783
//   META_APP_SECRET=test-meta-app-secret
// Options (env or --flag=value): URL (default http://127.0.0.1:8787), EMAIL / PASSWORD (the demo
// user), ACCOUNT (default: the user's first account), RATE messages/s (default 5), DURATION seconds
// (default 60, 0 = until Ctrl+C), FAKE_PORT first fake port (default 8781).
import { createHmac } from "node:crypto";

const arg = (name, def) => {
  const flag = process.argv.find((a) => a.startsWith(`--${name.toLowerCase()}=`));
  return flag ? flag.split("=").slice(1).join("=") : (process.env[`SIM_${name}`] ?? process.env[name] ?? def);
};
const URL_ = arg("URL", "http://127.0.0.1:8787").replace(/\/$/, "");
const EMAIL = arg("EMAIL", "demo@assistly.local");
const PASSWORD = arg("PASSWORD", "demo12345");
const RATE = Number(arg("RATE", "5"));
const DURATION = Number(arg("DURATION", "60"));
const FAKE_PORT = Number(arg("FAKE_PORT", "8781"));

const { register } = await import("tsx/esm/api");
register();
const { startChannelFakes } = await import("../tests/fakes/channels.ts");
const { telegramBot } = await import("../tests/fakes/telegram.ts");
const { greenInstance } = await import("../tests/fakes/greenapi.ts");
const { META_APP_SECRET } = await import("../tests/fakes/meta.ts");

const fakes = [];
const bindings = await startChannelFakes(fakes, { telegram: FAKE_PORT, green: FAKE_PORT + 1, meta: FAKE_PORT + 2 });
const [tgFake, greenFake] = fakes;
console.log(`› Fakes: Telegram ${bindings.TELEGRAM_API_BASE}, Green API ${bindings.GREEN_API_BASE}, Meta ${bindings.META_GRAPH_BASE}`);

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
  console.error(`  Is the app running at ${URL_} and configured with the fakes? Put these into .dev.vars and restart it:`);
  console.error(`    TELEGRAM_API_BASE=${bindings.TELEGRAM_API_BASE}\n    GREEN_API_BASE=${bindings.GREEN_API_BASE}\n    META_GRAPH_BASE=${bindings.META_GRAPH_BASE}\n    META_APP_SECRET=${META_APP_SECRET}`);
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

// Fresh connections against the fakes (history of earlier runs stays in the inbox).
for (const p of ["platform-telegram", "platform-whatsapp", "platform-instagram"]) await call("DELETE", `/accounts/${accountId}/${p}`, undefined, token);
const botToken = "7123456789:AAHsimulatorBotTokenabcdefghijklmnop";
const tg = await call("PUT", `/accounts/${accountId}/platform-telegram`, { botToken }, token);
if (tg.status !== 200) explainAndExit("Connecting Telegram", tg);
const idInstance = "1101999999";
const wa = await call("POST", `/accounts/${accountId}/platform-whatsapp/create-instance`, { idInstance, apiTokenInstance: "simulator-green-token-0123456789", apiUrl: bindings.GREEN_API_BASE }, token);
if (wa.status !== 201) explainAndExit("Connecting WhatsApp", wa);
await fetch(`${bindings.GREEN_API_BASE}/__state`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idInstance, stateInstance: "authorized" }) });
const igId = "17841400000000001";
const ig = await call("PUT", `/accounts/${accountId}/platform-instagram`, { instagramAccountId: igId, accessToken: "EAAG-simulator-access-token-0123456789", commentsAutoReply: true }, token);
if (ig.status !== 200) explainAndExit("Connecting Instagram", ig);
console.log(`› Connected: Telegram ${tg.body.botUsername ? "@" + tg.body.botUsername : ""}, WhatsApp instance ${idInstance}, Instagram ${ig.body.username ?? igId}`);

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
    r = await fetch(`${URL_}/api/webhooks/telegram/${accountId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramBot(tgFake.state, botToken).secret }, body: JSON.stringify({ update_id: u, message }) });
  } else if (kind === "whatsapp") {
    const id = `SIM${Date.now().toString(16).toUpperCase()}${Math.floor(Math.random() * 1e6)}`;
    const inst = greenInstance(greenFake.state, idInstance);
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
    r = await fetch(`${URL_}/api/webhooks/whatsapp/${accountId}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${inst.settings.webhookUrlToken}` }, body: JSON.stringify(body) });
  } else {
    const comment = kind === "comments";
    const body = comment
      ? { object: "instagram", entry: [{ id: igId, time: now, changes: [{ field: "comments", value: { id: `17${Date.now()}${Math.floor(Math.random() * 1000)}`, text, from: { id: c.igsid, username: c.username }, media: { id: pick(POSTS), media_product_type: "FEED" } } }] }] }
      : { object: "instagram", entry: [{ id: igId, time: Date.now(), messaging: [{ sender: { id: c.igsid }, recipient: { id: igId }, timestamp: Date.now(), message: { mid: `mid.sim${Date.now()}${Math.random().toString(36).slice(2, 8)}`, text } }] }] };
    const raw = JSON.stringify(body);
    r = await fetch(`${URL_}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=" + createHmac("sha256", META_APP_SECRET).update(raw).digest("hex") }, body: raw });
  }
  await r.text();
  if (r.status === 200) counts[kind]++;
  else {
    counts.refused++;
    if (counts.refused <= 3) console.warn(`  ${kind} webhook answered ${r.status}${kind === "instagram" || kind === "comments" ? " (is META_APP_SECRET=test-meta-app-secret set in the app?)" : ""}`);
  }
}

const sentByBots = () => fakes.reduce((n, f) => n + f.state.requests.filter((r) => /sendMessage|sendPhoto|\/messages|\/replies/.test(r.path)).length, 0);
console.log(`› Sending ${RATE} webhooks/s${DURATION ? ` for ${DURATION} s` : " until Ctrl+C"}…`);
let stopped = false;
const stop = () => {
  stopped = true;
};
process.on("SIGINT", stop);
const t0 = Date.now();
let i = 0;
const progress = setInterval(() => {
  console.log(`  ${Math.round((Date.now() - t0) / 1000)} s: telegram ${counts.telegram}, whatsapp ${counts.whatsapp}, instagram DMs ${counts.instagram}, comments ${counts.comments}, refused ${counts.refused}; replies sent by the app to the messengers ${sentByBots()}`);
}, 5000);
while (!stopped && (!DURATION || Date.now() - t0 < DURATION * 1000)) {
  const due = t0 + (i * 1000) / RATE;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const kind = pick(["telegram", "telegram", "whatsapp", "whatsapp", "instagram", "comments"]);
  i++;
  deliver(kind).catch((e) => {
    counts.refused++;
    if (counts.refused <= 3) console.warn(`  ${kind}: ${e.message}`);
  });
}
clearInterval(progress);
await new Promise((r) => setTimeout(r, 3000));
console.log(`\n✓ Done: telegram ${counts.telegram}, whatsapp ${counts.whatsapp}, instagram DMs ${counts.instagram}, comments ${counts.comments}, refused ${counts.refused}; replies the app sent to the messengers: ${sentByBots()}`);
console.log(`  Open ${URL_}/${accountId}/apps/chat to see them.`);
for (const f of fakes) await f.close();
process.exit(0);
