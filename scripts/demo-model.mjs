// The demo model: a small deterministic OpenAI-compatible chat completions server, so the product
// works end to end without an API key. It answers in Russian from the assistant's knowledge base,
// calls the built-in tools when the customer's words ask for them, and streams like the real API.
// Run alone: `node scripts/demo-model.mjs [port]`; `npm start` launches it via demo-model-launch.mjs.
import { createServer } from "node:http";

export const DEMO_MODELS = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"];

const textOf = (m) => (typeof m?.content === "string" ? m.content : Array.isArray(m?.content) ? m.content.map((p) => p.text ?? "").join(" ") : "");
const estimateTokens = (s) => Math.max(1, Math.ceil(s.length / 3));
const toolNames = (body) => new Set((body.tools ?? []).map((t) => t.function?.name).filter(Boolean));

/** A stable id from the request, so the same conversation gets the same ids. */
function stableId(prefix, seed) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
  return `${prefix}${h.toString(36)}`;
}

/** The customer's words since the assistant last spoke (a burst is answered together). */
function pendingUserText(messages) {
  const out = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "user") out.unshift(textOf(m));
    else if (m.role === "assistant" || m.role === "tool") break;
  }
  return out.join("\n").trim();
}

const STOP = new Set("это как что где когда какой какая какие можно нужно есть ваши ваша ваше ваш если или для при про без под над меня мне вас вам нас нам они она оно они тоже также очень".split(" "));
const stems = (s) =>
  (s.toLowerCase().match(/[a-zа-яё0-9]+/gi) ?? [])
    .filter((w) => w.length >= 3 && !STOP.has(w))
    .map((w) => w.slice(0, Math.max(3, Math.min(5, w.length - 1))));

/**
 * Words for matching a customer's question with the prompt's own lines: each word less its
 * inflected ending, at most 6 letters (букеты → букет, доставляете and доставка → достав, работаем
 * and работаете → работа); question words do not count.
 */
const QUESTION_WORDS = new Set("сколько скольки почему зачем кто чем куда откуда какое каких подскажите скажите пожалуйста здравствуйте привет".split(" "));
/** The words of `s` (3 letters or more, no stop word, none that `skip` says) less their inflected endings, at most 6 letters. */
const wordRoots = (s, skip = () => false) =>
  (s.toLowerCase().match(/[a-zа-яё0-9]+/gi) ?? [])
    .filter((w) => w.length >= 3 && !STOP.has(w) && !skip(w))
    .map((w) => w.replace(/(ами|ями|ете|ите|ов|ев|ей|ах|ях|ой|ый|ий|ая|ое|ые|ие|ом|ем|[аяыиеуюоьй])$/, ""))
    .filter((w) => w.length >= 3)
    .map((w) => w.slice(0, 6));
const roots = (s) => wordRoots(s, (w) => QUESTION_WORDS.has(w));

/**
 * What the prompt knows about the business, line by line: the knowledge base's lines and the
 * sentences of the instructions' «О компании: …» (what the wizard's composed instructions say of
 * a business that has no knowledge base yet).
 */
