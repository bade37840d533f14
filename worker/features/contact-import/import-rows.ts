import type { CustomField } from "../../db/schema/custom-fields";
import { checkPhone } from "../../lib/phone";
import { parseFieldValue, type StoredValue } from "../custom-fields/field-values";
import { type ImportMapping, type ImportPlatform, type ImportTarget, platformOf, type TableRow } from "./import-format";

/** A refused or skipped row as the report lists it. */
export interface Issue {
  row: number;
  column: string;
  value: string;
  reason: string;
  kind: "failed" | "skipped";
}

/** A valid row: the contact's identity (platform + id on it) and what the file gives for it. */
export interface ImportRecord {
  n: number;
  platform: ImportPlatform;
  puid: string;
  name: string;
  username: string | null;
  /** E.164, as WhatsApp contacts carry it. */
  phone: string | null;
  values: { fieldId: string; stored: StoredValue }[];
  tags: string[];
}

/** A chunk as the upload stores it in R2: its rows, and the rows that repeat an earlier row of the file ([row, first row]). */
export interface ChunkObject {
  rows: TableRow[];
  dup: [number, number][];
}

export interface RowContext {
  mapping: ImportMapping;
  header: string[];
  fields: Map<string, CustomField>;
  tz: string;
}

export const MAX_NAME = 200;
export const MAX_USERNAME = 100;
export const MAX_TAG_NAME = 50;

const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);
const TRUE = new Set(["true", "да", "yes", "1", "y", "д", "+"]);
const FALSE = new Set(["false", "нет", "no", "0", "n", "н", "-"]);

