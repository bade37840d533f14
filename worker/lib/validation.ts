import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import { rememberZodTexts } from "./error-i18n";
import { AppError } from "./errors";

// Field messages come out in Russian, the product's language; the SPA shows them on the fields.
// zod's own messages (where a schema has no text of its own) also get their English, French and
// Arabic recorded (zod's own locales), for a request that asks for one of them
// (worker/lib/error-i18n.ts translates the body in app.onError).
// jitless: workerd forbids code generation from strings, so zod's `new Function` probe can only
// fail; skipping it keeps the first parse of every isolate from paying for a thrown EvalError.
const russian = z.locales.ru().localeError;
const english = z.locales.en().localeError;
const french = z.locales.fr().localeError;
const arabic = z.locales.ar().localeError;
const textOf = (m: ReturnType<typeof russian>) => (typeof m === "string" ? m : (m?.message ?? ""));
z.config({
  localeError: (issue) => {
    const message = russian(issue);
    rememberZodTexts(textOf(message), () => ({ en: textOf(english(issue)), fr: textOf(french(issue)), ar: textOf(arabic(issue)) }));
    return message;
  },
  jitless: true,
});

export type FieldErrors = Record<string, string[]>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationError(error: z.ZodError): AppError {
  const fields = fieldErrors(error);
  const first = Object.entries(fields)[0];
  const summary = first ? (first[0] === "_" ? first[1][0] : `${first[0]}: ${first[1][0]}`) : "Некорректные данные";
  return new AppError(400, "VALIDATION_ERROR", `Проверьте введённые данные — ${summary}`, { fields });
}

/** `zValidator` with the project's one hook: 400 with field errors, never a 500. */
export function v<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as unknown as z.ZodError);
  });
}

/**
 * A route's JSON body read by hand (for routes whose schema is chosen per request, or that read the
 * body themselves): an empty body is `{}`, malformed JSON is a 400 like the validator's.
 */
export async function readJsonBody(c: { req: { text(): Promise<string> } }): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, "MALFORMED_REQUEST", "Некорректный JSON в теле запроса");
  }
}

export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** Query `page`/`limit` of the paged list contract. */
export const pageQuery = (defaultLimit = 20, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });

export interface Paged<T> {
  data: T[];
  meta: { total: number; limit: number; lastPage: number; page: number };
}

export function paged<T>(data: T[], total: number, page: number, limit: number): Paged<T> {
  return { data, meta: { total, limit, page, lastPage: Math.max(1, Math.ceil(total / limit)) } };
}

/** `%text%` for LIKE over a JS-lower-cased column; the user's own % and _ are dropped so they never act as wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[%_]/g, "")}%`;
}

export const email = () => z.string().trim().toLowerCase().max(254).pipe(z.email());
export const shortText = (max = 200) => z.string().trim().min(1).max(max);
export const timezone = () =>
  z.string().max(64).refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Неизвестный часовой пояс");
