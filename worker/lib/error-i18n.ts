import type { ErrorBody } from "./errors";
import { AR_MESSAGES } from "./error-messages-ar";
import { EN_MESSAGES } from "./error-messages-en";
import { FR_MESSAGES } from "./error-messages-fr";

/**
 * Error messages in the caller's language. Services throw Russian messages (the product's
 * language); the error body is translated once, where `app.onError` builds it, when the request
 * asks for another interface language (`Accept-Language`, which the SPA sets from its interface
 * language: English, French or Arabic). The catalogues are keyed by the Russian text itself,
 * gettext's msgid: a message with interpolated values is a pattern (`Лимит тарифа «{planName}»
 * исчерпан: …`) whose values are translated in turn when they are catalogue texts (a unit label)
 * and kept otherwise (a plan name, a number). Whatever a catalogue does not know stays Russian,
 * the fallback language (SPEC §1).
 */
export type ErrorLanguage = "ru" | "en" | "fr" | "ar";

const SUPPORTED: readonly ErrorLanguage[] = ["ru", "en", "fr", "ar"];

/** Each language's catalogue (complete: tests/web/error-messages-catalogue.test.ts). */
const CATALOGUES: Record<Exclude<ErrorLanguage, "ru">, Record<string, string>> = { en: EN_MESSAGES, fr: FR_MESSAGES, ar: AR_MESSAGES };

/**
 * The language of `Accept-Language` (`en`, `en-GB`, `fr;q=0.9, en;q=0.8`) that the caller prefers
 * among `supported`; null when the header is missing or names none of them.
 */