/** What a spreadsheet writes, in the form the field's API validation expects. */
function fieldInput(field: CustomField, raw: string): unknown {
  switch (field.type) {
    case "boolean": {
      const v = raw.trim().toLowerCase();
      return TRUE.has(v) ? true : FALSE.has(v) ? false : raw;
    }
    case "multiselect":
      return raw.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
    case "datetime": {
      // ДД.ММ.ГГГГ ЧЧ:ММ, as the contacts export writes it (the account's wall clock).
      const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})[ T](\d{1,2}):(\d{2})$/.exec(raw.trim());
      return m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}T${m[4]!.padStart(2, "0")}:${m[5]}` : raw;
    }
    default:
      return raw;
  }
}

const DATE_FORMATS_REASON = "введите дату в формате ДД.ММ.ГГГГ или ГГГГ-ММ-ДД";
const NO_SUCH_DATE_REASON = "такой даты не существует (принимаются ДД.ММ.ГГГГ и ГГГГ-ММ-ДД)";

/**
 * A date cell as spreadsheets write it: ДД.ММ.ГГГГ (Russian Excel; one-digit day and month too) or
 * ГГГГ-ММ-ДД. A cell in either form naming a day the calendar lacks (31.02.1990) is told so; any
 * other text is told both forms.
 */
function importDate(raw: string): { iso: string } | { reason: string } {
  const text = raw.trim();
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const [y, m, d] = ru ? [ru[3]!, ru[2]!, ru[1]!] : iso ? [iso[1]!, iso[2]!, iso[3]!] : [];
  if (!y || !m || !d) return { reason: DATE_FORMATS_REASON };
  const t = new Date(Date.UTC(+y, +m - 1, +d));
  if (+y < 1000 || t.getUTCFullYear() !== +y || t.getUTCMonth() !== +m - 1 || t.getUTCDate() !== +d) return { reason: NO_SUCH_DATE_REASON };
  return { iso: `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` };
}

function phoneReason(raw: string): string {
  const digits = raw.replace(/\D/g, "").length;
  if (digits < 8) return "слишком короткий номер";
  if (digits > 15) return "слишком длинный номер";
  return "неверный формат номера";
}

/** Splits a tags cell ("VIP, опт; Москва") into names, each once whatever the case. */
export function tagNames(raw: string): string[] {
  const seen = new Map<string, string>();
  for (const name of raw.split(/[,;]/).map((x) => x.trim().replace(/\s+/g, " "))) {
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()];
}

/** One row checked against the mapping and the fields' types: a record, or every reason it is refused. */
export function parseRow(row: TableRow, ctx: RowContext): { ok: true; rec: ImportRecord } | { ok: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const rec: ImportRecord = { n: row.n, platform: "WHATSAPP", puid: "", name: "", username: null, phone: null, values: [], tags: [] };
  let platform: ImportPlatform | null = ctx.mapping.platform;
  let puid = "";
  const bad = (i: number, reason: string) => issues.push({ row: row.n, column: ctx.header[i] ?? "", value: row.cells[i] ?? "", reason, kind: "failed" });
  ctx.mapping.columns.forEach((target: ImportTarget | null, i) => {
    const raw = (row.cells[i] ?? "").trim();
    if (!target || !raw) return;
    if (target === "name") {
      if (raw.length > MAX_NAME) bad(i, `не длиннее ${MAX_NAME} символов`);
      else rec.name = raw;
    } else if (target === "username") {
      const u = raw.replace(/^@/, "");
      if (u.length > MAX_USERNAME || /\s/.test(u)) bad(i, "имя пользователя без пробелов, не длиннее 100 символов");
      else rec.username = u;
    } else if (target === "phone") {
      const p = checkPhone(raw);
      if (p.ok) rec.phone = p.e164;
      else bad(i, phoneReason(raw));
    } else if (target === "platform") {
      platform = platformOf(raw);
      if (!platform) bad(i, "неизвестный канал: укажите Telegram, WhatsApp или Instagram");
    } else if (target === "platformUserId") {
      if (raw.length > 100 || /\s/.test(raw)) bad(i, "ID в канале без пробелов, не длиннее 100 символов");
      else puid = raw;
    } else if (target === "tags") {
      const names = tagNames(raw);
      const long = names.find((t) => t.length > MAX_TAG_NAME);
      if (long) bad(i, `название тега «${long}» длиннее ${MAX_TAG_NAME} символов`);
      else rec.tags = names;
    } else {
      const field = ctx.fields.get(target.slice(6));
      if (!field) return;
      const date = field.type === "date" ? importDate(raw) : null;
      if (date && "reason" in date) {
        bad(i, date.reason);
        return;
      }
      const parsed = parseFieldValue(field, date ? date.iso : fieldInput(field, raw), ctx.tz);
      if (parsed && !parsed.ok) bad(i, lowerFirst(parsed.error));
      else if (parsed) rec.values.push({ fieldId: field.id, stored: parsed.stored });
    }
  });
  if (issues.length) return { ok: false, issues };
  if (puid && platform) {
    rec.platform = platform;
    // A WhatsApp chat id is the number with @c.us, as Green API names the chat.
    rec.puid = platform === "WHATSAPP" && /^\+?\d+$/.test(puid) ? `${puid.replace("+", "")}@c.us` : puid;
  } else if (puid) {
    const i = ctx.mapping.columns.indexOf("platformUserId");
    bad(i, "не указан канал: выберите его в сопоставлении или добавьте столбец с каналом");
    return { ok: false, issues };
  } else if (rec.phone) {
    rec.platform = "WHATSAPP";
    rec.puid = `${rec.phone.slice(1)}@c.us`;
  } else {
    issues.push({ row: row.n, column: "", value: "", reason: "нет ни телефона, ни ID в канале: контакт не найти и не создать", kind: "failed" });
    return { ok: false, issues };
  }
  return { ok: true, rec };
}

/** The report's sentence for an issue: «Строка 12: телефон «123» — слишком короткий номер». */
export function issueText(i: Pick<Issue, "row" | "column" | "value" | "reason">): string {
  const where = i.column ? `${i.column.toLowerCase()} «${i.value}» — ` : "";
  return `Строка ${i.row}: ${where}${i.reason}`;
}
