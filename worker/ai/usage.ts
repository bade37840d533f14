import type { Env } from "../env";
import { newId } from "../lib/ids";

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export function utcDay(at = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Tokens of one or more model requests: added to the per-account/assistant/day counter (what billing
 * reads) and written as one `ai_tokens` usage event (what quotas and analytics read).
 */
export async function recordTokens(env: Env, accountId: string, assistantId: string, usage: TokenUsage, requests: number, ref: string, meta: Record<string, unknown> = {}) {
  const stmts = tokenStatements(env, accountId, assistantId, usage, requests, ref, meta);
  if (stmts.length) await env.DB.batch(stmts);
}

/** recordTokens' statements, to join another batch (the runner settles a turn and records its tokens in one round trip). */
export function tokenStatements(env: Env, accountId: string, assistantId: string, usage: TokenUsage, requests: number, ref: string, meta: Record<string, unknown> = {}): D1PreparedStatement[] {
  if (requests <= 0) return [];
  const now = Date.now();
  const day = utcDay(now);
  return [
    env.DB.prepare(
      `INSERT INTO assistant_token_usage (account_id, assistant_id, day, prompt_tokens, completion_tokens, total_tokens, requests, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, assistant_id, day) DO UPDATE SET
         prompt_tokens = prompt_tokens + excluded.prompt_tokens,
         completion_tokens = completion_tokens + excluded.completion_tokens,
         total_tokens = total_tokens + excluded.total_tokens,
         requests = requests + excluded.requests,
         updated_at = excluded.updated_at`,
    ).bind(accountId, assistantId, day, usage.promptTokens, usage.completionTokens, usage.totalTokens, requests, now),
    env.DB.prepare(`INSERT INTO usage_events (id, account_id, kind, quantity, day, ref, meta, created_at) VALUES (?, ?, 'ai_tokens', ?, ?, ?, ?, ?)`).bind(
      newId(),
      accountId,
      usage.totalTokens,
      day,
      ref,
      JSON.stringify({ assistantId, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, requests, ...meta }),
      now,
    ),
  ];
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens, totalTokens: a.totalTokens + b.totalTokens };
}
