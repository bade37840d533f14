import type { JobOf } from "../jobs/jobs";
import type { Env } from "../../env";
import { documentFormat, ExtractError, extractDocument } from "./extract";
import { fetchPage, PageError } from "./fetch-page";
import { indexText, markFailed } from "./indexing";
import { textKey } from "./knowledge.service";

/**
 * The `knowledge-index` job: extract a document's text from its original in R2, or fetch a page
 * (`fetch`) or read the page's stored text, then index it. A source deleted meanwhile is skipped;
 * a reason the user can act on (a damaged file, a page that does not answer) marks it failed with
 * that sentence; anything else throws so the queue retries.
 */
export async function runKnowledgeIndex(env: Env, job: JobOf<"knowledge-index">): Promise<void> {
  const s = await env.DB.prepare("SELECT id, account_id AS accountId, kind, url, file_key AS fileKey, file_name AS fileName FROM knowledge_sources WHERE id = ?1 AND account_id = ?2")
    .bind(job.sourceId, job.accountId)
    .first<{ id: string; accountId: string; kind: "document" | "url"; url: string | null; fileKey: string | null; fileName: string | null }>();
  if (!s || (s.kind !== "document" && s.kind !== "url")) return;
  await env.DB.prepare("UPDATE knowledge_sources SET status = 'indexing', updated_at = ?2 WHERE id = ?1").bind(s.id, Date.now()).run();
  try {
    if (s.kind === "document") {
      const obj = s.fileKey ? await env.MEDIA.get(s.fileKey) : null;
      const format = documentFormat(s.fileName ?? "");
      // Without its original (a seeded document) a reindex splits the text it already holds again.
      const held = obj && format ? null : await heldText(env, s.id);
      if ((!obj || !format) && !held) return markFailed(env, s.id, "Файл документа не найден: загрузите его снова");
      const text = obj && format ? await extractDocument(new Uint8Array(await obj.arrayBuffer()), format) : held!;
      await indexText(env, s, text);
      return;
    }
    const key = textKey(s.accountId, s.id);
    const stored = job.fetch ? null : await env.MEDIA.get(key);
    if (stored) {
      await indexText(env, s, await stored.text());
      return;
    }
    const page = await fetchPage(env, s.url ?? "");
    await env.MEDIA.put(key, page.text, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    await indexText(env, s, page.text, { sizeBytes: page.sizeBytes, fetchedAt: Date.now(), title: page.title || undefined });
  } catch (e) {
    if (e instanceof ExtractError || e instanceof PageError) return markFailed(env, s.id, e.message);
    throw e;
  }
}

async function heldText(env: Env, sourceId: string): Promise<string | null> {
  const rows = await env.DB.prepare("SELECT text FROM knowledge_chunks WHERE source_id = ?1 ORDER BY position").bind(sourceId).all<{ text: string }>();
  return rows.results?.length ? rows.results.map((r) => r.text).join("\n\n") : null;
}
