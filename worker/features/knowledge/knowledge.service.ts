import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { rowInAccount, tablePage } from "../../db/queries";
import type { KnowledgeSource } from "../../db/schema/knowledge";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { enqueueJob } from "../jobs/jobs";
import { syncAssistantTexts } from "./assistant-text";
import { documentFormat, MAX_DOCUMENT_BYTES, mimeOf } from "./extract";
import { checkPageUrl } from "./fetch-page";
import { dropChunkStatements, indexText } from "./indexing";
import { type FaqCreateInput, LIMITS, type SourceUpdateInput } from "./knowledge.schemas";
import { faqText } from "./text";

const { knowledgeSources: S, knowledgeChunks: C } = schema;

export const SOURCE_NOT_FOUND = "Источник не найден";

/** A source as the API answers it; the SPA imports the type. */
export type KnowledgeSourceDto = ReturnType<typeof sourceDto>;

export function sourceDto(s: KnowledgeSource) {
  return {
    sourceId: s.id,
    kind: s.kind,
    title: s.title,
    status: s.status,
    error: s.error,
    question: s.question,
    answer: s.answer,
    tags: s.tags,
    url: s.url,
    fileName: s.fileName,
    mimeType: s.mimeType,
    assistantId: s.assistantId,
    sizeBytes: s.sizeBytes,
    charCount: s.charCount,
    chunkCount: s.chunkCount,
    fetchedAt: s.fetchedAt,
    indexedAt: s.indexedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export const sourceDir = (accountId: string, sourceId: string) => `accounts/${accountId}/knowledge/${sourceId}`;
export const textKey = (accountId: string, sourceId: string) => `${sourceDir(accountId, sourceId)}/text.txt`;

const fieldError = (field: string, message: string) => new AppError(400, "VALIDATION_ERROR", message, { fields: { [field]: [message] } });
const utf8Bytes = (s: string) => new TextEncoder().encode(s).byteLength;

export async function findSource(env: Env, accountId: string, sourceId: string): Promise<KnowledgeSource> {
  const row = await rowInAccount(getDb(env.DB), S, sourceId, accountId);
  if (!row) throw notFound(SOURCE_NOT_FOUND, "KNOWLEDGE_SOURCE_NOT_FOUND");
  return row;
}

export async function listSources(env: Env, accountId: string, q: { page: number; limit: number; kind?: KnowledgeSource["kind"]; status?: KnowledgeSource["status"] }) {
  await syncAssistantTexts(env, accountId);
  const conds: SQL[] = [eq(S.accountId, accountId)];
  if (q.kind) conds.push(eq(S.kind, q.kind));
  if (q.status) conds.push(eq(S.status, q.status));
  const { rows, total } = await tablePage(getDb(env.DB), S, and(...conds), [desc(S.updatedAt), desc(S.id)], q.page, q.limit);
  return paged(rows.map(sourceDto), total, q.page, q.limit);
}

/** A source with its first chunks (the page's preview of what was indexed). */
export async function getSource(env: Env, accountId: string, sourceId: string) {
  const s = await findSource(env, accountId, sourceId);
  const chunks = await getDb(env.DB)
    .select({ position: C.position, text: C.text })
    .from(C)
    .where(and(eq(C.sourceId, s.id), eq(C.accountId, accountId)))
    .orderBy(C.position)
    .limit(20)
    .all();
  return { ...sourceDto(s), chunks };
}

async function ensureRoom(env: Env, accountId: string) {
  const n = await getDb(env.DB).select({ n: count() }).from(S).where(eq(S.accountId, accountId)).get();
  if ((n?.n ?? 0) >= LIMITS.sourcesPerAccount) throw new AppError(409, "KNOWLEDGE_LIMIT", `В базе знаний может быть не больше ${LIMITS.sourcesPerAccount} источников`);
}

function newSource(accountId: string, userId: string | null, fields: Partial<KnowledgeSource> & Pick<KnowledgeSource, "kind" | "title">): KnowledgeSource {
  const now = Date.now();
  return {
    id: newId(),
    accountId,
    status: "pending",
    error: null,
    question: "",
    answer: "",
    tags: [],
    url: null,
    fileName: null,
    mimeType: null,
    fileKey: null,
    assistantId: null,
    contentHash: null,
    sizeBytes: 0,
    charCount: 0,
    chunkCount: 0,
    fetchedAt: null,
    indexedAt: null,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}

/** An FAQ entry is indexed at once (one short chunk). */
export async function createFaq(env: Env, accountId: string, userId: string | null, input: FaqCreateInput) {
  await ensureRoom(env, accountId);
  const text = faqText(input.question, input.answer, input.tags ?? []);
  const row = newSource(accountId, userId, { kind: "faq", title: input.question, question: input.question, answer: input.answer, tags: input.tags ?? [], sizeBytes: utf8Bytes(text) });
  await getDb(env.DB).insert(S).values(row);
  await indexText(env, row, text);
  return sourceDto(await findSource(env, accountId, row.id));
}

export async function updateSource(env: Env, accountId: string, sourceId: string, input: SourceUpdateInput) {
  const s = await findSource(env, accountId, sourceId);
  if (s.kind === "text") throw new AppError(409, "KNOWLEDGE_SOURCE_READONLY", "Этот текст редактируется в настройках ассистента");
  const db = getDb(env.DB);
  if (s.kind === "faq") {
    const question = input.question ?? s.question;
    const answer = input.answer ?? s.answer;
    const tags = input.tags ?? s.tags;
    const text = faqText(question, answer, tags);
    await db.update(S).set({ question, answer, tags, title: question, sizeBytes: utf8Bytes(text), updatedAt: Date.now() }).where(and(eq(S.id, s.id), eq(S.accountId, accountId)));
    await indexText(env, s, text);
  } else {
    if (input.question !== undefined || input.answer !== undefined || input.tags !== undefined) throw fieldError("question", "Вопрос и ответ есть только у записей FAQ");
    if (input.title !== undefined) await db.update(S).set({ title: input.title, updatedAt: Date.now() }).where(and(eq(S.id, s.id), eq(S.accountId, accountId)));
  }
  return sourceDto(await findSource(env, accountId, s.id));
}

/** A document: the original goes to R2, its text is extracted and indexed by a job (large files must not time out a request). */
export async function uploadDocument(env: Env, accountId: string, userId: string, file: File, title?: string) {
  const format = documentFormat(file.name);
  if (!format) throw fieldError("file", "Поддерживаются PDF, DOCX, TXT и Markdown (.md)");
  if (file.size === 0) throw fieldError("file", "Файл пустой");
  if (file.size > MAX_DOCUMENT_BYTES) throw fieldError("file", "Файл больше 10 МБ");
  await ensureRoom(env, accountId);
  const name = file.name.slice(-200);
  const row = newSource(accountId, userId, { kind: "document", title: (title?.trim() || name.replace(/\.[^.]+$/, "")).slice(0, LIMITS.title), fileName: name, mimeType: mimeOf(format), sizeBytes: file.size });
  row.fileKey = `${sourceDir(accountId, row.id)}/original.${format}`;
  await env.MEDIA.put(row.fileKey, await file.arrayBuffer(), { httpMetadata: { contentType: mimeOf(format) } });
  await getDb(env.DB).insert(S).values(row);
  await enqueueJob(env, { kind: "knowledge-index", accountId, sourceId: row.id, fetch: false });
  return sourceDto(row);
}

/** A web page: checked against the SSRF rules now (400 on `url`), fetched and indexed by a job. */
export async function addUrl(env: Env, accountId: string, userId: string, raw: string) {
  const check = checkPageUrl(raw, env);
  if (!check.ok) throw fieldError("url", check.message);
  await ensureRoom(env, accountId);
  const url = check.url.toString();
  const existing = await getDb(env.DB).select({ id: S.id }).from(S).where(and(eq(S.accountId, accountId), eq(S.kind, "url"), eq(S.url, url))).get();
  if (existing) throw fieldError("url", "Эта страница уже есть в базе знаний");
  const row = newSource(accountId, userId, { kind: "url", title: url, url });
  await getDb(env.DB).insert(S).values(row);
  await enqueueJob(env, { kind: "knowledge-index", accountId, sourceId: row.id, fetch: true });
  return sourceDto(row);
}

/** Indexes the source again from what it holds (an FAQ entry or text at once; a document or page by a job). */
export async function reindexSource(env: Env, accountId: string, sourceId: string) {
  const s = await findSource(env, accountId, sourceId);
  if (s.kind === "faq") await indexText(env, s, faqText(s.question, s.answer, s.tags));
  else if (s.kind === "text") await syncAssistantTexts(env, accountId, s.assistantId ?? undefined, true);
  else await queueIndex(env, s, false);
  return sourceDto(await findSource(env, accountId, s.id));
}

/** Fetches a page again (URL sources only). */
export async function refreshSource(env: Env, accountId: string, sourceId: string) {
  const s = await findSource(env, accountId, sourceId);
  if (s.kind !== "url") throw new AppError(409, "KNOWLEDGE_NOT_A_PAGE", "Обновить можно только веб-страницу");
  await queueIndex(env, s, true);
  return sourceDto(await findSource(env, accountId, s.id));
}

async function queueIndex(env: Env, s: KnowledgeSource, fetch: boolean) {
  await env.DB.prepare("UPDATE knowledge_sources SET status = 'pending', error = NULL, updated_at = ?2 WHERE id = ?1").bind(s.id, Date.now()).run();
  await enqueueJob(env, { kind: "knowledge-index", accountId: s.accountId, sourceId: s.id, fetch });
}

export async function deleteSource(env: Env, accountId: string, sourceId: string) {
  const s = await findSource(env, accountId, sourceId);
  if (s.kind === "text") throw new AppError(409, "KNOWLEDGE_SOURCE_READONLY", "Этот текст удаляется в настройках ассистента: очистите поле «База знаний»");
  await env.DB.batch([...dropChunkStatements(env.DB, s.id), env.DB.prepare("DELETE FROM knowledge_sources WHERE id = ?1 AND account_id = ?2").bind(s.id, accountId)]);
  const keys = [s.fileKey, textKey(accountId, s.id)].filter((k): k is string => !!k);
  await env.MEDIA.delete(keys).catch(() => undefined);
  return { sourceId: s.id };
}

