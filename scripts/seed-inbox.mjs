// Seed of the inbox: a few demo conversations in the demo account so the chat page, the contacts
// table and the contact card show every kind of message on a first `npm start`. The threads have no
// channel (replies stay local, nothing is sent to a messenger). Fixed ids + INSERT OR IGNORE.

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A placeholder picture drawn here (no network needed). */
function pictureDataUrl(title, from, to) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="480" fill="url(#g)"/><circle cx="500" cy="120" r="60" fill="#fff" fill-opacity=".35"/><path d="M0 400 L180 250 L320 360 L440 280 L640 420 L640 480 L0 480Z" fill="#fff" fill-opacity=".3"/><text x="40" y="80" font-family="sans-serif" font-size="36" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** One second of silence as a WAV file. */
function silentWavDataUrl() {
  const rate = 8000;
  const samples = rate;
  const buf = Buffer.alloc(44 + samples);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(samples, 40);
  buf.fill(128, 44);
  return `data:audio/wav;base64,${buf.toString("base64")}`;
}

const textFile = (text) => `data:text/plain;charset=utf-8;base64,${Buffer.from(text).toString("base64")}`;

/** Demo conversations: contact, thread and messages (times are offsets before now). */
function conversations() {
  return [
    {
      id: "demo-c-anna",
      platform: "TELEGRAM",
      userId: "500100200",
      name: "Анна Смирнова",
      username: "anna_smirnova",
      status: "online",
      about: "Постоянный клиент, заказывает текстиль для дачи.",
      custom: { Город: "Москва", Бюджет: "15 000 ₽" },
      thread: { status: "active", ai: true, unread: 2 },
      messages: [
        { at: 26 * HOUR, dir: "incoming", text: "Здравствуйте! Есть ли льняные скатерти 150×220?" },
        { at: 26 * HOUR - 2 * MIN, dir: "outgoing", sender: "assistant", text: "Здравствуйте, Анна! Да, есть льняные скатерти 150×220 в трёх цветах: белый, серый и оливковый. Цена — 3 490 ₽.", read: true },
        { at: 26 * HOUR - 5 * MIN, dir: "incoming", type: "image", text: "Вот такую ищу, в оливковом", url: pictureDataUrl("Скатерть", "#7A8B52", "#C9D3A0"), file: "skatert.svg", mime: "image/svg+xml" },
        { at: 26 * HOUR - 7 * MIN, dir: "outgoing", sender: "operator", text: "Такая есть в наличии. Отправляю прайс на весь текстиль.", read: true },
        {
          at: 26 * HOUR - 8 * MIN,
          dir: "outgoing",
          sender: "operator",
          type: "document",
          url: textFile("Прайс-лист «Уют»\nСкатерть льняная 150×220 — 3 490 ₽\nСалфетки льняные, 4 шт. — 1 290 ₽\n"),
          file: "Прайс-лист текстиль для дома и дачи весна-лето 2026.txt",
          mime: "text/plain",
          size: 1843,
          delivered: true,
        },
        { at: 40 * MIN, dir: "incoming", text: "Спасибо! Оформите, пожалуйста, скатерть и 2 набора салфеток." },
        { at: 38 * MIN, dir: "incoming", text: "Доставка в Химки — сколько будет стоить?" },
      ],
    },
    {
      id: "demo-c-igor",
      platform: "WHATSAPP",
      userId: "79161234567",
      name: "Игорь Петров",
      phone: "+7 916 123-45-67",
      status: "busy",
      custom: { Город: "Санкт-Петербург" },
      thread: { status: "pending", ai: false, unread: 0 },
      messages: [
        { at: 3 * HOUR, dir: "incoming", type: "incomingCall", text: "", meta: { status: "missed" } },
        { at: 3 * HOUR - MIN, dir: "incoming", text: "Не дозвонился до вас. Подскажите, когда будет поставка посуды?" },
        { at: 2 * HOUR, dir: "outgoing", sender: "operator", text: "Игорь, добрый день! Поставка в четверг, могу отложить для вас сервиз.", read: true },
        { at: 2 * HOUR - 4 * MIN, dir: "incoming", type: "incomingCall", text: "", meta: { status: "pickUp" } },
        { at: 2 * HOUR - 10 * MIN, dir: "incoming", type: "contact", text: "Елена Петрова +7 921 555-12-34", meta: { contacts: [{ name: "Елена Петрова", tel: ["+7 921 555-12-34", "+7 812 700-00-01"] }] } },
        {
          at: 2 * HOUR - 12 * MIN,
          dir: "incoming",
          type: "audio",
          text: "",
          url: silentWavDataUrl(),
          file: "voice.wav",
          mime: "audio/wav",
          meta: { scenarioAudioTranscription: "Это номер жены, заберёт заказ она." },
        },
        { at: 2 * HOUR - 15 * MIN, dir: "outgoing", sender: "operator", text: "Хорошо, записал. Напишу Елене в четверг.", delivered: true },
      ],
    },
    {
      id: "demo-c-maria",
      platform: "INSTAGRAM",
      userId: "17841400000000101",
      name: "Мария Кузнецова",
      username: "masha.decor",
      status: "away",
      thread: { status: "active", ai: true, unread: 1 },
      messages: [
        { at: 2 * DAY + 3 * HOUR, dir: "incoming", text: "Увидела у вас вазу в рилсе — это какая модель?" },
        { at: 2 * DAY + 3 * HOUR - MIN, dir: "outgoing", sender: "assistant", text: "Это ваза «Дюна», керамика ручной работы, высота 28 см. Вот видеообзор:", read: true },
        { at: 2 * DAY + 3 * HOUR - 2 * MIN, dir: "outgoing", sender: "assistant", type: "video", text: "", url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ", file: "Обзор вазы «Дюна»", meta: { youtube: true }, read: true },
        { at: 2 * DAY + 2 * HOUR, dir: "incoming", text: "Класс, подумаю 🙂" },
      ],
    },
    {
      id: "demo-c-olga",
      platform: "TELEGRAM",
      userId: "500100300",
      name: "Ольга Васильева",
      username: "olga_v",
      // Handed off to an operator at the end, as the runner does it: the thread's AI is off.
      thread: { status: "active", ai: false, unread: 0 },
      // A turn in the order the runner writes it: the tool call, its result, then the reply that used it.
      messages: [
        { at: DAY + 5 * HOUR, dir: "incoming", text: "Во сколько вы сегодня работаете?" },
        {
          at: DAY + 5 * HOUR - 1_000,
          dir: "system",
          sender: "assistant",
          type: "tool_call",
          text: "",
          meta: { tool_calls: [{ id: "call_demo_1", type: "function", function: { name: "get_current_datetime", arguments: '{"timezone":"Europe/Moscow"}' } }] },
        },
        { at: DAY + 5 * HOUR - 2_000, dir: "system", sender: "system", type: "tool_result", text: '{"datetime":"2026-03-12T18:40:00+03:00","weekday":"четверг"}', meta: { tool_call_id: "call_demo_1", name: "get_current_datetime", ok: true } },
        { at: DAY + 5 * HOUR - 3_000, dir: "outgoing", sender: "assistant", text: "Сегодня мы работаем до 21:00 по Москве. Чем могу помочь?", read: true },
        { at: DAY + 4 * HOUR, dir: "incoming", text: "Хочу поговорить с менеджером про оптовый заказ." },
        { at: DAY + 4 * HOUR - 5_000, dir: "system", sender: "system", system: true, text: "Ассистент передал диалог оператору. Причина: оптовый заказ", meta: { event: "handoff", reason: "оптовый заказ", source: "tool" } },
      ],
    },
    {
      id: "demo-c-dmitry",
      platform: "WHATSAPP",
      userId: "79035550011",
      name: "Дмитрий Соколов",
      phone: "+7 903 555-00-11",
      thread: { status: "archived", ai: true, unread: 0 },
      messages: [
        { at: 5 * DAY, dir: "incoming", type: "image", text: "Пришёл с трещиной", file: "photo.jpg", mime: "image/jpeg", meta: { isAttachmentDeleted: true } },
        { at: 5 * DAY - 20 * MIN, dir: "outgoing", sender: "operator", text: "Приносим извинения! Оформили замену, курьер привезёт завтра.", read: true },
        { at: 5 * DAY - 30 * MIN, dir: "incoming", text: "Спасибо, получил 👍" },
      ],
    },
    {
      id: "demo-c-ekaterina",
      platform: "INSTAGRAM",
      userId: "17841400000000102",
      name: "Екатерина Морозова",
      username: "kate_moroz",
      thread: { status: "closed", ai: true, unread: 0 },
      messages: [
        { at: 9 * DAY, dir: "incoming", text: "Есть подарочные сертификаты?" },
        { at: 9 * DAY - MIN, dir: "outgoing", sender: "assistant", text: "Да, сертификаты на 1 000, 3 000 и 5 000 ₽ — электронные и в открытке.", read: true },
      ],
    },
  ];
}

export function inboxSeed(now, q) {
  const s = [];
  for (const c of conversations()) {
    const msgs = c.messages.map((m, i) => ({ ...m, id: `${c.id.replace("demo-c-", "demo-m-")}-${String(i + 1).padStart(2, "0")}`, createdAt: now - m.at }));
    const first = msgs[0];
    const last = msgs[msgs.length - 1];
    const lastIncoming = [...msgs].reverse().find((m) => m.dir === "incoming");
    const preview = (last.text || last.file || "").slice(0, 500);
    // Folded as worker/lib/search-fold.ts folds them: lower case, ё as е.
    const contactSearch = [c.name, c.username ?? "", c.phone ?? "", c.userId].join("\n").toLowerCase().replace(/ё/g, "е");
    const threadSearch = [c.name, c.username ?? "", preview].join("\n").toLowerCase().replace(/ё/g, "е");
    const threadId = c.id.replace("demo-c-", "demo-t-");
    s.push(
      `INSERT OR IGNORE INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, avatar, status, about, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (${q(c.id)}, ${q(ACCOUNT)}, ${q(c.platform)}, ${q(c.userId)}, ${q(c.name)}, ${q(c.username ?? null)}, ${q(c.phone ?? null)}, NULL, ${q(c.status ?? null)}, ${q(c.about ?? null)}, 0, ${q(contactSearch)}, ${q(JSON.stringify(c.custom ?? {}))}, '[]', ${first.createdAt}, ${(lastIncoming ?? last).createdAt}, ${first.createdAt}, ${last.createdAt});`,
      `INSERT OR IGNORE INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, last_message, last_message_type, last_message_at, last_incoming_at, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (${q(threadId)}, ${q(ACCOUNT)}, ${q(c.id)}, NULL, 'dm', '', NULL, ${q(c.thread.status)}, 'COMPLETED', ${c.thread.ai ? 1 : 0}, ${q(preview)}, ${q(last.type ?? "text")}, ${last.createdAt}, ${lastIncoming ? lastIncoming.createdAt : "NULL"}, ${c.thread.unread}, ${q(threadSearch)}, ${q(c.platform)}, 0, ${first.createdAt}, ${last.createdAt});`,
    );
    for (const m of msgs) {
      const out = m.dir === "outgoing";
      const sender = m.sender ?? (m.dir === "incoming" ? "contact" : "system");
      const delivery = out ? (m.read ? "read" : m.delivered ? "delivered" : "sent") : null;
      // The assistant's answers name their model, as the AI pipeline's do: each is one AI reply in analytics and billing.
      const meta = sender === "assistant" && out && (m.type ?? "text") === "text" ? { model: "gpt-4.1-mini", ...m.meta } : (m.meta ?? {});
      s.push(
        `INSERT OR IGNORE INTO messages (id, account_id, thread_id, contact_id, type, direction, content, payload_url, file_name, mime_type, file_size, is_system, is_sent, is_delivered, is_read, delivery_status, metadata, sender_type, sender_user_id, platform_message_id, dedupe_key, created_at, updated_at) VALUES (${q(m.id)}, ${q(ACCOUNT)}, ${q(threadId)}, ${q(c.id)}, ${q(m.type ?? "text")}, ${q(m.dir)}, ${q(m.text ?? "")}, ${q(m.url ?? null)}, ${q(m.file ?? null)}, ${q(m.mime ?? null)}, ${q(m.size ?? null)}, ${m.system ? 1 : 0}, ${out ? 1 : 0}, ${out && (m.delivered || m.read) ? 1 : 0}, ${m.read ? 1 : 0}, ${q(delivery)}, ${q(JSON.stringify(meta))}, ${q(sender)}, ${sender === "operator" ? "'demo-user'" : "NULL"}, NULL, ${q(`seed:${m.id}`)}, ${m.createdAt}, ${m.createdAt});`,
      );
    }
  }
  // Databases seeded before the turn above was ordered hold its call, result and reply in reverse
  // (10, 9 and 8 s after the question): put them 1, 2 and 3 s after it. Only while still reversed, so
  // a second run changes nothing. The call (-02) moves last: until then it still tells the old layout.
  s.push(
    ...[3, 2, 1].map(
      (sec) =>
        `UPDATE messages SET created_at = (SELECT created_at FROM messages WHERE id = 'demo-m-olga-01') + ${sec * 1000}, updated_at = (SELECT created_at FROM messages WHERE id = 'demo-m-olga-01') + ${sec * 1000} WHERE id = 'demo-m-olga-0${sec + 1}' AND account_id = ${q(ACCOUNT)} AND (SELECT created_at FROM messages WHERE id = 'demo-m-olga-02') - (SELECT created_at FROM messages WHERE id = 'demo-m-olga-01') > 5000;`,
    ),
  );
  return s;
}
