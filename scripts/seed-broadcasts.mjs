// Seed of the broadcasts page: demo broadcasts of the demo account in every state a visitor should
// see on a first `npm start` (two completed ones with delivered, read, failed and skipped recipients
// and button clicks, a paused one with WhatsApp's yellowCard reason, a scheduled one and a draft),
// with recipients over the demo contacts and a few more demo customers of the shop. The channels are
// the shop's bot and WhatsApp number as rows without credentials (shown as not connected on
// /connect; connecting a messenger takes the row over). Fixed ids + INSERT OR IGNORE.

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const CHANNEL_OF = { TELEGRAM: "demo-ch-telegram", WHATSAPP: "demo-ch-whatsapp" };
const CHANNELS = [
  { id: "demo-ch-telegram", platform: "TELEGRAM", externalId: "seed-demo-telegram", name: "@uyut_shop_bot" },
  { id: "demo-ch-whatsapp", platform: "WHATSAPP", externalId: "seed-demo-whatsapp", name: "+7 495 120-45-67" },
];

const FIRST = ["Алексей", "Светлана", "Дмитрий", "Елена", "Сергей", "Наталья", "Андрей", "Татьяна", "Павел", "Юлия", "Максим", "Ирина", "Николай", "Ольга", "Артём", "Марина"];
const LAST = ["Волков", "Соколова", "Морозов", "Лебедева", "Новиков", "Козлова", "Егоров", "Павлова", "Степанов", "Орлова", "Фёдоров", "Никитина", "Васильев", "Зайцева", "Григорьев", "Белова"];

