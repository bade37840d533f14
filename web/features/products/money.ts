import { formatMoney as formatIn, parseMoney as parseAmount } from "@worker/features/products/contract";
import { localeTag } from "@/lib/i18n";

/**
 * Money in the SPA: the API keeps integer minor units (kopecks) with an ISO 4217 currency; pages
 * show them in the interface language's format («1 990,00 ₽» in Russian, «₽1,990.00» in English, the rouble sign in every language:
 * the contract's `formatMoney` with `localeTag()`) and take roubles in inputs («1990», «1 990,5», «1990.50»).
 */
export function formatMoney(minor: number, currency?: string, opts: { fraction?: boolean } = {}): string {
  return formatIn(minor, currency, { ...opts, locale: localeTag() });
}

/**
 * What a person typed into a price input, in minor units: spaces (also the narrow no-break ones
 * Intl puts between thousands), a decimal comma or point, at most two decimals, a trailing «₽» or
 * «руб.». Empty → null; anything else unreadable or negative → NaN (the form says so).
 */
export function parseMoney(text: string): number | null {
  if (text.trim() === "") return null;
  const minor = parseAmount(text.trim());
  return minor === null || minor < 0 || !Number.isSafeInteger(minor) ? Number.NaN : minor;
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
