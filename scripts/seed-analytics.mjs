// Seed of the analytics history: 30 days of conversations of the demo account on its Telegram and
// WhatsApp channels (customers' questions, the assistant's answers, hand-offs and operators'
// answers, the model's tokens), written as messages so the rollup triggers fill analytics_hourly
// exactly as live traffic does. Deterministic: ids and times come from the absolute day, INSERT OR
// IGNORE skips what exists (and an ignored row fires no trigger); a later run the same day adds
// only the messages whose time has come since.
const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const ASSISTANT = "demo-assistant";
const DAY = 86_400_000;
const CHANNELS = [
  { id: "demo-ch-telegram", platform: "TELEGRAM" },
  { id: "demo-ch-whatsapp", platform: "WHATSAPP" },
];
const NAMES = ["Вероника Жукова", "Тимур Галиев", "Оксана Романова", "Глеб Кириллов", "Алина Мухина", "Роман Беляев", "Дарья Крылова", "Егор Сафонов", "Полина Денисова", "Илья Комаров", "Вера Медведева", "Кирилл Осипов", "Софья Тихонова", "Антон Фомин", "Лилия Захарова", "Виктор Ершов", "Ульяна Гусева", "Фёдор Титов", "Яна Карпова", "Олег Аксёнов", "Маргарита Панова", "Степан Лазарев", "Нина Щербакова", "Арсений Власов", "Кристина Мельникова", "Руслан Быков", "Любовь Калинина", "Семён Горбунов", "Зоя Ефимова", "Марк Соловьёв", "Эльвира Ильина", "Борис Макаров"];
const TALKS = [
  ["Здравствуйте! Сколько идёт доставка в Казань?", "Добрый день! В Казань доставляем за 2–3 дня, курьером или в пункт выдачи."],
  ["Есть ли плед «Уют» в сером цвете?", "Да, серый плед 150×200 есть в наличии: 2 490 ₽."],
  ["Можно оплатить при получении?", "Конечно: картой или наличными курьеру и в пунктах выдачи."],
  ["Как вернуть товар, если не подойдёт размер?", "Вернуть можно в течение 14 дней: оформите возврат в личном кабинете или напишите нам."],
  ["Подскажите, какие простыни подойдут на матрас 160×200?", "Подойдут простыни на резинке 160×200 из сатина или перкаля, от 1 890 ₽."],
  ["А скидки для постоянных покупателей есть?", "Есть: 5 % на второй заказ и 10 % начиная с пятого."],
  ["Когда привезут заказ 48213?", "Заказ 48213 передан курьеру, он приедет завтра с 10 до 14."],
  ["Хочу заказать набор посуды на подарок, можно упаковать?", "Да, подарочная упаковка стоит 250 ₽, добавьте её в корзине."],
];
const FOLLOW = ["Спасибо, оформляю!", "А в другом цвете есть?", "Отлично, спасибо за ответ", "Понятно, тогда закажу на сайте"];
const OPERATOR = ["Здравствуйте, это Анна из «Уюта». Сейчас проверю на складе и вернусь с ответом.", "Передала ваш вопрос в отдел доставки, заказ приедет в пятницу.", "Оформила обмен, курьер заберёт товар завтра."];

// A small deterministic generator (the same numbers on every run).
function rand(seed) {
  let x = seed * 2654435761 % 4294967296;
  return () => ((x = (x * 1664525 + 1013904223) % 4294967296) / 4294967296);
}

/** The conversations of one absolute day: who, when, and how it went. */
function conversationsOf(dayNum) {
  const r = rand(dayNum);
  const weekday = new Date(dayNum * DAY).getUTCDay();
  const count = 7 + Math.floor(r() * 6) + (weekday === 0 || weekday === 6 ? -2 : 2);
  return Array.from({ length: count }, (_, j) => ({
    j,
    contact: (dayNum * 5 + j * 3) % NAMES.length,
    // 09:00–21:00 in Moscow (06–18 UTC), spread over the day.
    start: dayNum * DAY + (6 + (j * 12) / count + r() * 0.6) * 3_600_000,
    talk: TALKS[Math.floor(r() * TALKS.length)],
    aiDelay: 2_000 + Math.floor(r() * 40_000),
    followUp: r() < 0.45,
    handoff: r() < 0.18,
    operatorDelay: 90_000 + Math.floor(r() * 25 * 60_000),
    tokensIn: 900 + Math.floor(r() * 900),
    tokensOut: 60 + Math.floor(r() * 140),
  }));
}