function promptLines(system) {
  const kb = /База знаний[^\n]*\n([\s\S]*?)(\n#{1,3} |\n\[\[|$)/i.exec(system)?.[1] ?? "";
  const about = /О компании:\s*([^\n]+)/.exec(system)?.[1] ?? "";
  return [
    ...kb.split(/\n+/).map((l) => l.replace(/^[-*•\s]+/, "").trim()),
    ...(about.match(/[^.!?…]+[.!?…]*/g) ?? []).map((l) => l.trim()),
  ].filter((l) => l.length > 3);
}

/** The prompt's line that shares the most words with the question (the first of equals), or null. */
function bestKnowledge(system, question) {
  const q = new Set(roots(question));
  // "Где вы находитесь?" shares no word with "у метро Сокол": an address's words stand in for it.
  if (WHERE_QUESTION.test(question)) for (const w of roots("адрес метро улица находимся")) q.add(w);
  let best = null;
  let bestScore = 0;
  for (const line of promptLines(system)) {
    const score = new Set(roots(line).filter((w) => q.has(w))).size;
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best;
}

function assistantName(system) {
  // Up to the sentence's closing quote: a name may hold quotes of its own («Консультант «Уюта»»).
  return /Тебя зовут «(.+?)»\./.exec(system)?.[1] ?? /Тебя зовут «([^»]+)»/.exec(system)?.[1] ?? /^Ты\s*[—-]\s*([^.,\n]{2,60})/m.exec(system)?.[1] ?? null;
}

function generatedInstructions(userText) {
  const name = /Название ассистента:\s*(.+)/.exec(userText)?.[1]?.trim() ?? "Ассистент";
  const company = /Компания:\s*(.+)/.exec(userText)?.[1]?.trim();
  const desc = /Описание бизнеса:\s*([\s\S]+)/.exec(userText)?.[1]?.trim() ?? userText;
  const quoted = (text) => (text.includes("«") ? text : `«${text}»`);
  return [
    `Ты — ${quoted(name)}, вежливый ИИ-ассистент компании${company ? ` ${quoted(company)}` : ""}. О компании: ${desc}`,
    "",
    "Цели:",
    "- Быстро и точно отвечать на вопросы клиентов о товарах, услугах, ценах, сроках и условиях.",
    "- Помогать клиенту сделать выбор и довести его до заказа или записи.",
    "- Собирать контактные данные (имя, телефон) и запоминать важные факты о клиенте.",
    "",
    "Как вести диалог:",
    "- Пиши коротко и по делу, 1–3 предложения, на «вы», дружелюбно.",
    "- Задавай не больше одного уточняющего вопроса за раз.",
    "- Используй только сведения из базы знаний; если ответа нет — честно скажи и предложи связаться с оператором.",
    "",
    "Передача оператору:",
    "- Если клиент просит человека, жалуется или вопрос вне твоей компетенции — вызови передачу оператору.",
    "",
    "Нельзя:",
    "- Выдумывать цены, сроки, наличие и скидки.",
    "- Обещать то, чего нет в базе знаний, и обсуждать темы, не связанные с компанией.",
  ].join("\n");
}

/**
 * The deterministic decision for one request: `{ content }` or `{ toolCalls: [{ id, name, arguments }] }`.
 */
export function demoReply(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages.filter((m) => m.role === "system").map(textOf).join("\n");
  const tools = toolNames(body);
  const last = messages[messages.length - 1];
  const seed = JSON.stringify(messages).slice(-2000);

  if (/системный промпт/i.test(system) && /Описание бизнеса/.test(textOf(last))) {
    return { content: generatedInstructions(textOf(last)) };
  }

  // After tool results: say what happened.
  if (last?.role === "tool") {
    const results = [];
    for (let i = messages.length - 1; i >= 0 && messages[i].role === "tool"; i--) results.unshift(messages[i]);
    const calls = new Map();
    for (const m of messages) for (const c of m.tool_calls ?? []) calls.set(c.id, c.function?.name);
    const parts = [];
    // This turn's knowledge search, if the runner made one (an empty product search falls back to it).
    const knowledge = turnKnowledge(messages, calls);
    for (const r of results) {
      let data = {};
      try {
        data = JSON.parse(textOf(r));
      } catch {
        data = {};
      }
      const name = calls.get(r.tool_call_id);
      if (data.error) parts.push("Извините, не получилось выполнить действие. Попробуйте, пожалуйста, сформулировать иначе.");
      else if (name === "handoff_to_operator") parts.push("Хорошо, передаю ваш вопрос оператору — он ответит вам в ближайшее время.");
      else if (name === "get_current_datetime") parts.push(`Сейчас ${data.time}, ${data.weekday}, ${data.date}.`);
      else if (name === "save_contact_fact") parts.push("Спасибо, я запомнил это.");
      else if (name === "search_knowledge") parts.push(knowledgeAnswer(data, pendingUserTextBefore(messages)));
      else if (name === "search_products" && !data.products?.length && knowledge?.covered) {
        // Nothing in the catalogue, but the knowledge base covered the question ("Есть ли доставка в
        // Казань?" is about the shop, not a product): its answer, not "no such product".
        parts.push(knowledgeAnswer(knowledge, pendingUserTextBefore(messages)));
      } else if (CATALOGUE_ANSWERS[name]) parts.push(CATALOGUE_ANSWERS[name](data));
      else if (BOOKING_ANSWERS[name]) parts.push(BOOKING_ANSWERS[name](data));
      else parts.push("Готово.");
    }
    const question = pendingUserTextBefore(messages);
    // A booking question: the free slots found → book the first one (the customer asked to be booked).
    const booking = bookingFollowUp(tools, results, calls, question);
    if (booking) return { toolCalls: [{ id: stableId("call_", `${seed}:book`), ...booking }] };
    // The runner's knowledge search came first; what the customer's words ask for (a person, facts,
    // the catalogue, a booking, the time) still gets its tools (their answers replace the knowledge base's).
    const searchedOnly = results.every((r) => calls.get(r.tool_call_id) === "search_knowledge");
    const next = searchedOnly && question ? customerCalls(tools, question) : [];
    if (next.length) return { toolCalls: next.map((c, i) => ({ id: stableId("call_", `${seed}:${i}`), ...c })) };
    const searched = results.some((r) => calls.get(r.tool_call_id) === "search_knowledge");
    const kb = question && !searched && !results.some((r) => ["handoff_to_operator", ...Object.keys(CATALOGUE_ANSWERS)].includes(calls.get(r.tool_call_id))) ? bestKnowledge(system, question) : null;
    return { content: [...new Set(parts)].join(" ") + (kb ? ` ${kb}` : "") };
  }

  const user = pendingUserText(messages);
  const lower = user.toLowerCase();
  const calls = customerCalls(tools, user);
  if (calls.length) return { toolCalls: calls.map((c, i) => ({ id: stableId("call_", `${seed}:${i}`), ...c })) };

  const name = assistantName(system);
  if (/^(спасибо|благодарю|thanks|thank you)/i.test(lower)) return { content: "Пожалуйста! Если появятся вопросы — пишите, я на связи." };
  const greeting = GREETING.exec(user);
  // A greeting alone is answered with one; a greeting with a question, with the answer after it.
  const question = greeting ? user.slice(greeting[0].length).trim() : user;
  const hello = greeting ? `Здравствуйте!${name ? ` Я ${name}.` : ""}` : "";
  if (greeting && !roots(question).length) return { content: `${hello} Чем могу помочь?` };
  const kb = bestKnowledge(system, question);
  // A price the line does not name is not made up: a person says it.
  const price = kb && PRICE_QUESTION.test(question) && !/₽|руб/i.test(kb) ? " Точную цену подскажет оператор — подключить его?" : "";
  if (kb) return { content: `${greeting ? "Здравствуйте! " : ""}${kb}${price}` };
  return { content: `${hello ? `${hello} ` : ""}${NO_ANSWER}` };
}

const GREETING = /^(привет\S*|здравствуй\S*|добр(ый|ое|ого)\s+(день|утро|вечер|времени\s+суток)|доброе\s+утро|hello|hi)(?![a-zа-яё])[\s!,.]*/i;
const WHERE_QUESTION = /(где\s+(вы|у\s+вас|наход)|адрес|как\s+(до\s+вас\s+)?(добраться|доехать|пройти)|находитесь)/i;
const PRICE_QUESTION = /(сколько\s+сто[ия]|стоимост|цен[аыуе]|почём|почем)/i;
const NO_ANSWER = "Спасибо за вопрос! Уточните, пожалуйста, детали — постараюсь помочь. Если нужно, могу подключить оператора.";

const ORDER_STATUS = /(где\s+(мой\s+|наш\s+)?заказ|статус\S*\s+заказ|когда\s+(привез|доставя|придёт|придет)|заказ\S*\s*(№|номер)?\s*\d{3,})/i;

/**
 * The tools the customer's words ask for: a person (handoff), their name or phone (facts), a
 * product or a discount (catalogue), a booking, the date and time. The same before and after the
 * runner's knowledge search, which comes first whenever the assistant has knowledge.
 */
function customerCalls(tools, user) {
  const lower = user.toLowerCase();
  const calls = [];
  if (tools.has("handoff_to_operator") && /(оператор|человек|менеджер|живой|сотрудник|operator|human|person)/i.test(lower)) {
    calls.push({ name: "handoff_to_operator", arguments: JSON.stringify({ reason: "Клиент просит связаться с оператором" }) });
    return calls;
  }
  // Where an order is: the assistant cannot see orders, a person can.
  if (tools.has("handoff_to_operator") && ORDER_STATUS.test(lower)) {
    calls.push({ name: "handoff_to_operator", arguments: JSON.stringify({ reason: "Клиент спрашивает о своём заказе" }) });
    return calls;
  }
  if (tools.has("save_contact_fact")) {
    const name = /меня зовут\s+([A-ZА-ЯЁ][a-zа-яё-]+)/i.exec(user)?.[1];
    if (name) calls.push({ name: "save_contact_fact", arguments: JSON.stringify({ fact: `Клиента зовут ${name}` }) });
    const phone = /(\+?\d[\d\s()-]{8,}\d)/.exec(user)?.[1];
    if (phone) calls.push({ name: "save_contact_fact", arguments: JSON.stringify({ fact: `Телефон клиента: ${phone.replace(/[\s()-]/g, "")}` }) });
  }
  calls.push(...catalogueCalls(tools, lower));
  calls.push(...bookingCalls(tools, lower));
  if (tools.has("get_current_datetime") && /(котор\S* час|сколько времени|какое\s+(сегодня\s+)?число|какой\s+(сегодня\s+)?день|какая\s+(сегодня\s+)?дата|сегодня\s+открыт|сейчас\s+открыт|вы\s+(сейчас\s+)?работаете)/i.test(lower)) {
    calls.push({ name: "get_current_datetime", arguments: "{}" });
  }
  return calls;
}

// Calendar booking (issue #20): "запишите меня" / "свободное время" → find_free_slots; its slots
// → book_slot with the first (only when the customer asked to be booked); "отмените запись" → cancel_booking.
const BOOK_QUESTION = /(запиш|записат|забронир|book|appointment)/i;
const SLOTS_QUESTION = /(свободн\S*\s+(врем|окн|слот)|когда\s+можно\s+прийти|есть\s+ли\s+время|free\s+slot)/i;
const CANCEL_QUESTION = /(отмен\S*\s+(мою\s+)?запис|cancel\s+(my\s+)?booking)/i;

function bookingCalls(tools, lower) {
  if (tools.has("cancel_booking") && CANCEL_QUESTION.test(lower)) return [{ name: "cancel_booking", arguments: "{}" }];
  if (tools.has("find_free_slots") && (BOOK_QUESTION.test(lower) || SLOTS_QUESTION.test(lower))) return [{ name: "find_free_slots", arguments: JSON.stringify({ days: 7 }) }];
  return [];
}

function bookingFollowUp(tools, results, calls, question) {
  if (!tools.has("book_slot") || !question || !BOOK_QUESTION.test(question) || CANCEL_QUESTION.test(question)) return null;
  for (const r of results) {
    if (calls.get(r.tool_call_id) !== "find_free_slots") continue;
    let data = {};
    try {
      data = JSON.parse(textOf(r));
    } catch {
      data = {};
    }
    const first = data.slots?.[0];
    if (first) return { name: "book_slot", arguments: JSON.stringify({ start: first.start }) };
  }
  return null;
}

const when = (iso) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(String(iso ?? ""));
  return m ? `${m[3]}.${m[2]} в ${m[4]}` : String(iso ?? "");
};
const BOOKING_ANSWERS = {
  find_free_slots: (d) =>
    d.ok === false
      ? "К сожалению, запись сейчас недоступна. Могу подключить оператора."
      : d.slots?.length
        ? `Есть свободное время: ${d.slots.slice(0, 4).map((s) => when(s.start)).join(", ")}. Какое время вам удобно?`
        : "К сожалению, в ближайшие дни свободного времени нет. Могу подключить оператора.",
  book_slot: (d) =>
    d.ok ? `Готово! Записал вас на ${when(d.start)}.` : d.reason === "slot_taken" ? "Это время только что заняли — давайте подберём другое." : "Не получилось записать на это время, давайте подберём другое.",
  cancel_booking: (d) => (d.ok ? `Запись на ${when(d.start)} отменена.` : "У вас нет предстоящих записей."),
};

// The catalogue (issue #17): a question about a product's price or stock → search_products with the
// question's words less their endings (the catalogue's search is substring-based); about discounts → list_promotions.
const PRODUCT_QUESTION = /(сколько\s+сто[ия]|стоимост|цен[аыуе]|почём|почем|в\s+наличии|есть\s+ли|есть\s+у\s+вас|у\s+вас\s+есть|купить|заказать|закажу|товар|ищу|нужн[аоы]?(?![а-яё])|нужен(?![а-яё]))/i;
const PROMO_QUESTION = /(акци|скидк|промокод|распродаж)/i;
const PRODUCT_STOP = new Set(
  stems(
    "сколько стоит стоят стоимость нужен нужна нужно нужны ищу цена цены цену почём почем наличии купить заказать закажу товар товары подскажите пожалуйста хочу ваше вашу ваши магазине скидки скидка акции акция есть какая какой какие здравствуйте привет добрый доброе день утро вечер спасибо",
  ),
);

/**
 * A product question's words for the catalogue's substring search: each word less its inflected
 * ending (пледы → плед, вазы → ваз, подушки → подушк), at most 6 letters; a 3–5 letter prefix
 * ("пле") would find "комплект" too.
 */
function productWords(lower) {
  return wordRoots(lower, (w) => PRODUCT_STOP.has(stems(w)[0]));
}

function catalogueCalls(tools, lower) {
  const calls = [];
  if (tools.has("search_products") && PRODUCT_QUESTION.test(lower)) {
    const query = productWords(lower).slice(0, 4).join(" ");
    if (query) calls.push({ name: "search_products", arguments: JSON.stringify({ query, limit: 3 }) });
  }
  if (tools.has("list_promotions") && PROMO_QUESTION.test(lower)) calls.push({ name: "list_promotions", arguments: "{}" });
  return calls;
}

const productLine = (p) => `«${p.name}» — ${p.price?.text}${p.oldPrice ? ` вместо ${p.oldPrice.text}` : ""}, ${String(p.availability ?? "").toLowerCase()}`;
const CATALOGUE_ANSWERS = {
  search_products: (d) => {
    const list = d.products ?? [];
    if (!list.length) return "К сожалению, такого товара нет в нашем каталоге. Могу подсказать что-то похожее или подключить оператора.";
    if (list.length === 1) return `${productLine(list[0])}.${list[0].link ? ` Подробнее: ${list[0].link}` : ""}`;
    return `Нашёл несколько вариантов: ${list.map(productLine).join("; ")}.`;
  },
  get_product: (d) => (d.product ? `${productLine(d.product)}.` : "К сожалению, такого товара нет в каталоге."),
  list_promotions: (d) =>
    d.promotions?.length
      ? `Сейчас действуют акции: ${d.promotions.map((p) => `«${p.name}»${p.discount ? ` (скидка ${p.discount})` : p.gift ? ` (${p.gift})` : ""}${p.code ? `, промокод ${p.code}` : ""}`).join("; ")}.`
      : "Сейчас акций нет, но следите за новостями!",
};

/**
 * The answer from the knowledge base's search (the runner's search_knowledge result): the FAQ answer
 * or the sentences of the best-ranked chunk that share the most words with the question; the
 * chunks' order is the retrieval's ranking, so a tie goes to the better chunk.
 */
function knowledgeAnswer(data, question) {
  const results = Array.isArray(data.results) ? data.results : [];
  if (!data.covered || !results.length) {
    return "К сожалению, в моей базе знаний нет ответа на этот вопрос. Могу подключить оператора — он подскажет.";
  }
  const q = new Set(stems(question));
  let best = null;
  let bestScore = -Infinity;
  results.forEach((r, rank) => {
    const text = String(r.text ?? "");
    const answer = /Ответ:\s*([\s\S]*?)(\nТеги:|$)/.exec(text)?.[1]?.trim();
    if (answer) {
      // An FAQ entry is matched by its question and tags as well as its answer, and an entry whose
      // question has words the customer did not use ranks lower: "Есть ли доставка в Казань?" goes
      // to "Доставляете ли вы в другие города?" rather than "Сколько стоит доставка по Москве?".
      const faqQuestion = /Вопрос:\s*(.+)/.exec(text)?.[1] ?? "";
      const tags = /Теги:\s*(.+)/.exec(text)?.[1] ?? "";
      const matched = new Set(stems(`${faqQuestion} ${answer} ${tags}`).filter((w) => q.has(w))).size;
      const unmatched = new Set(stems(faqQuestion).filter((w) => !q.has(w))).size;
      // A curated answer goes before a document's sentence that shares as many words (+5).
      // Without a shared word the search's own ranking decides (it matched synonyms the stems do not know).
      const score = matched ? matched * 10 - rank - 2 * unmatched + 5 : -rank;
      if (score > bestScore) {
        best = answer;
        bestScore = score;
      }
      return;
    }
    const candidates = (text.match(/[^.!?…\n]+[.!?…]*/g) ?? []).map((t) => t.trim()).filter((t) => t.length > 3);
    for (const c of candidates) {
      const heading = c.length < 60 && !/[.!?…]$/.test(c);
      const matched = stems(c).filter((w) => q.has(w)).length;
      const score = matched * 10 - rank - (heading ? 5 : 0);
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
  });
  return best ?? String(results[0].text ?? "");
}

/** The knowledge search's result of the current turn (a tool message after the customer's last words), parsed; null without one. */
function turnKnowledge(messages, calls) {
  for (let i = messages.length - 1; i >= 0 && messages[i].role !== "user"; i--) {
    const m = messages[i];
    if (m.role !== "tool" || calls.get(m.tool_call_id) !== "search_knowledge") continue;
    try {
      return JSON.parse(textOf(m));
    } catch {
      return null;
    }
  }
  return null;
}

function pendingUserTextBefore(messages) {
  let i = messages.length - 1;
  while (i >= 0 && messages[i].role !== "user") i--;
  return i >= 0 ? pendingUserText(messages.slice(0, i + 1)) : "";
}

function usageFor(body, reply) {
  const prompt = estimateTokens(JSON.stringify(body.messages ?? []));
  const completion = estimateTokens(reply.content ?? JSON.stringify(reply.toolCalls ?? []));
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A non-streaming chat completion object for a reply. */
export function completionJson(body, reply, created = Math.floor(Date.now() / 1000)) {
  const toolCalls = reply.toolCalls?.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.arguments } }));
  return {
    id: stableId("chatcmpl-", JSON.stringify(body.messages ?? []).slice(-2000)),
    object: "chat.completion",
    created,
    model: body.model ?? "gpt-4.1-mini",
    choices: [
      {
        index: 0,
        message: toolCalls?.length ? { role: "assistant", content: null, tool_calls: toolCalls } : { role: "assistant", content: reply.content ?? "" },
        finish_reason: toolCalls?.length ? "tool_calls" : "stop",
      },
    ],
    usage: usageFor(body, reply),
  };
}

