import type { KnowledgeKind } from "../../db/schema/knowledge";
import type { Env } from "../../env";
import { llmClient } from "../../ai/llm";
import { accountProvider } from "../ai-provider/ai-provider.service";
import { type QueryTerm, queryTerms, termIn } from "./stemmer";

/**
 * Retrieval behind one interface (`retrieve`): full text (FTS5, BM25 over Russian stems) always;
 * when EMBEDDINGS_MODEL is set, the question's vector too, and the two rankings fused by
 * reciprocal rank (RRF, k = 60): BM25 scores and cosine similarities live on different scales, and
 * RRF needs no calibration between them, only the two orders.
 *
 * "Covered" (does the knowledge answer the question?) is decided on the full-text side: the share
 * of the question's topic words (stop words dropped; a word counts when any of its stem prefixes
 * or synonyms is among the chunk's stems) found in the best chunk. Half or more is covered. BM25's
 * absolute value depends on the corpus size and is no threshold; the share of words is.
 */
export const TOP_K = 5;
export const COVERED_SHARE = 0.5;
const CANDIDATES = 20;
const RRF_K = 60;
/** Cosine similarity from which a vector hit alone counts as covering the question. */
const VECTOR_COVERED = 0.55;
/** Vectors compared per question at most (newest chunks first); beyond this a vector index (Vectorize) is the tool. */
const MAX_VECTORS = 5000;

/** Which sources a search may read. */
export interface Scope {
  /** every FAQ entry, document and web page of the account */
  all?: boolean;
  /** these sources (ids), and `faq` for every FAQ entry */
  sourceIds?: string[];
  /** every source of the account, assistants' texts included (the knowledge page's search) */
  everything?: boolean;
}

export interface Hit {
  chunkId: number;
  sourceId: string;
  title: string;
  kind: KnowledgeKind;
  url: string | null;
  position: number;
  text: string;
  /** BM25 (lower is better, as FTS5 gives it), or null for a vector-only hit. */
  bm25: number | null;
  /** Share of the question's words in the chunk (0–1). */
  coverage: number;
  similarity: number | null;
}

export interface Retrieval {
  query: string;
  terms: string[];
  covered: boolean;
  mode: "fts" | "hybrid";
  results: Hit[];
}

const ID = /^[0-9a-z]{1,64}$/;

/** The FTS5 MATCH expression: the account, the scope, then any of the words' prefixes. */
export function matchExpression(accountId: string, scope: Scope, terms: QueryTerm[]): string | null {
  if (!ID.test(accountId) || !terms.length) return null;
  // A prefix another one already covers («верну» under «верн», «стоим» under «стои») only adds a doclist to merge.
  const all = [...new Set(terms.flatMap((t) => t.prefixes))];
  const prefixes = all.filter((p) => !all.some((o) => o !== p && p.startsWith(o))).map((p) => `"${p.replace(/"/g, "")}"*`);
  let filter = "";
  if (!scope.everything) {
    const parts: string[] = [];
    if (scope.all) parts.push("kind : faq", "kind : document", "kind : url");
    for (const id of scope.sourceIds ?? []) {
      if (id === "faq") parts.push("kind : faq");
      else if (ID.test(id)) parts.push(`src : "${id}"`);
    }
    if (!parts.length) return null;
    filter = ` AND (${[...new Set(parts)].join(" OR ")})`;
  }
  return `acct : "${accountId}"${filter} AND stems : (${prefixes.join(" OR ")})`;
}

type Row = Omit<Hit, "bm25" | "coverage" | "similarity"> & { stems: string; bm25: number };

/**
 * The top chunks by BM25 first (the account and the scope are in the MATCH, so the LIMIT inside is
 * safe), then their rows by primary key: CROSS JOIN keeps that order (without it SQLite may walk the
 * account's chunks and probe the index once per chunk: 37 s instead of 45 ms on node:sqlite over
 * 10 000 chunks).
 */
export const FTS_SQL = `SELECT c.id AS chunkId, c.source_id AS sourceId, s.title AS title, s.kind AS kind, s.url AS url, c.position AS position, c.text AS text, h.stems AS stems, h.rank AS bm25
  FROM (SELECT rowid, rank, stems FROM knowledge_fts WHERE knowledge_fts MATCH ?1 ORDER BY rank LIMIT ?3) h
  CROSS JOIN knowledge_chunks c ON c.id = h.rowid CROSS JOIN knowledge_sources s ON s.id = c.source_id
  WHERE c.account_id = ?2 ORDER BY h.rank`;

/** The full-text statement of a search (for a caller's own batch), or null when nothing can match. */
export function ftsStatement(db: D1Database, accountId: string, scope: Scope, terms: QueryTerm[], limit = CANDIDATES): D1PreparedStatement | null {
  const expr = matchExpression(accountId, scope, terms);
  return expr ? db.prepare(FTS_SQL).bind(expr, accountId, limit) : null;
}

function coverage(terms: QueryTerm[], stems: string): number {
  if (!terms.length) return 0;
  const list = stems.split(" ");
  return terms.filter((t) => termIn(t, list)).length / terms.length;
}

