import type { Env } from "../../env";
import { checkWebhookUrl } from "../outgoing-webhooks/ssrf";
import { htmlToText, normalizeText } from "./text";

/**
 * Fetching a web page for the knowledge base with the SSRF rules of INTEGRATIONS.md §4: https only,
 * a public domain name (no IP literals, local names, credentials or custom ports), redirects
 * followed by hand (at most 3, each target checked again), a short timeout and a capped read.
 * `http://127.0.0.1:<port>` is allowed only with the development switch of outgoing webhooks
 * (ENVIRONMENT=development and WEBHOOKS_ALLOW_LOOPBACK=1), for the tests' local page server.
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export type PageUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

export function checkPageUrl(raw: string, env: Pick<Env, "ENVIRONMENT" | "WEBHOOKS_ALLOW_LOOPBACK">): PageUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: "Укажите адрес страницы целиком, например https://example.ru/dostavka" };
  }
  // The outgoing webhooks' rules, the same for every URL we call on a customer's behalf.
  const check = checkWebhookUrl(url.toString(), env);
  if (check.ok) check.url.hash = "";
  return check;
}

export class PageError extends Error {}

async function readCapped(res: Response): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      await reader.cancel();
      throw new PageError("Страница больше 2 МБ");
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset=([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset && charset !== "utf8" ? charset : "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** The page's title, readable text and size; a PageError with a sentence when it cannot be read. */
export async function fetchPage(env: Env, raw: string): Promise<{ title: string; text: string; sizeBytes: number; finalUrl: string }> {
  let check = checkPageUrl(raw, env);
  for (let hop = 0; ; hop++) {
    if (!check.ok) throw new PageError(check.message);
    let res: Response;
    try {
      res = await fetch(check.url.toString(), {
        redirect: "manual",
        headers: { accept: "text/html,text/plain;q=0.9,*/*;q=0.1", "user-agent": "AssistlyKnowledgeBot/1.0" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (e) {
      throw new PageError(e instanceof Error && e.name === "TimeoutError" ? "Сайт не ответил за 10 секунд" : "Не удалось открыть страницу: сайт недоступен");
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new PageError("Слишком много перенаправлений");
      check = checkPageUrl(new URL(res.headers.get("location")!, check.url).toString(), env);
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PageError(res.status === 404 ? "Страница не найдена (404)" : `Сайт ответил ошибкой ${res.status}`);
    }
    const type = res.headers.get("content-type") ?? "";
    if (!/text\/(html|plain|markdown)|application\/xhtml/i.test(type)) {
      await res.body?.cancel();
      throw new PageError("По адресу не веб-страница: загрузите файл как документ");
    }
    const bytes = await readCapped(res);
    const body = decode(bytes, type);
    const page = /html/i.test(type) ? htmlToText(body) : { title: "", text: normalizeText(body) };
    if (!page.text) throw new PageError("На странице нет текста");
    return { ...page, sizeBytes: bytes.byteLength, finalUrl: check.url.toString() };
  }
}