/** More customers of the shop: 12 on Telegram, 14 on WhatsApp (contacts with a thread on the shop's channel each). */
function customers() {
  const out = [];
  for (let i = 0; i < 26; i++) {
    const telegram = i < 12;
    const n = String(i + 1).padStart(2, "0");
    out.push({
      id: `demo-bc-c-${n}`,
      threadId: `demo-bc-t-${n}`,
      platform: telegram ? "TELEGRAM" : "WHATSAPP",
      userId: telegram ? String(600_100_000 + i * 7919) : `7916${String(2_000_000 + i * 31_337).padStart(7, "0")}`,
      username: telegram ? `${["alex", "sveta", "dima", "lena", "sergey", "natasha", "andrey", "tanya", "pasha", "yulia", "max", "ira"][i]}_${n}` : null,
      phone: telegram ? null : `+7 916 ${String(200 + i)}-${String(10 + i).padStart(2, "0")}-${String(40 + i)}`,
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5) % LAST.length]}`,
      seenAgo: (i + 2) * 9 * HOUR,
    });
  }
  return out;
}

const SALE = "{{name}}, здравствуйте! До пятницы скидка 20% на весь текстиль: скатерти, пледы, постельное бельё. Заказывайте на сайте или прямо здесь.";
const PLEDY = "{{name}}, встречайте новую коллекцию пледов: шерсть мериноса, 8 цветов. Для подписчиков — доставка бесплатно до конца недели.";
const SURVEY = "{{name}}, как вам наша доставка? Ответьте одной цифрой от 1 до 5 — это поможет нам стать лучше.";
const YELLOW = "WhatsApp предупредил номер (yellowCard): часть сообщений фильтруется. Рассылка остановлена, чтобы номер не заблокировали. Сократите активность, перезагрузите инстанс в кабинете Green API и продолжите не раньше чем через сутки.";

/**
 * The demo broadcasts. `states`: recipient states in order over `recipients` (the rest are not sent
 * yet); `errors`: the reason of each failed or skipped one; `clicked`: how many pressed a button.
 */
function broadcasts(now, tg, wa) {
  return [
    {
      id: "demo-bc-sale",
      name: "Осенняя распродажа текстиля",
      channel: "demo-ch-whatsapp",
      status: "completed",
      audience: { filter: { tags: { any: ["demo-tag-vip"] } } },
      content: { text: SALE, buttons: [{ label: "Каталог текстиля", url: "https://uyut.example/textile" }, { label: "Позвать менеджера" }] },
      pacing: { minDelaySec: 5, maxDelaySec: 15 },
      startedAt: now - 3 * DAY,
      completedAt: now - 3 * DAY + 2 * HOUR,
      recipients: wa,
      states: ["read", "read", "read", "read", "read", "read", "read", "delivered", "delivered", "delivered", "delivered", "delivered", "sent", "failed", "failed", "skipped"],
      errors: { 13: "Номер не зарегистрирован в WhatsApp", 14: "Номер не зарегистрирован в WhatsApp", 15: "Контакт отписался от рассылок до отправки" },
      clicked: 4,
    },
    {
      id: "demo-bc-pledy",
      name: "Новая коллекция пледов",
      channel: "demo-ch-telegram",
      status: "completed",
      audience: { filter: {} },
      content: { text: PLEDY, buttons: [{ label: "Смотреть пледы", url: "https://uyut.example/pledy" }] },
      pacing: { perSecond: 25 },
      startedAt: now - DAY - 5 * HOUR,
      completedAt: now - DAY - 5 * HOUR + 2 * MIN,
      recipients: tg,
      states: ["sent", "sent", "sent", "sent", "sent", "sent", "sent", "sent", "sent", "sent", "sent", "sent", "failed", "failed"],
      errors: { 12: "Бот заблокирован пользователем — контакт отписан от рассылок", 13: "Бот заблокирован пользователем — контакт отписан от рассылок" },
      clicked: 5,
    },
    {
      id: "demo-bc-survey",
      name: "Опрос о качестве доставки",
      channel: "demo-ch-whatsapp",
      status: "paused",
      pausedReason: YELLOW,
      audience: { filter: { lastActivity: { from: new Date(now - 30 * DAY).toISOString() } } },
      content: { text: SURVEY, buttons: [] },
      pacing: { minDelaySec: 8, maxDelaySec: 20 },
      startedAt: now - 3 * HOUR,
      recipients: wa,
      states: ["read", "read", "delivered", "delivered", "delivered", "sent"],
      errors: {},
      clicked: 0,
    },
    {
      id: "demo-bc-friday",
      name: "Чёрная пятница: предупредить заранее",
      channel: "demo-ch-telegram",
      status: "scheduled",
      scheduledAt: now + 2 * DAY + 3 * HOUR,
      audience: { filter: {} },
      content: { text: "{{name}}, в эту пятницу — скидки до 50% на посуду и декор. Начало в 10:00 по Москве!", buttons: [{ label: "Список товаров", url: "https://uyut.example/black-friday" }] },
      pacing: { perSecond: 20 },
      recipients: [],
    },
    {
      id: "demo-bc-showroom",
      name: "Приглашение в шоурум",
      channel: "demo-ch-telegram",
      status: "draft",
      audience: { filter: {} },
      content: { text: "{{name}}, приглашаем в наш шоурум на Пятницкой: потрогать ткани и выбрать цвет вживую.", buttons: [{ label: "Как добраться", url: "https://uyut.example/showroom" }, { label: "Записаться" }] },
      pacing: { perSecond: 25 },
      recipients: [],
    },
  ];
}

const COUNTED = ["queued", "sent", "delivered", "read", "failed", "skipped"];

/** Statements: channels, customers (contact + thread), broadcasts with their counts, recipients and sent messages. */
export function broadcastsSeed(now, q) {
  const s = [];
  for (const ch of CHANNELS) {
    s.push(
      `INSERT OR IGNORE INTO channels (id, account_id, platform, external_id, name, enabled, credentials, state, created_at, updated_at) VALUES (${q(ch.id)}, ${q(ACCOUNT)}, ${q(ch.platform)}, ${q(ch.externalId)}, ${q(ch.name)}, 1, NULL, '{}', ${now - 40 * DAY}, ${now - 40 * DAY});`,
    );
  }
  const extra = customers();
  for (const c of extra) {
    const seen = now - c.seenAgo;
    const search = [c.name, c.username ?? "", c.phone ?? "", c.userId].join("\n").toLowerCase().replace(/ё/g, "е");
    s.push(
      `INSERT OR IGNORE INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, avatar, status, about, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (${q(c.id)}, ${q(ACCOUNT)}, ${q(c.platform)}, ${q(c.userId)}, ${q(c.name)}, ${q(c.username)}, ${q(c.phone)}, NULL, NULL, NULL, 0, ${q(search)}, '{}', '[]', ${seen - 20 * DAY}, ${seen}, ${seen - 20 * DAY}, ${seen});`,
      `INSERT OR IGNORE INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, last_message, last_message_type, last_message_at, last_incoming_at, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (${q(c.threadId)}, ${q(ACCOUNT)}, ${q(c.id)}, ${q(CHANNEL_OF[c.platform])}, 'dm', '', NULL, 'closed', 'COMPLETED', 0, '', 'text', ${seen}, ${seen}, 0, ${q(c.name.toLowerCase().replace(/ё/g, "е"))}, ${q(c.platform)}, 0, ${seen - 20 * DAY}, ${seen});`,
    );
  }
  const who = (c) => ({ id: c.id, threadId: c.threadId, name: c.name.split(" ")[0] });
  const tg = [...extra.filter((c) => c.platform === "TELEGRAM").map(who), { id: "demo-c-anna", threadId: "demo-t-anna", name: "Анна" }, { id: "demo-c-olga", threadId: "demo-t-olga", name: "Ольга" }];
  const wa = [...extra.filter((c) => c.platform === "WHATSAPP").map(who), { id: "demo-c-igor", threadId: "demo-t-igor", name: "Игорь" }, { id: "demo-c-dmitry", threadId: "demo-t-dmitry", name: "Дмитрий" }];
  for (const b of broadcasts(now, tg, wa)) s.push(...broadcastStatements(b, now, q));
  return s;
}

function broadcastStatements(b, now, q) {
  const s = [];
  const states = b.states ?? [];
  const counts = Object.fromEntries(COUNTED.map((k) => [k, states.filter((x) => x === k).length]));
  const total = b.recipients.length;
  const created = (b.startedAt ?? b.scheduledAt ?? now) - 2 * DAY;
  const live = b.status === "paused" || b.status === "sending";
  s.push(
    `INSERT OR IGNORE INTO broadcasts (id, account_id, name, channel_id, status, audience, message, scheduled_at, pacing, paused_reason, total, queued, sent, delivered, read, failed, skipped, clicks, quota_reserved, created_by, started_at, completed_at, created_at, updated_at) VALUES (${q(b.id)}, ${q(ACCOUNT)}, ${q(b.name)}, ${q(b.channel)}, ${q(b.status)}, ${q(JSON.stringify(b.audience))}, ${q(JSON.stringify(b.content))}, ${q(b.scheduledAt ?? null)}, ${q(JSON.stringify(b.pacing))}, ${q(b.pausedReason ?? null)}, ${total}, ${counts.queued}, ${counts.sent}, ${counts.delivered}, ${counts.read}, ${counts.failed}, ${counts.skipped}, ${b.clicked ?? 0}, ${live ? total - states.length : 0}, 'demo-user', ${q(b.startedAt ?? null)}, ${q(b.completedAt ?? null)}, ${created}, ${b.completedAt ?? b.startedAt ?? created});`,
  );
  b.recipients.forEach((r, i) => {
    const state = states[i] ?? null;
    const at = (b.startedAt ?? now) + i * 9_000;
    const messageId = state && state !== "skipped" ? `${b.id}-m-${r.id}` : null;
    const clicked = i < (b.clicked ?? 0) && (state === "read" || state === "sent" || state === "delivered") ? at + 25 * MIN : null;
    s.push(
      `INSERT OR IGNORE INTO broadcast_recipients (broadcast_id, contact_id, account_id, thread_id, state, message_id, error, clicked_at, created_at, updated_at) VALUES (${q(b.id)}, ${q(r.id)}, ${q(ACCOUNT)}, ${q(r.threadId)}, ${q(state)}, ${q(messageId)}, ${q(b.errors?.[i] ?? null)}, ${q(clicked)}, ${b.startedAt ?? now}, ${clicked ?? at});`,
    );
    if (!messageId) return;
    // The message the contact got, in its thread (the pump stores one per recipient).
    const text = b.content.text.replaceAll("{{name}}", r.name);
    const failed = state === "failed";
    s.push(
      `INSERT OR IGNORE INTO messages (id, account_id, thread_id, contact_id, type, direction, content, is_system, is_sent, is_delivered, is_read, delivery_status, metadata, sender_type, dedupe_key, created_at, updated_at) VALUES (${q(messageId)}, ${q(ACCOUNT)}, ${q(r.threadId)}, ${q(r.id)}, 'text', 'outgoing', ${q(text)}, 0, ${failed ? 0 : 1}, ${state === "delivered" || state === "read" ? 1 : 0}, ${state === "read" ? 1 : 0}, ${q(failed ? "failed" : state)}, ${q(JSON.stringify({ broadcastId: b.id, buttons: b.content.buttons }))}, 'system', ${q(`seed:${messageId}`)}, ${at}, ${at});`,
    );
    if (r.id.startsWith("demo-bc-c-")) {
      s.push(`UPDATE threads SET last_message = ${q(text.slice(0, 500))}, last_message_at = ${at}, updated_at = ${at} WHERE id = ${q(r.threadId)} AND last_message_at < ${at};`);
    }
  });
  return s;
}
