import { and, count, desc, eq, like, sql } from "drizzle-orm";
import { chatCompletion, LlmError } from "../../ai/llm";
import { accountProvider } from "../ai-provider/ai-provider.service";
import { DEFAULT_TOOLS } from "../../ai/tools";
import { recordTokens } from "../../ai/usage";
import { getDb, schema } from "../../db/client";
import { rowInAccount, tablePage } from "../../db/queries";
import type { Assistant as AssistantRow, AssistantTemplate as AssistantTemplateRow } from "../../db/schema/assistants";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { likePattern, paged } from "../../lib/validation";
import { assertCanAdd } from "../billing/limits";
import { channelsWritten } from "../webhooks/channel-memo";
import { type CreateAssistantInput, LIMITS, type UpdateAssistantInput, type UpdateTemplateInput } from "./assistants.schemas";

export const ASSISTANT_NOT_FOUND = "Ассистент не найден";
export const TEMPLATE_NOT_FOUND = "Шаблон не найден";

/** An assistant, a template and a template tag as the API answers them; the SPA imports these types. */
export type Assistant = ReturnType<typeof publicAssistant>;
export type AssistantTemplate = ReturnType<typeof publicTemplate>;
export type TemplateTag = Awaited<ReturnType<typeof listTemplateTags>>["data"][number];

/** The settings an assistant and a template share (the schema's assistantSettings columns), read from either row. */
function settingsOf(r: AssistantRow | AssistantTemplateRow) {
  return {
    model: r.model,
    instructions: r.instructions,
    greeting: r.greeting,
    temperature: r.temperature,
    maxReplyTokens: r.maxReplyTokens,
    language: r.language,
    knowledge: r.knowledge,
    tools: r.tools,
    debounceSeconds: r.debounceSeconds,
    handoffKeywords: r.handoffKeywords,
    handoffMessage: r.handoffMessage,
  };
}

