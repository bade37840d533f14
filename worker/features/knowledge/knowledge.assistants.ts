import type { Env } from "../../env";

/** The assistants feature's 404 sentence (not imported: the assistants service imports the tools, which import this). */
const ASSISTANT_NOT_FOUND = "Ассистент не найден";
import { notFound } from "../../lib/errors";
import { PROMPT_TEXT_CHARS, syncAssistantTexts } from "./assistant-text";
import { sha256Hex } from "./indexing";
import type { AssistantKnowledgeInput } from "./knowledge.schemas";
import { retrieve, type Retrieval, type Scope } from "./retrieval";
import { queryTerms } from "./stemmer";

/** Which sources an assistant uses, and whether an uncovered question goes to an operator. */
export interface AssistantKnowledgeDto {
  assistantId: string;
  mode: "all" | "selected";
  sourceIds: string[];
  handoffWhenUncovered: boolean;
}

interface ConfigRow {
  id: string;
  knowledge: string;
  mode: "all" | "selected" | null;
  source_ids: string | null;
  handoff: number | null;
  text_source: string | null;
  text_hash: string | null;
  /** Whether the account has any FAQ entry, document or page. */
  has_sources: number;
}

/** The assistant (in the account), its choice (no row: every source) and its text source. */
async function readConfig(env: Env, accountId: string, assistantId: string): Promise<ConfigRow | null> {
  return env.DB.prepare(
    `SELECT a.id, a.knowledge, k.mode, k.source_ids, k.handoff_when_uncovered AS handoff,
            t.id AS text_source, t.content_hash AS text_hash,
            EXISTS (SELECT 1 FROM knowledge_sources x WHERE x.account_id = a.account_id AND x.kind != 'text') AS has_sources
       FROM assistants a LEFT JOIN assistant_knowledge k ON k.assistant_id = a.id
       LEFT JOIN knowledge_sources t ON t.account_id = a.account_id AND t.kind = 'text' AND t.assistant_id = a.id
      WHERE a.id = ?1 AND a.account_id = ?2`,
  )
    .bind(assistantId, accountId)
    .first<ConfigRow>();
}

function dto(assistantId: string, row: ConfigRow): AssistantKnowledgeDto {
  return {
    assistantId,
    mode: row.mode ?? "all",
    sourceIds: row.source_ids ? (JSON.parse(row.source_ids) as string[]) : [],
    handoffWhenUncovered: !!row.handoff,
  };
}

export async function getAssistantKnowledge(env: Env, accountId: string, assistantId: string): Promise<AssistantKnowledgeDto> {
  const row = await readConfig(env, accountId, assistantId);
  if (!row) throw notFound(ASSISTANT_NOT_FOUND, "ASSISTANT_NOT_FOUND");
  return dto(assistantId, row);
}

/** Saves the choice; ids of sources the account does not have are dropped. */
export async function putAssistantKnowledge(env: Env, accountId: string, assistantId: string, input: AssistantKnowledgeInput): Promise<AssistantKnowledgeDto> {
  if (!(await readConfig(env, accountId, assistantId))) throw notFound(ASSISTANT_NOT_FOUND, "ASSISTANT_NOT_FOUND");
  const ids = input.sourceIds.filter((id) => id !== "faq");
  const known = ids.length
    ? ((await env.DB.prepare("SELECT id FROM knowledge_sources WHERE account_id = ?1 AND kind != 'text' AND id IN (SELECT value FROM json_each(?2))").bind(accountId, JSON.stringify(ids)).all<{ id: string }>()).results ?? []).map((r) => r.id)
    : [];
  const sourceIds = [...(input.sourceIds.includes("faq") ? ["faq"] : []), ...ids.filter((id) => known.includes(id))];
  await env.DB.prepare(
    `INSERT INTO assistant_knowledge (assistant_id, account_id, mode, source_ids, handoff_when_uncovered, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
     ON CONFLICT (assistant_id) DO UPDATE SET mode = excluded.mode, source_ids = excluded.source_ids, handoff_when_uncovered = excluded.handoff_when_uncovered, updated_at = excluded.updated_at`,
  )
    .bind(assistantId, accountId, input.mode, JSON.stringify(sourceIds), input.handoffWhenUncovered ? 1 : 0, Date.now())
    .run();
  return getAssistantKnowledge(env, accountId, assistantId);
}

/** The assistant's scope: its choice, plus its own text when that is too long for the prompt. */
function scopeOf(row: ConfigRow): Scope {
  const own = row.knowledge.trim().length > PROMPT_TEXT_CHARS && row.text_source ? [row.text_source] : [];
  const cfg = dto(row.id, row);
  return cfg.mode === "all" ? { all: true, sourceIds: own } : { sourceIds: [...cfg.sourceIds, ...own] };
}

/** The knowledge page's search: what an assistant would find, or (no assistant) everything of the account. */
export async function searchKnowledge(env: Env, accountId: string, q: { q: string; assistantId?: string }): Promise<Retrieval> {
  if (!q.assistantId) return retrieve(env, accountId, q.q, { everything: true });
  const row = await readConfig(env, accountId, q.assistantId);
  if (!row) throw notFound(ASSISTANT_NOT_FOUND, "ASSISTANT_NOT_FOUND");
  await syncAssistantTexts(env, accountId, row.id);
  return retrieve(env, accountId, q.q, scopeOf(row));
}

/** What the runner needs before the model: the retrieval (null when the turn has nothing to search) and the hand-off switch. */
export interface TurnKnowledge {
  retrieval: Retrieval;
  handoffWhenUncovered: boolean;
}

/**
 * The turn's retrieval: none when the customer's words carry no topic (a greeting, «спасибо») or
 * when the assistant has no source to search; otherwise the top chunks of its scope.
 */
export async function knowledgeForTurn(env: Env, accountId: string, assistantId: string, question: string, synced = false): Promise<TurnKnowledge | null> {
  if (!queryTerms(question).length) return null;
  const row = await readConfig(env, accountId, assistantId);
  if (!row) return null;
  const long = row.knowledge.trim().length > PROMPT_TEXT_CHARS;
  if (long && !synced && (!row.text_source || row.text_hash !== (await sha256Hex(row.knowledge.trim())))) {
    await syncAssistantTexts(env, accountId, assistantId);
    return knowledgeForTurn(env, accountId, assistantId, question, true);
  }
  const scope = scopeOf(row);
  if (!scope.all && !scope.sourceIds?.length) return null;
  if (scope.all && !scope.sourceIds?.length && !row.has_sources) return null;
  return { retrieval: await retrieve(env, accountId, question, scope), handoffWhenUncovered: dto(row.id, row).handoffWhenUncovered };
}

/** The search as the model and the chat's trace see it: the chunks' texts with where they come from. */
export function knowledgeToolResult(r: Retrieval) {
  return {
    query: r.query,
    covered: r.covered,
    results: r.results.map((h) => ({ source: h.title, kind: h.kind, ...(h.url ? { url: h.url } : {}), text: h.text, coverage: Math.round(h.coverage * 100) / 100 })),
  };
}
