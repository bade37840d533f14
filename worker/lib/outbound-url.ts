/**
 * Rules for base URLs our server calls on a customer's behalf (an account's AI provider; the same
 * rules suit outgoing webhooks). Workers cannot resolve a name before fetching, so a name that
 * resolves to a private address is left to the platform (Cloudflare does not route Workers'
 * subrequests into private networks); what we refuse here is what we can see: IP literals,
 * local names, credentials in the URL, and plain http outside development (where the local fakes
 * and model servers listen on http://127.0.0.1).
 */
export type OutboundUrlProblem = "invalid" | "protocol" | "credentials" | "private-host" | "query";

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp", ".localdomain"];
const LOCAL_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"]);

/**
 * Why a host (URL.hostname) is not a public domain name, or null: an IP literal in any notation
 * (WHATWG URL parsing already turns 0x7f.1, 2130706433 and the like into dotted IPv4), a name that
 * means this machine or a private network, or a single label. One rule for every URL we call on a
 * customer's behalf (AI providers, outgoing webhooks).
 */
export function hostProblem(hostname: string): "ip" | "local" | "single-label" | null {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return "ip";
  if (LOCAL_NAMES.has(host) || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return "local";
  if (!host.includes(".")) return "single-label";
  return null;
}

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
  return hostProblem(url.hostname) ? "private-host" : null;
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
