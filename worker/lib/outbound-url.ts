/**
 * Rules for base URLs our server calls on a customer's behalf (an account's AI provider; the same
 * rules suit outgoing webhooks). Workers cannot resolve a name before fetching, so a name that
 * resolves to a private address is left to the platform (Cloudflare does not route Workers'
 * subrequests into private networks); what we refuse here is what we can see: IP literals,
 * local names, credentials in the URL, and plain http outside development (where the local fakes
 * and model servers listen on http://127.0.0.1).
 */
export type OutboundUrlProblem = "invalid" | "protocol" | "credentials" | "private-host" | "query";

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".localdomain"];

export function checkOutboundUrl(raw: string, opts: { development: boolean }): OutboundUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (url.protocol !== "https:" && !(opts.development && url.protocol === "http:")) return "protocol";
  if (url.username || url.password) return "credentials";
  if (url.search || url.hash) return "query";
  if (opts.development) return null;
  const host = url.hostname.toLowerCase();
  // WHATWG URL parsing already turns 0x7f.1, 2130706433 and the like into dotted IPv4.
  if (host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return "private-host";
  if (host === "localhost" || !host.includes(".") || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return "private-host";
  return null;
}

/** Russian field messages for the problems above. */
export const OUTBOUND_URL_MESSAGES: Record<OutboundUrlProblem, string> = {
  invalid: "Укажите адрес целиком, например https://api.openai.com/v1",
  protocol: "Адрес должен начинаться с https://",
  credentials: "Уберите логин и пароль из адреса: ключ указывается отдельно",
  "private-host": "Нужен публичный адрес по доменному имени: IP-адреса и локальные имена не допускаются",
  query: "Укажите базовый адрес без параметров после ? и #",
};

/** The form we store and call: no trailing slash (the SDK appends /chat/completions). */
export function normalizeBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, "");
}
