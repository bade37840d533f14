import type { KnowledgeSource } from "../../db/schema/knowledge";
import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { embed, encodeVector } from "./retrieval";
import { stemText } from "./stemmer";
import { splitText } from "./text";

/** Chunks written per D1 batch (each batch is one transaction; values are bound as one JSON parameter). */
const CHUNKS_PER_BATCH = 200;

const log = createLogger({ component: "knowledge" });

/** Statements that remove a source's chunks and their full-text rows. */
export function dropChunkStatements(db: D1Database, sourceId: string): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM knowledge_fts WHERE rowid IN (SELECT id FROM knowledge_chunks WHERE source_id = ?1)").bind(sourceId),
    db.prepare("DELETE FROM knowledge_chunks WHERE source_id = ?1").bind(sourceId),
  ];
}

/** Statements that insert chunks [offset, offset + texts.length) of a source and their full-text rows. */
function insertChunkStatements(db: D1Database, source: Pick<KnowledgeSource, "id" | "accountId" | "kind">, texts: string[], offset: number): D1PreparedStatement[] {
  const textJson = JSON.stringify(texts);
  const stemJson = JSON.stringify(texts.map(stemText));
  return [
    db
      .prepare("INSERT INTO knowledge_chunks (account_id, source_id, position, text) SELECT ?1, ?2, ?3 + j.key, j.value FROM json_each(?4) j")
      .bind(source.accountId, source.id, offset, textJson),
    db
      .prepare(
        `INSERT INTO knowledge_fts (rowid, acct, src, kind, stems)
         SELECT c.id, ?1, ?2, ?3, j.value FROM json_each(?4) j CROSS JOIN knowledge_chunks c ON c.source_id = ?2 AND c.position = ?5 + j.key`,
      )
      .bind(source.accountId, source.id, source.kind, stemJson, offset),
  ];
}

export interface IndexOutcome {
  chunkCount: number;
  charCount: number;
}

/**
 * Replaces a source's chunks with those of `text` and marks it indexed. A text of up to
 * CHUNKS_PER_BATCH chunks is replaced in one transaction (searches see the old chunks or the new
 * ones); a longer one in several, the first of which drops the old chunks.
 */
export async function indexText(env: Env, source: Pick<KnowledgeSource, "id" | "accountId" | "kind">, text: string, extra: { sizeBytes?: number; contentHash?: string; fetchedAt?: number; title?: string } = {}): Promise<IndexOutcome> {
  const db = env.DB;
  const chunks = splitText(text);
  const now = Date.now();
  const settle = db
    .prepare(
      `UPDATE knowledge_sources SET status = 'indexed', error = NULL, chunk_count = ?2, char_count = ?3, indexed_at = ?4, updated_at = ?4,
         size_bytes = coalesce(?5, size_bytes), content_hash = coalesce(?6, content_hash), fetched_at = coalesce(?7, fetched_at), title = coalesce(?8, title)
       WHERE id = ?1`,
    )
    .bind(source.id, chunks.length, text.length, now, extra.sizeBytes ?? null, extra.contentHash ?? null, extra.fetchedAt ?? null, extra.title ?? null);
  const parts: string[][] = [];
  for (let i = 0; i < chunks.length; i += CHUNKS_PER_BATCH) parts.push(chunks.slice(i, i + CHUNKS_PER_BATCH));
  if (parts.length <= 1) {
    await db.batch([...dropChunkStatements(db, source.id), ...insertChunkStatements(db, source, parts[0] ?? [], 0), settle]);
  } else {
    await db.batch(dropChunkStatements(db, source.id));
    for (let p = 0; p < parts.length; p++) {
      const stmts = insertChunkStatements(db, source, parts[p]!, p * CHUNKS_PER_BATCH);
      await db.batch(p === parts.length - 1 ? [...stmts, settle] : stmts);
    }
  }
  if (env.EMBEDDINGS_MODEL && chunks.length) await embedChunks(env, source, chunks).catch((error) => log.warn("embeddings failed", { error, sourceId: source.id }));
  return { chunkCount: chunks.length, charCount: text.length };
}

/** Stores each chunk's vector (only with EMBEDDINGS_MODEL); a failure leaves the source searchable by full text. */
async function embedChunks(env: Env, source: Pick<KnowledgeSource, "id" | "accountId">, chunks: string[]) {
  const vectors = await embed(env, source.accountId, chunks);
  const rows = vectors.map((v, i) => ({ p: i, e: encodeVector(v) }));
  for (let i = 0; i < rows.length; i += CHUNKS_PER_BATCH) {
    // The batch's chunks by (source, position) seeks; an UPDATE … FROM walked every chunk of the source per batch row.
    await env.DB.prepare(
      "UPDATE knowledge_chunks SET embedding = (SELECT j.value ->> '$.e' FROM json_each(?2) j WHERE j.value ->> '$.p' = knowledge_chunks.position) WHERE source_id = ?1 AND position IN (SELECT j.value ->> '$.p' FROM json_each(?2) j)",
    )
      .bind(source.id, JSON.stringify(rows.slice(i, i + CHUNKS_PER_BATCH)))
      .run();
  }
}

export async function markFailed(env: Env, sourceId: string, error: string) {
  await env.DB.prepare("UPDATE knowledge_sources SET status = 'failed', error = ?2, updated_at = ?3 WHERE id = ?1").bind(sourceId, error.slice(0, 500), Date.now()).run();
}

export async function sha256Hex(text: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
