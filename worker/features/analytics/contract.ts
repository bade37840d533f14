/**
 * The analytics page's contract: metrics, tables of the CSV export, model prices. @shared-with-spa
 */
export const COUNTER_METRICS = ["conversations", "messagesIn", "messagesOut", "aiReplies", "operatorReplies", "handoffs", "aiOnly"] as const;
export type CounterMetric = (typeof COUNTER_METRICS)[number];

export const EXPORT_TABLES = ["daily", "channels", "replies", "times", "statuses", "models", "broadcasts", "flows"] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** Upper bounds (ms) of the response-time buckets (the analytics_time_buckets rows); past the last one the bucket is open. */
export const TIME_BUCKETS_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 86_400_000, 259_200_000] as const;

/**
 * What a model's tokens cost the account, in kopecks per 1 000 000 tokens (prompt, completion): the
 * provider's list price at 90 ₽ per dollar. An unknown model is priced as gpt-4.1-mini.
 */
export const MODEL_PRICES: Record<string, { in: number; out: number }> = {
  "gpt-4.1": { in: 18_000, out: 72_000 },
  "gpt-4.1-mini": { in: 3_600, out: 14_400 },
  "gpt-4.1-nano": { in: 900, out: 3_600 },
  "gpt-4o": { in: 22_500, out: 90_000 },
  "gpt-4o-mini": { in: 1_350, out: 5_400 },
};

export function tokenCostKopecks(model: string, tokensIn: number, tokensOut: number): number {
  const p = MODEL_PRICES[model] ?? MODEL_PRICES["gpt-4.1-mini"]!;
  return Math.round((tokensIn * p.in + tokensOut * p.out) / 1_000_000);
}

/** p-th percentile (0..1) of a histogram `counts[bucket]`: the bucket's upper bound, or the last bound for the open bucket. */
export function histogramPercentile(counts: number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i] ?? 0;
    if (seen >= p * total) return TIME_BUCKETS_MS[Math.min(i, TIME_BUCKETS_MS.length - 1)]!;
  }
  return TIME_BUCKETS_MS[TIME_BUCKETS_MS.length - 1]!;
}
