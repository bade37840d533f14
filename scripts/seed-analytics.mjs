// Seed of the analytics history: 30 days of conversations of the demo account on its Telegram and
// WhatsApp channels (customers' questions, the assistant's answers, hand-offs and operators'
// answers, the model's tokens), written as messages so the rollup triggers fill analytics_hourly
// exactly as live traffic does. Deterministic: ids and times (whole milliseconds, as Date.now() gives)
// come from the absolute day, INSERT OR IGNORE skips what exists (and an ignored row fires no
// trigger); a later run the same day adds only the messages whose time has come since.
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
export function rand(seed) {
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
    // 09:00–21:00 in Moscow (06–18 UTC), spread over the day; whole milliseconds, as live messages have
    // (a fractional time makes a fractional rollup hour, which no local day of the dashboard matches).
    start: Math.floor(dayNum * DAY + (6 + (j * 12) / count + r() * 0.6) * 3_600_000),
    talk: TALKS[Math.floor(r() * TALKS.length)],
    aiDelay: 2_000 + Math.floor(r() * 40_000),
    followUp: r() < 0.45,
    handoff: r() < 0.18,
    operatorDelay: 90_000 + Math.floor(r() * 25 * 60_000),
    tokensIn: 900 + Math.floor(r() * 900),
    tokensOut: 60 + Math.floor(r() * 140),
  }));
}

// The customers of this history: one thread each, on Telegram or WhatsApp by turns.
const CONTACTS = NAMES.map((name, i) => ({ id: `demo-an-c${i}`, threadId: `demo-an-t${i}`, name, channel: CHANNELS[i % 2] }));

/**
 * The conversations of the 30 days up to `now` (today included, also those still to come today), in
 * time order, each with the contact it is with; the last two hand-offs so far still wait for an
 * operator (no operator answer yet).
 */
export function demoConversations(now) {
  const today = Math.floor(now / DAY);
  const all = [];
  for (let dayNum = today - 29; dayNum <= today; dayNum++) for (const v of conversationsOf(dayNum)) all.push({ dayNum, v, contact: CONTACTS[v.contact] });
  for (const w of all.filter(({ v }) => v.handoff && v.start <= now).slice(-2)) w.v.waiting = true;
  return all;
}

/** One conversation's messages in order: id suffix, time, direction, sender, text, metadata. */
export function messagesOf(v) {
  const out = [];
  const ai = { assistantId: ASSISTANT, model: "gpt-4.1-mini" };
  let at = v.start;
  out.push({ suffix: "in", at, dir: "incoming", sender: "contact", text: v.talk[0] });
  at += v.aiDelay;
  out.push({ suffix: "ai", at, dir: "outgoing", sender: "assistant", text: v.talk[1], meta: ai });
  if (v.followUp) {
    at += 60_000 + v.aiDelay * 3;
    out.push({ suffix: "in2", at, dir: "incoming", sender: "contact", text: FOLLOW[v.j % FOLLOW.length] });
  }
  if (v.handoff) {
    out.push({ suffix: "ho", at: at + 1_000, dir: "system", sender: "system", text: "Ассистент передал диалог оператору", meta: { event: "handoff", reason: "клиент попросил человека", source: "tool" } });
    if (!v.waiting) out.push({ suffix: "op", at: Math.max(at + 61_000, v.start + v.operatorDelay), dir: "outgoing", sender: "operator", text: OPERATOR[v.j % OPERATOR.length] });
  } else if (v.followUp) {
    out.push({ suffix: "ai2", at: at + v.aiDelay, dir: "outgoing", sender: "assistant", text: "Рады помочь! Если появятся вопросы, пишите.", meta: ai });
  }
  return out;
}

/**
 * Databases seeded before the times were whole milliseconds hold fractional ones: in the messages
 * and token events of this history, in the conversations the triggers opened from them, and as
 * fractional hours in the rollup (the dashboard's "today" missed those hours). Whole them: the rollup's
 * fractional hours are added into their whole hour (the hour every live message of that time counts
 * in). On any later run nothing matches.
 */