export function analyticsSeed(now, q) {
  const s = [];
  const contacts = NAMES.map((name, i) => ({ id: `demo-an-c${i}`, threadId: `demo-an-t${i}`, name, channel: CHANNELS[i % 2] }));
  for (const c of contacts) {
    const since = now - 40 * DAY;
    s.push(
      `INSERT OR IGNORE INTO contacts (id, account_id, platform, platform_user_id, name, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (${q(c.id)}, ${q(ACCOUNT)}, ${q(c.channel.platform)}, ${q(`an-${c.id}`)}, ${q(c.name)}, 0, ${q(c.name.toLowerCase())}, '{}', '[]', ${since}, ${since}, ${since}, ${since});`,
      `INSERT OR IGNORE INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (${q(c.threadId)}, ${q(ACCOUNT)}, ${q(c.id)}, ${q(c.channel.id)}, 'dm', '', ${q(ASSISTANT)}, 'active', 'COMPLETED', 1, 0, ${q(c.name.toLowerCase())}, ${q(c.channel.platform)}, 0, ${since}, ${since});`,
    );
  }
  const today = Math.floor(now / DAY);
  const msg = (id, c, at, dir, sender, content, meta = {}) =>
    at <= now
      ? s.push(
          `INSERT OR IGNORE INTO messages (id, account_id, thread_id, contact_id, type, direction, content, is_system, is_sent, is_delivered, is_read, delivery_status, metadata, sender_type, sender_user_id, dedupe_key, created_at, updated_at) VALUES (${q(id)}, ${q(ACCOUNT)}, ${q(c.threadId)}, ${q(c.id)}, 'text', ${q(dir)}, ${q(content)}, ${dir === "system" ? 1 : 0}, ${dir === "outgoing" ? 1 : 0}, ${dir === "outgoing" ? 1 : 0}, ${dir === "outgoing" ? 1 : 0}, ${dir === "outgoing" ? "'read'" : "NULL"}, ${q(JSON.stringify(meta))}, ${q(sender)}, ${sender === "operator" ? "'demo-user'" : "NULL"}, ${q(`seed:${id}`)}, ${at}, ${at});`,
        )
      : 0;
  const all = [];
  for (let dayNum = today - 29; dayNum <= today; dayNum++) for (const v of conversationsOf(dayNum)) all.push({ dayNum, v });
  // The last two hand-offs so far still wait for an operator (no operator answer yet).
  const waiting = all.filter(({ v }) => v.handoff && v.start <= now).slice(-2);
  for (const w of waiting) w.v.waiting = true;
  for (const { dayNum, v } of all) {
    const c = contacts[v.contact];
    const id = `demo-an-${dayNum}-${v.j}`;
    let at = v.start;
    msg(`${id}-in`, c, at, "incoming", "contact", v.talk[0]);
    at += v.aiDelay;
    msg(`${id}-ai`, c, at, "outgoing", "assistant", v.talk[1], { assistantId: ASSISTANT, model: "gpt-4.1-mini" });
    if (at <= now) {
      s.push(
        `INSERT OR IGNORE INTO usage_events (id, account_id, kind, quantity, day, ref, meta, created_at) VALUES (${q(`${id}-tok`)}, ${q(ACCOUNT)}, 'ai_tokens', ${v.tokensIn + v.tokensOut}, ${q(new Date(at).toISOString().slice(0, 10))}, ${q(`seed:${id}`)}, ${q(JSON.stringify({ assistantId: ASSISTANT, promptTokens: v.tokensIn, completionTokens: v.tokensOut, requests: 1 }))}, ${at});`,
      );
    }
    if (v.followUp) {
      at += 60_000 + v.aiDelay * 3;
      msg(`${id}-in2`, c, at, "incoming", "contact", FOLLOW[v.j % FOLLOW.length]);
    }
    if (v.handoff) {
      msg(`${id}-ho`, c, at + 1_000, "system", "system", "Ассистент передал диалог оператору", { event: "handoff", reason: "клиент попросил человека", source: "tool" });
      if (!v.waiting) msg(`${id}-op`, c, Math.max(at + 61_000, v.start + v.operatorDelay), "outgoing", "operator", OPERATOR[v.j % OPERATOR.length]);
    } else if (v.followUp) {
      msg(`${id}-ai2`, c, at + v.aiDelay, "outgoing", "assistant", "Рады помочь! Если появятся вопросы, пишите.", { assistantId: ASSISTANT, model: "gpt-4.1-mini" });
    }
  }
  // The threads' last message, and their status now: most are closed; the last hand-offs of today wait for an operator.
  // The inbox lists by updated_at: this history stays under the demo's curated conversations (the tours and tests open those).
  s.push(
    `UPDATE threads SET last_message = (SELECT m.content FROM messages m WHERE m.thread_id = threads.id ORDER BY m.created_at DESC LIMIT 1),
       last_message_type = 'text', last_message_at = (SELECT max(m.created_at) FROM messages m WHERE m.thread_id = threads.id),
       last_incoming_at = (SELECT max(m.created_at) FROM messages m WHERE m.thread_id = threads.id AND m.direction = 'incoming'),
       updated_at = min(coalesce((SELECT max(m.created_at) FROM messages m WHERE m.thread_id = threads.id), updated_at), ${now - 3 * DAY})
     WHERE account_id = ${q(ACCOUNT)} AND id LIKE 'demo-an-t%';`,
    `UPDATE threads SET status = CASE WHEN last_message_at < ${now - 3 * DAY} THEN 'archived' ELSE 'closed' END
     WHERE account_id = ${q(ACCOUNT)} AND id LIKE 'demo-an-t%' AND status = 'active' AND last_message_at < ${now - DAY};`,
    `UPDATE threads SET status = 'closed' WHERE account_id = ${q(ACCOUNT)} AND id LIKE 'demo-an-t%' AND status = 'pending' AND id NOT IN (${waiting.map((w) => q(contacts[w.v.contact].threadId)).join(", ") || "''"});`,
    `UPDATE threads SET status = 'pending', is_gpt_active = 0 WHERE account_id = ${q(ACCOUNT)} AND id IN (${waiting.map((w) => q(contacts[w.v.contact].threadId)).join(", ") || "''"});`,
  );
  return s;
}
