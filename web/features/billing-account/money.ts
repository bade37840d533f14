/** Roubles as typed ("1 500", "1500,50") → kopecks, or null when it is not a sum. */
export function parseRub(text: string): number | null {
  const clean = text.replace(/[\s\u00a0₽]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Kopecks → roubles for an input ("1500", "1500.5"). */
export const rubInput = (kopecks: number | null | undefined) => (kopecks ? String(kopecks / 100) : "");