function wholeTimes(q) {
  const acc = q(ACCOUNT);
  const whole = (col) => `${col} = CAST(${col} AS INTEGER)`;
  return [
    `UPDATE messages SET ${whole("created_at")}, ${whole("updated_at")} WHERE account_id = ${acc} AND id LIKE 'demo-an-%' AND (typeof(created_at) = 'real' OR typeof(updated_at) = 'real');`,
    `UPDATE usage_events SET ${whole("created_at")} WHERE account_id = ${acc} AND id LIKE 'demo-an-%' AND typeof(created_at) = 'real';`,
    `UPDATE analytics_conversations SET ${whole("started_at")}, ${whole("last_at")}, ${whole("first_reply_at")}, ${whole("last_reply_at")}
     WHERE account_id = ${acc} AND thread_id LIKE 'demo-an-t%' AND (typeof(started_at) = 'real' OR typeof(last_at) = 'real' OR typeof(first_reply_at) = 'real' OR typeof(last_reply_at) = 'real');`,
    `INSERT INTO analytics_hourly (account_id, hour, metric, channel_id, assistant_id, dim, quantity)
     SELECT account_id, CAST(hour AS INTEGER), metric, channel_id, assistant_id, dim, sum(quantity) FROM analytics_hourly
     WHERE account_id = ${acc} AND typeof(hour) = 'real' GROUP BY account_id, CAST(hour AS INTEGER), metric, channel_id, assistant_id, dim
     ON CONFLICT (account_id, hour, metric, channel_id, assistant_id, dim) DO UPDATE SET quantity = quantity + excluded.quantity;`,
    `DELETE FROM analytics_hourly WHERE account_id = ${acc} AND typeof(hour) = 'real';`,
  ];
}

export function analyticsSeed(now, q) {
  const s = [...wholeTimes(q)];
  for (const c of CONTACTS) {
    const since = now - 40 * DAY;
    s.push(
      `INSERT OR IGNORE INTO contacts (id, account_id, platform, platform_user_id, name, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (${q(c.id)}, ${q(ACCOUNT)}, ${q(c.channel.platform)}, ${q(`an-${c.id}`)}, ${q(c.name)}, 0, ${q(c.name.toLowerCase().replace(/ё/g, "е"))}, '{}', '[]', ${since}, ${since}, ${since}, ${since});`,
      `INSERT OR IGNORE INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (${q(c.threadId)}, ${q(ACCOUNT)}, ${q(c.id)}, ${q(c.channel.id)}, 'dm', '', ${q(ASSISTANT)}, 'active', 'COMPLETED', 1, 0, ${q(c.name.toLowerCase().replace(/ё/g, "е"))}, ${q(c.channel.platform)}, 0, ${since}, ${since});`,
    );
  }
  const all = demoConversations(now);
  const waiting = all.filter(({ v }) => v.waiting);
  for (const { dayNum, v, contact: c } of all) {
    const id = `demo-an-${dayNum}-${v.j}`;
    for (const m of messagesOf(v)) {
      if (m.at > now) continue;
      const mid = `${id}-${m.suffix}`;
      s.push(
        `INSERT OR IGNORE INTO messages (id, account_id, thread_id, contact_id, type, direction, content, is_system, is_sent, is_delivered, is_read, delivery_status, metadata, sender_type, sender_user_id, dedupe_key, created_at, updated_at) VALUES (${q(mid)}, ${q(ACCOUNT)}, ${q(c.threadId)}, ${q(c.id)}, 'text', ${q(m.dir)}, ${q(m.text)}, ${m.dir === "system" ? 1 : 0}, ${m.dir === "outgoing" ? 1 : 0}, ${m.dir === "outgoing" ? 1 : 0}, ${m.dir === "outgoing" ? 1 : 0}, ${m.dir === "outgoing" ? "'read'" : "NULL"}, ${q(JSON.stringify(m.meta ?? {}))}, ${q(m.sender)}, ${m.sender === "operator" ? "'demo-user'" : "NULL"}, ${q(`seed:${mid}`)}, ${m.at}, ${m.at});`,
      );
      // The model's tokens of the first answer.
      if (m.suffix === "ai")
        s.push(
          `INSERT OR IGNORE INTO usage_events (id, account_id, kind, quantity, day, ref, meta, created_at) VALUES (${q(`${id}-tok`)}, ${q(ACCOUNT)}, 'ai_tokens', ${v.tokensIn + v.tokensOut}, ${q(new Date(m.at).toISOString().slice(0, 10))}, ${q(`seed:${id}`)}, ${q(JSON.stringify({ assistantId: ASSISTANT, promptTokens: v.tokensIn, completionTokens: v.tokensOut, requests: 1 }))}, ${m.at});`,
        );
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
    `UPDATE threads SET status = 'closed' WHERE account_id = ${q(ACCOUNT)} AND id LIKE 'demo-an-t%' AND status = 'pending' AND id NOT IN (${waiting.map((w) => q(w.contact.threadId)).join(", ") || "''"});`,
    `UPDATE threads SET status = 'pending', is_gpt_active = 0 WHERE account_id = ${q(ACCOUNT)} AND id IN (${waiting.map((w) => q(w.contact.threadId)).join(", ") || "''"});`,
  );
  return s;
}