export function preferredLanguage<L extends string>(header: string | null | undefined, supported: readonly L[]): L | null {
  if (!header) return null;
  let best: { lang: L; q: number } | null = null;
  for (const part of header.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const lang = (tag ?? "").trim().toLowerCase().split("-")[0] as L;
    if (!supported.includes(lang)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? null;
}

/** The error messages' language: the one of ru, en, fr, ar the caller prefers, else Russian. */
export function errorLanguage(header: string | null | undefined): ErrorLanguage {
  return preferredLanguage(header, SUPPORTED) ?? "ru";
}

/**
 * The error body with its message and field messages (`details.fields`) in `lang`. `englishValues`:
 * values stored in Russian with an English name of their own (a plan's), used for every language
 * other than Russian (they have no French or Arabic one).
 */
export function localiseErrorBody(body: ErrorBody, lang: ErrorLanguage, englishValues?: Record<string, string>): ErrorBody {
  if (lang === "ru") return body;
  const out: ErrorBody = { ...body, message: localiseMessage(body.message, lang, englishValues) };
  const details = body.details;
  if (details && typeof details === "object" && !Array.isArray(details) && "fields" in details) {
    const fields = (details as { fields?: unknown }).fields;
    if (fields && typeof fields === "object" && !Array.isArray(fields)) {
      const translated: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(fields)) {
        translated[key] = Array.isArray(value)
          ? value.map((m) => (typeof m === "string" ? localiseMessage(m, lang) : m))
          : typeof value === "string"
            ? localiseMessage(value, lang)
            : value;
      }
      out.details = { ...details, fields: translated };
    }
  }
  return out;
}

/** One message in `lang`; the Russian text itself when the catalogue has no entry for it. */
export function localiseMessage(message: string, lang: ErrorLanguage, englishValues?: Record<string, string>): string {
  if (lang === "ru" || !message) return message;
  return translate(message, 0, lang, englishValues) ?? message;
}

// zod's own messages (no custom text in the schema) are written by its Russian locale; the
// validator's error map records the text of each one it writes in zod's other locales
// (worker/lib/validation.ts), so the body can be turned to another language without knowing zod's
// Russian phrasing. Bounded: a long-lived isolate sees a few hundred distinct ones at most.
const ZOD_TEXTS_MAX = 2000;
type OtherLanguage = Exclude<ErrorLanguage, "ru">;
const zodTexts = new Map<string, Partial<Record<OtherLanguage, string>>>();

export function rememberZodTexts(russian: string, texts: () => Record<OtherLanguage, string>) {
  if (!russian || zodTexts.has(russian)) return;
  if (zodTexts.size >= ZOD_TEXTS_MAX) zodTexts.delete(zodTexts.keys().next().value!);
  // A locale with no text for the issue leaves that language out: the message then stays Russian, never empty.
  const known: Partial<Record<OtherLanguage, string>> = {};
  for (const [lang, text] of Object.entries(texts()) as [OtherLanguage, string][]) if (text) known[lang] = text;
  zodTexts.set(russian, known);
}

interface Pattern {
  /** The literal pieces around the placeholders: one more than `names`. */
  literals: string[];
  names: string[];
  /** The text in the catalogue's language. */
  text: string;
  /** No Russian of its own (`{field} ({message})`): counts only when a value was translated. */
  composed: boolean;
  /** Length of the literal text: the more, the more specific. */
  weight: number;
}

const PLACEHOLDER = /\{([A-Za-z_$][\w$]*)\}/g;
const CYRILLIC = /[\u0400-\u04FF]/;
const MAX_DEPTH = 4;
const patterns = new Map<OtherLanguage, Pattern[]>();

function compiledPatterns(lang: OtherLanguage): Pattern[] {
  const compiled = patterns.get(lang);
  if (compiled) return compiled;
  const list: Pattern[] = [];
  for (const [msgid, text] of Object.entries(CATALOGUES[lang])) {
    const pieces = msgid.split(PLACEHOLDER);
    if (pieces.length === 1) continue;
    // split() with a capture group alternates literal text and placeholder names.
    const literals = pieces.filter((_, i) => i % 2 === 0);
    const names = pieces.filter((_, i) => i % 2 === 1);
    list.push({ literals, names, text, composed: !CYRILLIC.test(literals.join("")), weight: literals.join("").length });
  }
  // The most specific first: "Проверьте введённые данные — apiKey: {msg}" before "… — {message}".
  list.sort((a, b) => b.weight - a.weight);
  patterns.set(lang, list);
  return list;
}

/**
 * Every way `text` splits into the pattern's values (`{what} {current} из {limit}` over
 * "ответов ИИ 100 из 100" has two: the caller keeps the one whose values it can translate).
 */
function splits(p: Pattern, text: string): string[][] {
  const { literals } = p;
  const last = literals[literals.length - 1];
  if (!text.startsWith(literals[0]) || !text.endsWith(last) || text.length < literals[0].length + last.length) return [];
  const out: string[][] = [];
  const walk = (at: number, i: number, values: string[]) => {
    if (out.length >= 50) return;
    const next = literals[i + 1];
    if (i === p.names.length - 1) {
      const end = text.length - last.length;
      if (end > at) out.push([...values, text.slice(at, end)]);
      return;
    }
    for (let end = text.indexOf(next, at + 1); end !== -1; end = text.indexOf(next, end + 1)) walk(end + next.length, i + 1, [...values, text.slice(at, end)]);
  };
  walk(literals[0].length, 0, []);
  return out;
}

function translate(text: string, depth: number, lang: OtherLanguage, names?: Record<string, string>): string | null {
  const catalogue = CATALOGUES[lang];
  const exact = catalogue[text] ?? zodTexts.get(text)?.[lang] ?? (depth > 0 ? names?.[text] : undefined);
  if (exact !== undefined) return exact;
  // A label capitalised where it starts a message ("Цену — целое число копеек").
  const first = text.charAt(0);
  if (first !== first.toLowerCase()) {
    const lower = catalogue[first.toLowerCase() + text.slice(1)];
    if (lower !== undefined) return lower.charAt(0).toUpperCase() + lower.slice(1);
  }
  if (depth >= MAX_DEPTH) return null;
  for (const p of compiledPatterns(lang)) {
    let best: { score: number; values: string[]; translated: number } | null = null;
    for (const split of splits(p, text)) {
      let score = 0;
      let translated = 0;
      const values = split.map((value) => {
        if (!CYRILLIC.test(value)) return value;
        const t = translate(value, depth + 1, lang, names);
        if (t === null) {
          score--;
          return value;
        }
        score++;
        translated++;
        return t;
      });
      if (!best || score > best.score) best = { score, values, translated };
    }
    if (!best || (p.composed && !best.translated)) continue;
    const { values } = best;
    return p.text.replace(PLACEHOLDER, (whole, name: string) => {
      const i = p.names.indexOf(name);
      return i >= 0 ? values[i] : whole;
    });
  }
  // "apiKey: Введите ключ API" — a field's key before its message (the validator's summary).
  const keyed = /^([A-Za-z_$][\w$.[\]-]*): ([\s\S]+)$/.exec(text);
  if (keyed) {
    const t = translate(keyed[2], depth + 1, lang, names);
    if (t !== null) return `${keyed[1]}: ${t}`;
  }
  return null;
}

/**
 * Keys under which an answer carries a text the server wrote and stored (a send's or a broadcast
 * recipient's failure reason, an import row's issue, a knowledge source's or an integration's last
 * error, the test chat's notice): the same catalogue's messages, kept in Russian in the database.
 */
const STORED_TEXT_KEYS = new Set(["error", "lastError", "deliveryError", "reason", "notice"]);
const MAX_WALK_DEPTH = 12;

/** Words the stored texts of a parsed answer in place; true when any changed. */
function localiseStoredTexts(value: unknown, lang: ErrorLanguage, depth = 0): boolean {
  if (!value || typeof value !== "object" || depth > MAX_WALK_DEPTH) return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const v of value) if (localiseStoredTexts(v, lang, depth + 1)) changed = true;
    return changed;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (typeof v === "string") {
      if (!STORED_TEXT_KEYS.has(key) || !CYRILLIC.test(v)) continue;
      const worded = localiseMessage(v, lang);
      if (worded !== v) {
        obj[key] = worded;
        changed = true;
      }
    } else if (v && typeof v === "object" && localiseStoredTexts(v, lang, depth + 1)) changed = true;
  }
  return changed;
}

/**
 * A JSON answer in `lang`, from the same catalogue as the errors: a change's success message
 * (`{ …, message: "Поле создано" }`, which the SPA shows as a toast; `successMessage`) and, in any
 * answer, the stored texts the server wrote (STORED_TEXT_KEYS). The rest is the user's data and is
 * left as it is; so is an answer that is Russian, has no Russian text or none the catalogue knows.
 */
export async function localiseSuccessResponse(res: Response, lang: ErrorLanguage, opts: { successMessage?: boolean } = {}): Promise<Response> {
  if (lang === "ru" || !(res.headers.get("content-type") ?? "").startsWith("application/json")) return res;
  const text = await res.clone().text();
  if (!CYRILLIC.test(text)) return res;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return res;
  }
  if (!body || typeof body !== "object") return res;
  let changed = false;
  const message = (body as { message?: unknown }).message;
  if ((opts.successMessage ?? true) && !Array.isArray(body) && typeof message === "string") {
    const worded = localiseMessage(message, lang);
    if (worded !== message) {
      (body as { message: string }).message = worded;
      changed = true;
    }
  }
  if (localiseStoredTexts(body, lang)) changed = true;
  if (!changed) return res;
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: res.status, statusText: res.statusText, headers });
}