export function publicAssistant(a: AssistantRow) {
  return {
    assistantId: a.id,
    accountId: a.accountId,
    name: a.name,
    ...settingsOf(a),
    isActive: a.isActive,
    knowsCatalogue: a.knowsCatalogue,
    templateId: a.templateId,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export function publicTemplate(t: AssistantTemplateRow) {
  return {
    assistantId: t.id,
    templateId: t.id,
    name: t.name,
    description: t.description,
    ...settingsOf(t),
    tags: t.tags,
    usageCount: t.usageCount,
    isPublished: t.isPublished,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

const DEFAULTS = {
  model: "gpt-4.1-mini",
  instructions: "",
  greeting: "",
  temperature: 0.4,
  maxReplyTokens: 400,
  language: "ru",
  knowledge: "",
  debounceSeconds: 0,
  handoffKeywords: [] as string[],
  handoffMessage: "Передаю ваш вопрос оператору, он скоро ответит.",
  isActive: true,
} as const;

// ---------------------------------------------------------------- account assistants

export async function listAssistants(env: Env, accountId: string, q: { page: number; limit: number; q?: string }) {
  const db = getDb(env.DB);
  const where = eq(schema.assistants.accountId, accountId);
  if (q.q) {
    // An account holds at most LIMITS.assistantsPerAccount assistants; filtering in JS folds Cyrillic case, SQLite's lower() does not.
    const needle = q.q.toLowerCase();
    const all = await db.select().from(schema.assistants).where(where).orderBy(desc(schema.assistants.createdAt), desc(schema.assistants.id)).all();
    const hits = all.filter((a) => a.name.toLowerCase().includes(needle));
    return paged(hits.slice((q.page - 1) * q.limit, q.page * q.limit).map(publicAssistant), hits.length, q.page, q.limit);
  }
  const { rows, total } = await tablePage(db, schema.assistants, where, [desc(schema.assistants.createdAt), desc(schema.assistants.id)], q.page, q.limit);
  return paged(rows.map(publicAssistant), total, q.page, q.limit);
}

export async function findAssistant(env: Env, accountId: string, assistantId: string): Promise<AssistantRow> {
  const row = await rowInAccount(getDb(env.DB), schema.assistants, assistantId, accountId);
  if (!row) throw notFound(ASSISTANT_NOT_FOUND, "ASSISTANT_NOT_FOUND");
  return row;
}

async function ensureRoom(env: Env, accountId: string) {
  const n = await getDb(env.DB).select({ n: count() }).from(schema.assistants).where(eq(schema.assistants.accountId, accountId)).get();
  if ((n?.n ?? 0) >= LIMITS.assistantsPerAccount) {
    throw new AppError(409, "ASSISTANT_LIMIT", `В аккаунте может быть не больше ${LIMITS.assistantsPerAccount} ассистентов`);
  }
}

export async function createAssistant(env: Env, accountId: string, userId: string | null, input: CreateAssistantInput & { templateId?: string | null }) {
  await ensureRoom(env, accountId);
  const now = Date.now();
  const row: AssistantRow = {
    id: newId(),
    accountId,
    name: input.name,
    model: input.model ?? DEFAULTS.model,
    instructions: input.instructions ?? DEFAULTS.instructions,
    greeting: input.greeting ?? DEFAULTS.greeting,
    temperature: input.temperature ?? DEFAULTS.temperature,
    maxReplyTokens: input.maxReplyTokens ?? DEFAULTS.maxReplyTokens,
    language: input.language ?? DEFAULTS.language,
    knowledge: input.knowledge ?? DEFAULTS.knowledge,
    tools: input.tools ?? [...DEFAULT_TOOLS],
    debounceSeconds: input.debounceSeconds ?? DEFAULTS.debounceSeconds,
    handoffKeywords: input.handoffKeywords ?? [...DEFAULTS.handoffKeywords],
    handoffMessage: input.handoffMessage ?? DEFAULTS.handoffMessage,
    isActive: input.isActive ?? DEFAULTS.isActive,
    knowsCatalogue: input.knowsCatalogue ?? false,
    templateId: input.templateId ?? null,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  // Billing: one more assistant than the plan allows is a 402 with the numbers.
  await assertCanAdd(getDb(env.DB), accountId, "assistants");
  await getDb(env.DB).insert(schema.assistants).values(row);
  return publicAssistant(row);
}

export async function updateAssistant(env: Env, accountId: string, assistantId: string, input: UpdateAssistantInput) {
  await findAssistant(env, accountId, assistantId);
  const row = await getDb(env.DB)
    .update(schema.assistants)
    .set({ ...input, updatedAt: Date.now() })
    .where(and(eq(schema.assistants.id, assistantId), eq(schema.assistants.accountId, accountId)))
    .returning()
    .get();
  return publicAssistant(row!);
}

/** Channels and threads that pointed at the assistant stop using it (they fall silent until another is chosen). */
export async function deleteAssistant(env: Env, accountId: string, assistantId: string) {
  await findAssistant(env, accountId, assistantId);
  const db = getDb(env.DB);
  await db.batch([
    db
      .update(schema.channels)
      .set({ assistantId: null })
      .where(and(eq(schema.channels.accountId, accountId), eq(schema.channels.assistantId, assistantId))),
    db
      .update(schema.threads)
      .set({ assistantId: null })
      .where(and(eq(schema.threads.accountId, accountId), eq(schema.threads.assistantId, assistantId))),
    db.delete(schema.assistants).where(and(eq(schema.assistants.id, assistantId), eq(schema.assistants.accountId, accountId))),
  ]);
  channelsWritten(accountId);
}

const GENERATE_SYSTEM = `Ты — эксперт по настройке ИИ-ассистентов для бизнеса, которые отвечают клиентам в мессенджерах (Telegram, WhatsApp, Instagram).
По короткому описанию бизнеса напиши инструкции (системный промпт) для такого ассистента.
Структура: роль и тон; что ассистент делает (цели); как вести диалог (коротко, по делу, один вопрос за раз); что уточнять у клиента; когда передавать диалог оператору; чего нельзя делать (не выдумывать цены, сроки и наличие — только из базы знаний; не обещать того, чего нет).
Пиши от второго лица («Ты — …»), без вступлений и пояснений, только сам текст инструкций, не длиннее 2500 символов.`;

const LANGUAGE_NAMES: Record<string, string> = { ru: "русском", en: "английском", ar: "арабском", fr: "французском" };

/** The model writes the assistant's instructions from a short description of the business (not saved: the editor shows them first). */
export async function generateInstructions(env: Env, accountId: string, assistantId: string, input: { description: string; language?: string }) {
  const [assistant, account] = await Promise.all([
    findAssistant(env, accountId, assistantId),
    env.DB.prepare("SELECT name FROM accounts WHERE id = ?").bind(accountId).first<{ name: string }>(),
  ]);
  const language = input.language ?? assistant.language ?? "ru";
  try {
    const provider = await accountProvider(env, accountId);
    const r = await chatCompletion(env, {
      model: assistant.model,
      temperature: 0.7,
      maxTokens: 1200,
      messages: [
        { role: "system", content: `${GENERATE_SYSTEM}\nЯзык инструкций: на ${LANGUAGE_NAMES[language] ?? "русском"} языке.` },
        // The company's name too: the instructions speak for it («ИИ-ассистент компании «Зерно»»), not for a company without a name.
        { role: "user", content: `Название ассистента: ${assistant.name}\nКомпания: ${account?.name ?? ""}\nОписание бизнеса: ${input.description}` },
      ],
    }, { provider });
    await recordTokens(env, accountId, assistant.id, r.usage, 1, `generate:${assistant.id}`, { purpose: "generate" });
    const instructions = (r.content ?? "").trim();
    if (!instructions) throw new AppError(502, "GENERATION_EMPTY", "Модель вернула пустой ответ. Попробуйте ещё раз.");
    return { instructions, usage: r.usage };
  } catch (e) {
    if (e instanceof LlmError) {
      // The account's own provider's failure is the team's to fix, so its sentence is shown as is.
      const own = e.code === "KEY_REJECTED" || e.code === "MODEL_UNKNOWN" || e.code === "NOT_FOUND" || e.code === "KEY_UNREADABLE";
      const message = own ? `Не удалось сгенерировать инструкции. ${e.message[0]!.toUpperCase()}${e.message.slice(1)}.` : "Не удалось сгенерировать инструкции: модель недоступна. Попробуйте позже.";
      throw new AppError(e.transient ? 503 : 502, "GENERATION_FAILED", message, { reason: e.message, llmCode: e.code });
    }
    throw e;
  }
}

// ---------------------------------------------------------------- templates

export function templateSearchText(t: { name: string; description: string; tags: string[] }) {
  return [t.name, t.description, ...t.tags].join(" \u0001 ").toLowerCase();
}

export async function listTemplates(env: Env, opts: { q?: string; tags?: string; page: number; limit: number; includeUnpublished: boolean }) {
  const db = getDb(env.DB);
  const T = schema.assistantTemplates;
  const tagList = (opts.tags ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  const where = and(
    opts.includeUnpublished ? undefined : eq(T.isPublished, true),
    opts.q ? like(T.searchText, likePattern(opts.q)) : undefined,
    // Tag names exactly as GET /assistants/template-tags lists them (SQLite cannot fold Cyrillic case).
    ...tagList.map((tag) => sql`EXISTS (SELECT 1 FROM json_each(${T.tags}) WHERE json_each.value = ${tag})`),
  );
  const { rows, total } = await tablePage(db, T, where, [desc(T.usageCount), desc(T.createdAt)], opts.page, opts.limit);
  return paged(rows.map(publicTemplate), total, opts.page, opts.limit);
}

export async function listTemplateTags(env: Env, includeUnpublished: boolean) {
  // Counted over the templates the caller can see, so an empty tag is not offered as a filter.
  const rows = await env.DB.prepare(
    `SELECT tg.name AS name, COUNT(t.id) AS count FROM assistant_template_tags tg
     LEFT JOIN assistant_templates t ON EXISTS (SELECT 1 FROM json_each(t.tags) WHERE json_each.value = tg.name) ${includeUnpublished ? "" : "AND t.is_published = 1"}
     GROUP BY tg.name HAVING COUNT(t.id) > 0 ORDER BY COUNT(t.id) DESC, tg.name`,
  ).all<{ name: string; count: number }>();
  return { data: rows.results };
}

export async function findTemplate(env: Env, templateId: string, includeUnpublished: boolean): Promise<AssistantTemplateRow> {
  const row = await getDb(env.DB).select().from(schema.assistantTemplates).where(eq(schema.assistantTemplates.id, templateId)).get();
  if (!row || (!row.isPublished && !includeUnpublished)) throw notFound(TEMPLATE_NOT_FOUND, "TEMPLATE_NOT_FOUND");
  return row;
}

async function upsertTags(env: Env, tags: string[]) {
  if (!tags.length) return;
  const now = Date.now();
  await env.DB.batch(tags.map((t) => env.DB.prepare("INSERT OR IGNORE INTO assistant_template_tags (name, created_at) VALUES (?, ?)").bind(t, now)));
}

export async function updateTemplate(env: Env, templateId: string, input: UpdateTemplateInput) {
  const current = await findTemplate(env, templateId, true);
  const next = { ...current, ...input };
  if (input.tags) await upsertTags(env, input.tags);
  const row = await getDb(env.DB)
    .update(schema.assistantTemplates)
    .set({ ...input, searchText: templateSearchText(next), updatedAt: Date.now() })
    .where(eq(schema.assistantTemplates.id, templateId))
    .returning()
    .get();
  return publicTemplate(row!);
}

export async function deleteTemplate(env: Env, templateId: string) {
  await findTemplate(env, templateId, true);
  await getDb(env.DB).delete(schema.assistantTemplates).where(eq(schema.assistantTemplates.id, templateId));
}

export async function addTemplateUse(env: Env, templateId: string, includeUnpublished: boolean) {
  await findTemplate(env, templateId, includeUnpublished);
  const row = await getDb(env.DB)
    .update(schema.assistantTemplates)
    .set({ usageCount: sql`${schema.assistantTemplates.usageCount} + 1` })
    .where(eq(schema.assistantTemplates.id, templateId))
    .returning({ usageCount: schema.assistantTemplates.usageCount })
    .get();
  return { templateId, usageCount: row!.usageCount };
}

/** Creates an assistant in the account from the template and counts a use. */
export async function copyTemplate(env: Env, templateId: string, accountId: string, userId: string, input: { name?: string }, includeUnpublished: boolean) {
  const t = await findTemplate(env, templateId, includeUnpublished);
  const assistant = await createAssistant(env, accountId, userId, {
    name: input.name ?? t.name,
    ...settingsOf(t),
    tools: t.tools as CreateAssistantInput["tools"],
    templateId: t.id,
  });
  await addTemplateUse(env, templateId, true);
  return assistant;
}

/** Publishes an account's assistant as a new template (platform administrators). */
export async function copyToTemplate(env: Env, accountId: string, assistantId: string, userId: string, input: { name?: string; description?: string; tags?: string[] }) {
  const a = await findAssistant(env, accountId, assistantId);
  const now = Date.now();
  const tags = input.tags ?? [];
  const row: AssistantTemplateRow = {
    id: newId(),
    name: input.name ?? a.name,
    description: input.description ?? "",
    ...settingsOf(a),
    tags,
    usageCount: 0,
    isPublished: true,
    searchText: "",
    sourceAccountId: accountId,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  row.searchText = templateSearchText(row);
  await upsertTags(env, tags);
  await getDb(env.DB).insert(schema.assistantTemplates).values(row);
  return publicTemplate(row);
}