/** The chunks of a streamed reply: text word by word, tool calls in two deltas each. */
export function completionChunks(body, reply, created = Math.floor(Date.now() / 1000)) {
  const base = { id: stableId("chatcmpl-", JSON.stringify(body.messages ?? []).slice(-2000)), object: "chat.completion.chunk", created, model: body.model ?? "gpt-4.1-mini" };
  const chunks = [{ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] }];
  if (reply.toolCalls?.length) {
    reply.toolCalls.forEach((c, index) => {
      chunks.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }] }, finish_reason: null }] });
      chunks.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: c.arguments } }] }, finish_reason: null }] });
    });
    chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] });
  } else {
    for (const piece of (reply.content ?? "").match(/\S+\s*|\s+/g) ?? []) chunks.push({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    chunks.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
  }
  if (body.stream_options?.include_usage) chunks.push({ ...base, choices: [], usage: usageFor(body, reply) });
  return chunks;
}

/** Writes a reply in the wire format the request asked for (JSON or server-sent events). */
export async function writeCompletion(res, body, reply, { chunkDelayMs = 0 } = {}) {
  if (body?.stream) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    for (const chunk of completionChunks(body, reply)) {
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      if (chunkDelayMs) await new Promise((r) => setTimeout(r, chunkDelayMs));
    }
    res.end("data: [DONE]\n\n");
    return;
  }
  const payload = JSON.stringify(completionJson(body, reply));
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  res.end(payload);
}

function sendError(res, status, message, type = "invalid_request_error") {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

/** The HTTP server of the demo model (not listening yet). */
export function createDemoModelServer({ chunkDelayMs = 15 } = {}) {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.replace(/^\/v1/, "");
    if (req.method === "GET" && path === "/models") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ object: "list", data: DEMO_MODELS.map((id) => ({ id, object: "model", created: 0, owned_by: "demo" })) }));
    }
    if (req.method === "GET" && (path === "/" || path === "/health")) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ok: true, demo: true }));
    }
    if (req.method !== "POST" || path !== "/chat/completions") return sendError(res, 404, `Unknown route ${req.method} ${url.pathname}`);
    let raw = "";
    for await (const c of req) raw += c;
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(res, 400, "We could not parse the JSON body of your request.");
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) return sendError(res, 400, "'messages' must be a non-empty array");
    await writeCompletion(res, body, demoReply(body), { chunkDelayMs: body.stream ? chunkDelayMs : 0 });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? process.env.DEMO_MODEL_PORT ?? 8788);
  const server = createDemoModelServer();
  server.listen(port, "127.0.0.1", () => console.log(`demo model listening on http://127.0.0.1:${port}/v1`));
}