/** Hits of the full-text rows: coverage computed, weak ones (below half the best coverage) dropped. */
export function ftsHits(rows: Row[], terms: QueryTerm[]): Hit[] {
  const hits = rows.map(({ stems, ...r }) => ({ ...r, coverage: coverage(terms, stems), similarity: null }));
  const best = Math.max(0, ...hits.map((h) => h.coverage));
  // The share of the question's words first (synonyms widen the match, so BM25 alone over-rewards
  // a chunk repeating one of them), BM25 among equals.
  return hits.filter((h) => h.coverage >= best / 2).sort((a, b) => b.coverage - a.coverage || a.bm25 - b.bm25);
}

export function isCovered(hits: Hit[]): boolean {
  return hits.some((h) => h.coverage >= COVERED_SHARE || (h.similarity ?? 0) >= VECTOR_COVERED);
}

/** Searches the account's knowledge within the scope. */
export async function retrieve(env: Env, accountId: string, query: string, scope: Scope, limit = TOP_K): Promise<Retrieval> {
  const terms = queryTerms(query);
  const base = { query, terms: terms.map((t) => t.word) };
  const stmt = ftsStatement(env.DB, accountId, scope, terms);
  const rows = stmt ? ((await stmt.all<Row>()).results ?? []) : [];
  let hits = ftsHits(rows, terms);
  let mode: Retrieval["mode"] = "fts";
  if (env.EMBEDDINGS_MODEL && query.trim()) {
    const vector = await vectorHits(env, accountId, query, scope).catch(() => null);
    if (vector) {
      hits = fuse(hits, vector);
      mode = "hybrid";
    }
  }
  hits = hits.slice(0, limit);
  return { ...base, covered: isCovered(hits), mode, results: hits };
}

// ------------------------------------------------------------------ embeddings (optional)

/** Vectors of texts from the account's provider (or the platform's), through the OpenAI-compatible /embeddings. */
export async function embed(env: Env, accountId: string, texts: string[]): Promise<Float32Array[]> {
  const provider = await accountProvider(env, accountId);
  const client = llmClient(env, provider);
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) {
    const r = await client.embeddings.create({ model: env.EMBEDDINGS_MODEL!, input: texts.slice(i, i + 64) });
    for (const d of [...r.data].sort((a, b) => a.index - b.index)) out.push(Float32Array.from(d.embedding as number[]));
  }
  return out;
}

export function encodeVector(v: Float32Array): string {
  let s = "";
  const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function decodeVector(s: string): Float32Array {
  const b = atob(s);
  const bytes = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function scopeSql(scope: Scope): { sql: string; params: unknown[] } {
  if (scope.everything) return { sql: "", params: [] };
  const ids = (scope.sourceIds ?? []).filter((id) => id !== "faq");
  const kinds = [...(scope.all ? ["faq", "document", "url"] : []), ...((scope.sourceIds ?? []).includes("faq") ? ["faq"] : [])];
  return { sql: " AND (s.kind IN (SELECT value FROM json_each(?2)) OR s.id IN (SELECT value FROM json_each(?3)))", params: [JSON.stringify(kinds), JSON.stringify(ids)] };
}

async function vectorHits(env: Env, accountId: string, query: string, scope: Scope): Promise<Hit[]> {
  const [q] = await embed(env, accountId, [query]);
  if (!q) return [];
  const where = scopeSql(scope);
  const rows = await env.DB.prepare(
    `SELECT c.id AS chunkId, c.source_id AS sourceId, s.title AS title, s.kind AS kind, s.url AS url, c.position AS position, c.text AS text, c.embedding AS embedding
       FROM knowledge_chunks c JOIN knowledge_sources s ON s.id = c.source_id
      WHERE c.account_id = ?1 AND c.embedding IS NOT NULL${where.sql} ORDER BY c.id DESC LIMIT ${MAX_VECTORS}`,
  )
    .bind(accountId, ...where.params)
    .all<Omit<Hit, "bm25" | "coverage" | "similarity"> & { embedding: string }>();
  return (rows.results ?? [])
    .map(({ embedding, ...r }) => ({ ...r, bm25: null, coverage: 0, similarity: cosine(q, decodeVector(embedding)) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, CANDIDATES);
}

/** Reciprocal rank fusion of the full-text and vector orders; a chunk in both keeps its coverage and similarity. */
export function fuse(fts: Hit[], vector: Hit[]): Hit[] {
  const score = new Map<number, number>();
  const byId = new Map<number, Hit>();
  fts.forEach((h, i) => {
    score.set(h.chunkId, (score.get(h.chunkId) ?? 0) + 1 / (RRF_K + i + 1));
    byId.set(h.chunkId, h);
  });
  vector.forEach((h, i) => {
    score.set(h.chunkId, (score.get(h.chunkId) ?? 0) + 1 / (RRF_K + i + 1));
    const seen = byId.get(h.chunkId);
    byId.set(h.chunkId, seen ? { ...seen, similarity: h.similarity } : h);
  });
  return [...byId.values()].sort((a, b) => score.get(b.chunkId)! - score.get(a.chunkId)!);
}
