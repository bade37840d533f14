import { z } from "zod";
import type { CustomField } from "../../db/schema/custom-fields";
import { checkPhone } from "../../lib/phone";
import { zonedToUtc } from "../../lib/zoned-time";
import type { FieldType } from "./field-types";

/** A value as the API carries it: text, number, boolean, or the chosen options of a multiselect. */
export type FieldValue = string | number | boolean | string[];

/** A value as stored: its text and, for the types compared as numbers, its number. */
export interface StoredValue {
  text: string;
  num: number | null;
}

export type ParsedValue = { ok: true; stored: StoredValue } | { ok: false; error: string };

export const MAX_TEXT_VALUE = 2000;

const fail = (error: string): ParsedValue => ({ ok: false, error });
const ok = (text: string, num: number | null = null): ParsedValue => ({ ok: true, stored: { text, num } });
const emailSchema = z.email();

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ZONED_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function realDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function parseNumber(raw: unknown): ParsedValue {
  let n: number;
  if (typeof raw === "number") n = raw;
  else if (typeof raw === "string" && /^-?[\d\s\u00a0]+([.,]\d+)?$/.test(raw.trim())) n = Number(raw.trim().replace(/[\s\u00a0]/g, "").replace(",", "."));
  else return fail("Введите число");
  if (!Number.isFinite(n)) return fail("Введите число");
  if (Math.abs(n) > 1e15) return fail("Слишком большое число");
  return ok(String(n), n);
}

function parseDate(raw: unknown, tz: string): ParsedValue {
  const m = typeof raw === "string" ? DATE.exec(raw.trim()) : null;
  if (!m || !realDate(+m[1]!, +m[2]!, +m[3]!)) return fail("Введите дату в формате ГГГГ-ММ-ДД");
  return ok(m[0], zonedToUtc(tz, +m[1]!, +m[2]!, +m[3]!));
}

/** An instant with an offset as given; a wall time without one is read in the account's time zone. */
function parseDateTime(raw: unknown, tz: string): ParsedValue {
  const text = typeof raw === "string" ? raw.trim() : "";
  const bad = fail("Введите дату и время, например 2026-05-01T14:30");
  const local = LOCAL_DATE_TIME.exec(text);
  let at: number;
  if (local) {
    const [y, mo, d, h, mi, s] = local.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
    if (!realDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return bad;
    at = zonedToUtc(tz, y, mo, d, h, mi, s);
  } else if (ZONED_DATE_TIME.test(text)) {
    at = Date.parse(text);
    if (!Number.isFinite(at) || !realDate(+text.slice(0, 4), +text.slice(5, 7), +text.slice(8, 10))) return bad;
  } else return bad;
  return ok(new Date(at).toISOString(), at);
}

function parseBoolean(raw: unknown): ParsedValue {
  if (raw === true || raw === "true") return ok("true", 1);
  if (raw === false || raw === "false") return ok("false", 0);
  return fail("Ожидается «да» или «нет»");
}

function parseUrl(raw: unknown): ParsedValue {
  const text = typeof raw === "string" ? raw.trim() : "";
  const bad = fail("Введите адрес сайта, например https://example.ru");
  if (!text || text.length > MAX_TEXT_VALUE || /\s/.test(text)) return bad;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return bad;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !/\.[a-z\u0400-\u04ff-]{2,}\.?$/i.test(url.hostname)) return bad;
  return ok(url.toString());
}

function parseChoice(raw: unknown, options: string[]): ParsedValue {
  const text = typeof raw === "string" ? raw.trim() : "";
  return options.includes(text) ? ok(text) : fail("Выберите один из вариантов");
}

function parseChoices(raw: unknown, options: string[]): ParsedValue | null {
  if (!Array.isArray(raw) || raw.some((x) => typeof x !== "string")) return fail("Выберите варианты из списка");
  const chosen = [...new Set((raw as string[]).map((x) => x.trim()))];
  if (chosen.some((x) => !options.includes(x))) return fail("Выберите варианты из списка");
  if (chosen.length === 0) return null;
  // Stored in the definition's order, so equal choices compare equal.
  return ok(JSON.stringify(options.filter((o) => chosen.includes(o))));
}

/**
 * Checks one value against its field's type and gives what is stored; null means "no value"
 * (an empty text, null, an empty multiselect), which clears the field.
 */
export function parseFieldValue(field: Pick<CustomField, "type" | "options">, raw: unknown, tz: string): ParsedValue | null {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) return null;
  switch (field.type) {
    case "text": {
      if (typeof raw !== "string" && typeof raw !== "number") return fail("Введите текст");
      const text = String(raw).trim();
      return text.length > MAX_TEXT_VALUE ? fail(`Не больше ${MAX_TEXT_VALUE} символов`) : ok(text);
    }
    case "number":
      return parseNumber(raw);
    case "date":
      return parseDate(raw, tz);
    case "datetime":
      return parseDateTime(raw, tz);
    case "boolean":
      return parseBoolean(raw);
    case "select":
      return parseChoice(raw, field.options);
    case "multiselect":
      return parseChoices(raw, field.options);
    case "phone": {
      const phone = checkPhone(typeof raw === "string" || typeof raw === "number" ? String(raw) : "");
      return phone.ok ? ok(phone.international) : fail(phone.error);
    }
    case "email": {
      const text = typeof raw === "string" ? raw.trim().toLowerCase() : "";
      return text.length <= 254 && emailSchema.safeParse(text).success ? ok(text) : fail("Введите адрес электронной почты, например name@example.ru");
    }
    case "url":
      return parseUrl(raw);
  }
}

/** The stored value back in the API's form. */
export function valueOf(type: FieldType, text: string, num: number | null): FieldValue {
  switch (type) {
    case "number":
      return num ?? Number(text);
    case "boolean":
      return text === "true";
    case "multiselect":
      try {
        const list = JSON.parse(text);
        return Array.isArray(list) ? list.map(String) : [];
      } catch {
        return [];
      }
    default:
      return text;
  }
}
