import { z } from "zod";
import type { Env } from "../env";
import { CATALOGUE_TOOLS } from "../features/products/catalogue-tools";
import { knowledgeForTurn, knowledgeToolResult } from "../features/knowledge/knowledge.assistants";
import { requestLead } from "../features/bitrix24/leads";
import { CALENDAR_TOOLS } from "../features/google-calendar/calendar-tools";

/**
 * The tools registry: every function the model may call, with its JSON Schema (sent to the model)
 * and a zod schema (applied to the model's arguments, which are sometimes invalid JSON or wrong).
 * Later issues add products, promotions, calendar booking and CRM by appending to TOOLS.
 */
export interface ToolContext {
  env: Env;
  accountId: string;
  threadId: string;
  contactId: string;
  assistantId: string;
  timezone: string;
  now: number;
  /** Set by the handoff tool: the runner switches the thread's AI off and notifies operators. */
  handoff?: { reason: string };
  /** Filled by tools that change the contact (facts), so the runner can push the update. */
  contactChanged?: boolean;
  /** The products the turn's last catalogue call showed (one with a photo: the reply goes out as its card). */
  productsShown?: ProductCardSource[];
}

/** What a product card needs (features/products/product-card.ts). */
export interface ProductCardSource {
  productId: string;
  name: string;
  price: number;
  oldPrice: number | null;
  currency: string;
  availability: string;
  imageKey: string | null;
  link: string | null;
}

/** The knowledge base's tool: the runner calls it before the model when the assistant has sources, and enables it for the model's own searches. */
export const SEARCH_KNOWLEDGE = "search_knowledge";

export interface ToolDefinition<A extends z.ZodType = z.ZodType> {
  name: string;
  /** Russian label for the editor. */
  title: string;
  description: string;
  /** On for a new assistant. */
  defaultOn: boolean;
  args: A;
  parameters: Record<string, unknown>;
  run(ctx: ToolContext, args: z.output<A>): Promise<unknown>;
}

function tool<A extends z.ZodType>(def: ToolDefinition<A>): ToolDefinition<A> {
  return def;
}

/**
 * The arguments of a tool that takes one required string: the zod check (trimmed, `min`–`max`
 * characters) and the JSON Schema the model sees, written from one place so they cannot drift apart.
 */
function oneString<K extends string>(key: K, description: string, min: number, max: number) {
  return {
    args: z.object({ [key]: z.string().trim().min(min).max(max) } as Record<K, z.ZodString>),
    parameters: { type: "object", properties: { [key]: { type: "string", description } }, required: [key], additionalProperties: false },
  };
}

export const MAX_FACTS = 50;

