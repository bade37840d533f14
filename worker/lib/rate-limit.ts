import { AppError } from "./errors";

/** Fixed-window counters in D1: cheap, shared by every isolate, good enough for login throttling. */
export async function hit(d1: D1Database, key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const now = Date.now();
  const row = await d1
    .prepare(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= ?3 THEN ?2 ELSE rate_limits.reset_at END
       RETURNING count, reset_at`,
    )
    .bind(key, now + windowMs, now)
    .first<{ count: number; reset_at: number }>();
  return { count: row!.count, resetAt: row!.reset_at };
}

export async function clear(d1: D1Database, key: string): Promise<void> {
  await d1.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(key).run();
}

/** Throws 429 with Retry-After when any of the keys is at its limit. */
export async function assertBelow(d1: D1Database, limits: { key: string; max: number }[], message: string): Promise<void> {
  if (!limits.length) return;
  const now = Date.now();
  const placeholders = limits.map((_, i) => `?${i + 2}`).join(",");
  const rows = await d1
    .prepare(`SELECT key, count, reset_at FROM rate_limits WHERE reset_at > ?1 AND key IN (${placeholders})`)
    .bind(now, ...limits.map((l) => l.key))
    .all<{ key: string; count: number; reset_at: number }>();
  for (const r of rows.results) {
    const limit = limits.find((l) => l.key === r.key)!;
    if (r.count >= limit.max) {
      const retryAfter = Math.max(1, Math.ceil((r.reset_at - now) / 1000));
      throw new AppError(429, "RATE_LIMITED", message, { retryAfter }, { "Retry-After": String(retryAfter) });
    }
  }
}

export function clientIp(headers: Headers): string {
  return headers.get("cf-connecting-ip") ?? headers.get("x-real-ip") ?? headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "unknown";
}
