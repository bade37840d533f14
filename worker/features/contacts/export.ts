import type { Contact } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { accountZone, type Cell, localStamp, platformName, sheetResponse } from "../../lib/spreadsheet";
import { contactRows, tagsAndValues } from "../audience/audience.service";
import { type CompiledFilter, compileFilter } from "../audience/compile";
import type { FieldValue } from "../custom-fields/field-values";
import type { TagDto } from "../custom-fields/tags.service";
import type { ExportQuery } from "./contacts.schemas";
import { needle } from "./contacts.service";

const PAGE = 500;
/** One exported contact with its tags and custom field values. */
type Row_ = { c: Contact; tags: TagDto[]; values: Record<string, FieldValue> };

const SHEET_NAME = "Контакты";

const BASE_COLUMNS: { header: string; value: (c: Contact) => Cell }[] = [
  { header: "ID", value: (c) => c.id },
  { header: "Имя", value: (c) => c.name },
  { header: "Платформа", value: (c) => platformName(c.platform) },
  { header: "Имя пользователя", value: (c) => c.platformUsername },
  { header: "ID на платформе", value: (c) => c.platformUserId },
  { header: "Телефон", value: (c) => c.phone },
  { header: "Статус", value: (c) => c.status },
  { header: "О контакте", value: (c) => c.about },
  { header: "Первое обращение", value: (c) => ({ at: c.firstSeenAt }) },
  { header: "Последняя активность", value: (c) => ({ at: c.lastSeenAt }) },
  { header: "Создан", value: (c) => ({ at: c.createdAt }) },
];

/**
 * The filtered contacts as CSV or XLSX: the standard columns, one column per custom field (headed
 * by its label, in the fields' order) and the tags. Made for Russian Excel by lib/spreadsheet's
 * rules (`;` and a BOM, the account's wall clock, the sheet «Контакты», formulas guarded, the file
 * named by the account's date); channels are named as people write them (WhatsApp). Rows are read
 * in keyset pages of 500, each page's tags and values in two more statements.
 */
export async function exportContacts(env: Env, accountId: string, q: ExportQuery): Promise<Response> {
  const f = await compileFilter(env, accountId, q.filter ?? {}, q.isTestContact ?? false);
  const n = needle(q.q);
  if (q.platform) f.where += " AND c.platform = ?", f.args.push(q.platform);
  if (n) f.where += " AND instr(c.search_text, ?) > 0", f.args.push(n);
  const [fields, tz] = await Promise.all([
    env.DB.prepare("SELECT key, label, type FROM custom_fields WHERE account_id = ? ORDER BY position, key").bind(accountId).all<{ key: string; label: string; type: string }>(),
    accountZone(env, accountId),
  ]);
  const fieldKeys = fields.results.map((r) => r.key);
  const fieldTypes = fields.results.map((r) => r.type);
  // A field's column is headed by its label; a label two fields share also names the key.
  const labels = fields.results.map((r) => r.label);
  const fieldHeaders = fields.results.map((r) => (labels.filter((l) => l === r.label).length > 1 ? `${r.label} (${r.key})` : r.label));
  const headers = [...BASE_COLUMNS.map((c) => c.header), ...fieldHeaders, "Теги"];

  async function* pages(): AsyncGenerator<Row_[]> {
    let after: { createdAt: number; id: string } | null = null;
    for (;;) {
      const page: CompiledFilter = after ? { from: f.from, where: `${f.where} AND (c.created_at > ? OR (c.created_at = ? AND c.id > ?))`, args: [...f.args, after.createdAt, after.createdAt, after.id] } : f;
      const { rows } = await contactRows(env, page, "c.created_at ASC, c.id ASC", PAGE, 0, false);
      if (rows.length === 0) return;
      const extra = await tagsAndValues(env, accountId, rows.map((r) => r.id));
      yield rows.map((c) => ({ c, tags: extra.tags.get(c.id) ?? [], values: extra.values.get(c.id) ?? {} }));
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  const values = ({ c, tags, values: own }: Row_): Cell[] => [
    ...BASE_COLUMNS.map((col) => col.value(c)),
    ...fieldKeys.map((k, i) => customValue(own[k], fieldTypes[i]!)),
    tags.map((t) => t.name).join(", "),
  ];
  const rowsOf = async function* () {
    for await (const page of pages()) yield page.map(values);
  };
  return sheetResponse(q.format, { headers, pages: rowsOf, tz, fileName: `contacts-${localStamp(tz)}`, sheet: SHEET_NAME, width: (i) => (i === 0 ? 24 : 20) });
}

/** A custom field's value as a cell: a date field's day and a datetime field's instant as such. */
function customValue(v: FieldValue | undefined, type: string): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? "да" : "нет";
  if (Array.isArray(v)) return v.join(", ");
  if (type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(v)) return { day: v };
  if (type === "datetime" && Number.isFinite(Date.parse(v))) return { at: Date.parse(v) };
  return v;
}
