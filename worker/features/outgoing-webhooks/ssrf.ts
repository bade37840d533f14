import type { Env } from "../../env";
import { hostProblem } from "../../lib/outbound-url";

/**
 * The SSRF guard of outgoing webhooks, applied when an endpoint is saved and again before every
 * send (a row may predate a rule, or have been written by other means). Workers cannot reach a
 * private network, but a customer's URL must still not point at names that mean "this machine" or
 * "the operator's network", and deployed Workers ignore custom ports on https URLs anyway.
 */
export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };


/** Only for local tests: `WEBHOOKS_ALLOW_LOOPBACK=1` together with `ENVIRONMENT=development`. */
export function loopbackAllowed(env: Pick<Env, "ENVIRONMENT" | "WEBHOOKS_ALLOW_LOOPBACK">): boolean {
  return env.ENVIRONMENT === "development" && env.WEBHOOKS_ALLOW_LOOPBACK === "1";
}

export function checkWebhookUrl(raw: string, env: Pick<Env, "ENVIRONMENT" | "WEBHOOKS_ALLOW_LOOPBACK">): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: "Укажите полный адрес, например https://crm.example.ru/hooks/assistly" };
  }
  if (loopbackAllowed(env) && url.protocol === "http:" && url.hostname === "127.0.0.1" && url.port) return { ok: true, url };
  if (url.protocol !== "https:") return { ok: false, message: "Адрес должен начинаться с https://" };
  if (url.username || url.password) return { ok: false, message: "Адрес не должен содержать логин и пароль" };
  const problem = hostProblem(url.hostname);
  if (problem === "ip") return { ok: false, message: "Укажите доменное имя, а не IP-адрес" };
  if (problem === "local") return { ok: false, message: "Локальные и внутренние адреса не принимаются" };
  if (problem === "single-label") return { ok: false, message: "Укажите полное доменное имя (например, crm.example.ru)" };
  if (url.port && url.port !== "443") return { ok: false, message: "Поддерживается только стандартный порт 443" };
  return { ok: true, url };
}
