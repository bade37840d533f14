/**
 * Money in the SPA: the API keeps integer minor units (kopecks) with an ISO 4217 currency; pages
 * show them in ru-RU format («1 990,00 ₽») and take roubles in inputs («1990», «1 990,5», «1990.50»).
 */

/** `199000, "RUB"` → «1 990,00 ₽» (always two decimals, so a column of prices lines up). */
export function formatMoney(minor: number, currency = "RUB", locale = "ru-RU"): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  } catch {
    // An unknown currency code: the number and the code.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)} ${currency}`;
  }
}

/**
 * What a person typed into a price input, in minor units: spaces (also the narrow no-break ones
 * Intl puts between thousands), a decimal comma or point, at most two decimals, a trailing «₽» or
 * «руб.». Empty → null; anything else unreadable → NaN (the form says so).
 */
export function parseMoney(text: string): number | null {
  const s = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(₽|руб\.?|р\.?|rub)$/i, "")
    .replace(",", ".");
  if (s === "") return null;
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return Number.NaN;
  const [whole, frac = ""] = s.split(".");
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(minor) ? minor : Number.NaN;
}

/** Minor units as an input's text: 199000 → «1990», 199050 → «1990,50», null → «». */
export function moneyInput(minor: number | null | undefined): string {
  if (minor === null || minor === undefined) return "";
  const whole = Math.trunc(minor / 100);
  const frac = Math.abs(minor % 100);
  return frac ? `${whole},${String(frac).padStart(2, "0")}` : String(whole);
}

/** The discount an old price shows, in whole percent (0 when there is none). */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (!oldPrice || oldPrice <= price) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}
