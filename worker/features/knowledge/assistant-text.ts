import { BUDGET } from "../../ai/prompt";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { dropChunkStatements, indexText, sha256Hex } from "./indexing";

/**
 * An assistant's own knowledge text (the editor's «База знаний» field) is one source of kind
 * `text` per assistant, kept in step with the field: created, re-indexed when the text changes,
 * removed when it is emptied. It is read-only on the knowledge page. A text that fits the prompt
 * budget goes into the prompt whole as before; a longer one (which used to be cut silently) is
 * retrieved by chunks like any other source, so nothing is lost.
 */
export const titleOf = (name: string) => `Знания ассистента «${name}»`;

/** Characters of knowledge text that still go into the prompt whole. */
export const PROMPT_TEXT_CHARS = BUDGET.knowledgeTokens * 3;

interface AssistantText {
  id: string;
  name: string;
  knowledge: string;
}

interface TextSource {
  id: string;
  assistant_id: string;
  content_hash: string | null;
  title: string;
}

/** Brings the text sources of the account's assistants (or of one) in step with their fields; `force` re-indexes unchanged ones. */
export async function syncAssistantTexts(env: Env, accountId: string, assistantId?: string, force = false): Promise<void> {
  const only = assistantId ? " AND id = ?2" : "";
  const onlySource = assistantId ? " AND assistant_id = ?2" : "";
  const params = assistantId ? [accountId, assistantId] : [accountId];
  const [assistants, sources] = await env.DB.batch<AssistantText | TextSource>([
    env.DB.prepare(`SELECT id, name, knowledge FROM assistants WHERE account_id = ?1${only}`).bind(...params),
    env.DB.prepare(`SELECT id, assistant_id, content_hash, title FROM knowledge_sources WHERE account_id = ?1 AND kind = 'text'${onlySource}`).bind(...params),
  ]);
  const byAssistant = new Map((sources!.results as TextSource[]).map((s) => [s.assistant_id, s]));
  for (const a of assistants!.results as AssistantText[]) {
    const text = a.knowledge.trim();
    const source = byAssistant.get(a.id);
    if (!text) {
      if (source) await env.DB.batch([...dropChunkStatements(env.DB, source.id), env.DB.prepare("DELETE FROM knowledge_sources WHERE id = ?1").bind(source.id)]);
      continue;
    }
    const hash = await sha256Hex(text);
    if (source && source.content_hash === hash && source.title === titleOf(a.name) && !force) continue;
    const id = source?.id ?? newId();
    if (!source) {
      const now = Date.now();
      await env.DB.prepare(
        "INSERT INTO knowledge_sources (id, account_id, kind, title, status, assistant_id, created_at, updated_at) VALUES (?1, ?2, 'text', ?3, 'indexing', ?4, ?5, ?5)",
      )
        .bind(id, accountId, titleOf(a.name), a.id, now)
        .run();
    }
    await indexText(env, { id, accountId, kind: "text" }, text, { sizeBytes: new TextEncoder().encode(text).byteLength, contentHash: hash, title: titleOf(a.name) });
  }
}
