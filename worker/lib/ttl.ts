/** A memo's lifetime from an env var (ms): unset or not a number gives the default, "0" turns it off, at most `maxMs`. */
export function ttlMs(raw: string | undefined, defaultMs: number, maxMs = 60_000): number {
  if (raw === undefined || raw === "") return defaultMs;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, maxMs) : defaultMs;
}