export const TOOLS = [
  tool({
    name: "handoff_to_operator",
    title: "Передать диалог оператору",
    description:
      "Передать диалог живому оператору. Вызывай, когда клиент просит человека/оператора/менеджера, жалуется, или вопрос вне твоей компетенции. После вызова коротко сообщи клиенту, что подключится оператор.",
    defaultOn: true,
    ...oneString("reason", "Кратко: почему нужен оператор", 1, 500),
    async run(ctx, args) {
      ctx.handoff = { reason: args.reason };
      return { ok: true, message: "Диалог передан оператору. ИИ в этом диалоге выключен." };
    },
  }),
  tool({
    name: "get_current_datetime",
    title: "Текущие дата и время",
    description: "Узнать текущие дату, время и день недели в часовом поясе компании.",
    defaultOn: true,
    args: z.object({}),
    parameters: { type: "object", properties: {}, additionalProperties: false },
    async run(ctx) {
      const d = new Date(ctx.now);
      const fmt = (o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("ru-RU", { timeZone: ctx.timezone, ...o }).format(d);
      return {
        timezone: ctx.timezone,
        date: fmt({ year: "numeric", month: "2-digit", day: "2-digit" }),
        time: fmt({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
        weekday: fmt({ weekday: "long" }),
        iso: d.toISOString(),
      };
    },
  }),
  tool({
    name: "save_contact_fact",
    title: "Запомнить факт о клиенте",
    description:
      "Сохранить важный факт о клиенте (имя, телефон, предпочтения, адрес доставки и т. п.), чтобы помнить его в следующих разговорах. Один короткий факт за вызов.",
    defaultOn: true,
    ...oneString("fact", "Факт одним предложением, например «Зовут Анна, предпочитает доставку вечером»", 2, 300),
    async run(ctx, args) {
      const row = await ctx.env.DB.prepare("SELECT facts FROM contacts WHERE id = ? AND account_id = ?").bind(ctx.contactId, ctx.accountId).first<{ facts: string }>();
      if (!row) return { ok: false, error: "Контакт не найден" };
      let facts: string[] = [];
      try {
        facts = JSON.parse(row.facts) as string[];
      } catch {
        facts = [];
      }
      if (!facts.includes(args.fact)) {
        facts.push(args.fact);
        if (facts.length > MAX_FACTS) facts = facts.slice(-MAX_FACTS);
        await ctx.env.DB.prepare("UPDATE contacts SET facts = ?, updated_at = ? WHERE id = ? AND account_id = ?")
          .bind(JSON.stringify(facts), ctx.now, ctx.contactId, ctx.accountId)
          .run();
        ctx.contactChanged = true;
      }
      return { ok: true, saved: args.fact, totalFacts: facts.length };
    },
  }),
  tool({
    name: SEARCH_KNOWLEDGE,
    title: "Поиск по базе знаний",
    description:
      "Найти в базе знаний компании (FAQ, документы, страницы сайта) ответ на вопрос клиента. Отвечай только по найденным фрагментам; если covered = false, ответа в базе нет — не выдумывай, предложи оператора.",
    defaultOn: false,
    ...oneString("query", "Вопрос или ключевые слова для поиска", 2, 500),
    async run(ctx, args) {
      const k = await knowledgeForTurn(ctx.env, ctx.accountId, ctx.assistantId, args.query);
      return k ? knowledgeToolResult(k.retrieval) : { query: args.query, covered: false, results: [] };
    },
  }),
  tool({
    name: "create_lead",
    title: "Создать лид в CRM",
    description:
      "Передать клиента в CRM компании (Bitrix24) как лид или сделку. Вызывай, когда клиент готов купить, оставить заявку или просит связаться с ним. Для одного клиента лид создаётся один раз.",
    defaultOn: false,
    args: z.object({}),
    parameters: { type: "object", properties: {}, additionalProperties: false },
    async run(ctx) {
      const queued = await requestLead(ctx.env, ctx.accountId, ctx.contactId, "assistantTool", ctx.threadId);
      return queued ? { ok: true, message: "Заявка передана в CRM" } : { ok: false, error: "CRM не подключена или создание лидов ассистентом выключено в настройках" };
    },
  }),
  // Google Calendar booking (features/google-calendar): find_free_slots, book_slot, cancel_booking.
  ...CALENDAR_TOOLS,
] as const satisfies readonly ToolDefinition<any>[];

export type ToolName = (typeof TOOLS)[number]["name"];
export const TOOL_NAMES = TOOLS.map((t) => t.name) as [ToolName, ...ToolName[]];
export const DEFAULT_TOOLS: ToolName[] = TOOLS.filter((t) => t.defaultOn).map((t) => t.name);

const byName = new Map<string, ToolDefinition<any>>([...TOOLS, ...CATALOGUE_TOOLS].map((t) => [t.name, t as ToolDefinition<any>]));

/** The tools a turn offers: the assistant's chosen ones, plus the catalogue's when it knows the catalogue. */
export function enabledTools(assistant: { tools: string[]; knowsCatalogue?: boolean }): string[] {
  return assistant.knowsCatalogue ? [...assistant.tools, ...CATALOGUE_TOOLS.map((t) => t.name)] : assistant.tools;
}

export function getTool(name: string): ToolDefinition<any> | undefined {
  return byName.get(name);
}

/** The `tools` array of a chat completions request for the enabled tool names. */
export function toolSpecs(names: string[]) {
  return names
    .map((n) => byName.get(n))
    .filter((t): t is ToolDefinition<any> => !!t)
    .map((t) => ({ type: "function" as const, function: { name: t.name, description: t.description, parameters: t.parameters } }));
}

/** Public description for the editor (GET /assistants/tools). */
export function toolCatalog() {
  // search_knowledge is not offered: the runner enables it for an assistant that has knowledge sources.
  return TOOLS.filter((t) => t.name !== SEARCH_KNOWLEDGE).map((t) => ({ name: t.name, title: t.title, description: t.description, defaultOn: t.defaultOn }));
}

export interface ToolOutcome {
  ok: boolean;
  result: unknown;
}

/**
 * Runs one call of the model: unknown tools, tools not enabled for the assistant, unparsable JSON and
 * arguments failing the schema all come back as `{ error }` for the model to correct itself.
 */
export async function executeTool(ctx: ToolContext, enabled: string[], name: string, rawArgs: string): Promise<ToolOutcome> {
  const def = byName.get(name);
  if (!def || !enabled.includes(name)) return { ok: false, result: { error: `Неизвестный инструмент: ${name}` } };
  let parsed: unknown;
  try {
    parsed = rawArgs && rawArgs.trim() ? JSON.parse(rawArgs) : {};
  } catch {
    return { ok: false, result: { error: "Аргументы не являются корректным JSON. Повтори вызов с корректным JSON-объектом." } };
  }
  const r = def.args.safeParse(parsed);
  if (!r.success) {
    const issues = (r.error as z.ZodError).issues.map((i) => `${i.path.join(".") || "arguments"}: ${i.message}`);
    return { ok: false, result: { error: "Некорректные аргументы", issues } };
  }
  try {
    return { ok: true, result: await def.run(ctx, r.data) };
  } catch (e) {
    return { ok: false, result: { error: `Инструмент не выполнен: ${e instanceof Error ? e.message : String(e)}` } };
  }
}
