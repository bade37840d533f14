import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Assistant } from "../db/schema/assistants";
import type { Message } from "../db/schema/inbox";

/**
 * What the model sees: the system prompt (instructions, knowledge, what we know about the
 * customer, the house rules of the product) and the conversation's recent history, newest first
 * until the token budget is spent. Token counts are estimated (≈3 characters per token for
 * Cyrillic and English alike): exact counting would need the model's tokenizer in the Worker.
 */
export const BUDGET = {
  /** Knowledge beyond this is cut (the editor warns long before). */
  knowledgeTokens: 6_000,
  /** History (customer, assistant, operator, tool messages). */
  historyTokens: 3_000,
  /** How many recent messages are read from D1 at most. */
  historyMessages: 60,
} as const;

export const estimateTokens = (s: string) => Math.ceil(s.length / 3);

const LANGUAGE: Record<string, string> = { ru: "русском", en: "английском", ar: "арабском", fr: "французском" };
const PLATFORM: Record<string, string> = { TELEGRAM: "Telegram", WHATSAPP: "WhatsApp", INSTAGRAM: "Instagram", WEBCHAT: "тестовом чате" };

export interface PromptContext {
  assistant: Assistant;
  accountName: string;
  timezone: string;
  now: number;
  contact: { name: string; platform: string; facts: string[]; phone: string | null };
}

export function systemPrompt(ctx: PromptContext): string {
  const a = ctx.assistant;
  const parts: string[] = [];
  parts.push(a.instructions.trim() || `Ты — вежливый ИИ-ассистент компании «${ctx.accountName}». Отвечай клиентам коротко и по делу.`);
  parts.push(`Тебя зовут «${a.name}». Компания: «${ctx.accountName}».`);
  const knowledge = a.knowledge.trim();
  // A longer text is not cut any more: it is a knowledge source, searched by chunks (features/knowledge/assistant-text.ts).
  if (knowledge && knowledge.length <= BUDGET.knowledgeTokens * 3) {
    parts.push(`## База знаний (используй только эти сведения о ценах, сроках, наличии и условиях)\n${knowledge}`);
  }
  if (a.knowsCatalogue) {
    parts.push(
      "## Каталог\nЦены, наличие, характеристики товаров и действующие акции узнавай только инструментами search_products, get_product и list_promotions; называй цену так, как её вернул инструмент. Если товара нет в результатах — так и скажи, не выдумывай. Промокод клиента применяй инструментом apply_promotion.",
    );
  }
  const facts = ctx.contact.facts.slice(-20);
  const about = [
    ctx.contact.name ? `Имя в мессенджере: ${ctx.contact.name}` : null,
    ctx.contact.phone ? `Телефон: ${ctx.contact.phone}` : null,
    ...facts.map((f) => `- ${f}`),
  ].filter(Boolean);
  if (about.length) parts.push(`## Что известно о клиенте\n${about.join("\n")}`);
  const date = new Intl.DateTimeFormat("ru-RU", { timeZone: ctx.timezone, dateStyle: "full", timeStyle: "short" }).format(new Date(ctx.now));
  parts.push(
    [
      "## Правила",
      `- Отвечай на ${LANGUAGE[a.language] ?? "русском"} языке (если клиент пишет на другом языке — на его языке).`,
      `- Клиент пишет в ${PLATFORM[ctx.contact.platform] ?? "мессенджере"}: без разметки Markdown, коротко, 1–4 предложения.`,
      "- Не выдумывай факты; если ответа нет в базе знаний — скажи честно и предложи помощь оператора.",
      "- Несколько сообщений клиента подряд — это одна мысль: ответь на всё одним сообщением.",
      `- Сейчас (часовой пояс компании ${ctx.timezone}): ${date}.`,
    ].join("\n"),
  );
  return parts.join("\n\n");
}

/** Text the model gets for a stored message that is not plain text. */
function describe(m: Message): string {
  const text = m.content?.trim() ?? "";
  const kind: Record<string, string> = { image: "изображение", video: "видео", audio: "голосовое сообщение", document: "документ", contact: "контакт", incomingCall: "звонок" };
  if (m.type === "text") return text;
  const label = kind[m.type] ? `[${kind[m.type]}${m.fileName ? `: ${m.fileName}` : ""}]` : "";
  const transcript = typeof m.metadata?.scenarioAudioTranscription === "string" ? ` ${m.metadata.scenarioAudioTranscription}` : "";
  return [label, text, transcript].filter(Boolean).join(" ").trim();
}

interface StoredToolCall {
  id: string;
  type?: string;
  function: { name: string; arguments: string };
}

/**
 * Converts stored messages (oldest → newest) to chat messages. Consecutive tool_call rows of one
 * step become one assistant message; a call without its result (or a result without its call)
 * is dropped, because the API rejects unpaired tool messages.
 */
export function historyMessages(rows: Message[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  const results = new Map<string, Message>();
  for (const m of rows) if (m.type === "tool_result" && typeof m.metadata?.tool_call_id === "string") results.set(m.metadata.tool_call_id, m);
  for (let i = 0; i < rows.length; i++) {
    const m = rows[i]!;
    if (m.type === "tool_call") {
      const step = m.metadata?.step;
      const group: Message[] = [m];
      while (i + 1 < rows.length && rows[i + 1]!.type === "tool_call" && rows[i + 1]!.metadata?.step === step && step !== undefined) group.push(rows[++i]!);
      const calls = group
        .map((g) => (g.metadata?.tool_calls as StoredToolCall[] | undefined)?.[0])
        .filter((c): c is StoredToolCall => !!c && results.has(c.id));
      if (!calls.length) continue;
      out.push({ role: "assistant", content: null, tool_calls: calls.map((c) => ({ id: c.id, type: "function", function: { name: c.function.name, arguments: c.function.arguments } })) });
      for (const c of calls) out.push({ role: "tool", tool_call_id: c.id, content: results.get(c.id)!.content });
      continue;
    }
    if (m.type === "tool_result") continue; // emitted right after its call
    if (m.direction === "system" || m.isSystem) continue;
    const text = describe(m);
    if (!text) continue;
    if (m.direction === "incoming") out.push({ role: "user", content: text });
    else out.push({ role: "assistant", content: text });
  }
  return out;
}

/** Newest-first selection within the budget, then back to chronological order. Always keeps the newest message. */
export function withinBudget(rowsNewestFirst: Message[], budgetTokens = BUDGET.historyTokens): Message[] {
  const picked: Message[] = [];
  let used = 0;
  for (const m of rowsNewestFirst) {
    const cost = estimateTokens(m.content ?? "") + 4;
    if (picked.length > 0 && used + cost > budgetTokens) break;
    picked.push(m);
    used += cost;
  }
  picked.reverse();
  // Never start with a tool result whose call fell outside the budget.
  while (picked.length && picked[0]!.type === "tool_result") picked.shift();
  return picked;
}
