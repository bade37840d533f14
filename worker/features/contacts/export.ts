import writeXlsxFile, { type Row } from "write-excel-file/node";
import type { Contact } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { utcToZoned, zoneOffsetMs } from "../../lib/zoned-time";
import { contactRows, tagsAndValues } from "../audience/audience.service";
import { type CompiledFilter, compileFilter } from "../audience/compile";
import type { FieldValue } from "../custom-fields/field-values";
import type { TagDto } from "../custom-fields/tags.service";
import type { ExportQuery } from "./contacts.schemas";
import { needle } from "./contacts.service";

const PAGE = 500;
/** One exported contact with its tags and custom field values. */
type Row_ = { c: Contact; tags: TagDto[]; values: Record<string, FieldValue> };
/** A cell: text, a number, an instant (written in the account's time zone) or a calendar day. */
type Cell = string | number | { at: number } | { day: string } | null;

const PLATFORM_NAMES: Record<string, string> = { TELEGRAM: "Telegram", WHATSAPP: "WhatsApp", INSTAGRAM: "Instagram" };
const SHEET_NAME = "Контакты";

const BASE_COLUMNS: { header: string; value: (c: Contact) => Cell }[] = [
  { header: "ID", value: (c) => c.id },
  { header: "Имя", value: (c) => c.name },
  { header: "Платформа", value: (c) => PLATFORM_NAMES[c.platform] ?? c.platform },
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
 * by its label, in the fields' order) and the tags. Made for Russian Excel: the CSV is `;`-separated
 * with a BOM; times are the account's wall clock (ДД.ММ.ГГГГ ЧЧ:ММ in CSV, date cells in XLSX, whose
 * sheet is «Контакты»); channels are named as people write them (WhatsApp); the file is named by the
 * account's date. Rows are read in keyset pages of 500, each page's
 * tags and values in two more statements. CSV is written to the response as each page arrives
 * (constant memory). XLSX goes through `write-excel-file`'s node entry (node:stream and node:buffer
 * under nodejs_compat), whose zip is fflate's synchronous streaming deflate: the universal entry's
 * asynchronous zip hands any part over 160 kB to a Web Worker, which Workers do not have (a sheet of
 * a few thousand contacts; tests/worker/contacts.test.ts "large export").
 */
export async function exportContacts(env: Env, accountId: string, q: ExportQuery): Promise<Response> {
  const f = await compileFilter(env, accountId, q.filter ?? {}, q.isTestContact ?? false);
  const n = needle(q.q);
  if (q.platform) f.where += " AND c.platform = ?", f.args.push(q.platform);
  if (n) f.where += " AND instr(c.search_text, ?) > 0", f.args.push(n);
  const [fields, account] = await Promise.all([
    env.DB.prepare("SELECT key, label, type FROM custom_fields WHERE account_id = ? ORDER BY position, key").bind(accountId).all<{ key: string; label: string; type: string }>(),
    env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>(),
  ]);
  const tz = account?.timezone || "UTC";
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
  const stamp = utcToZoned(tz, Date.now()).slice(0, 10);

  if (q.format === "csv") {
    const enc = new TextEncoder();
    const it = pages();
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          // BOM: Excel opens UTF-8 (Cyrillic) CSV correctly only with it.
          controller.enqueue(enc.encode(`\ufeff${csvLine(headers, ";")}`));
          return;
        }
        const next = await it.next();
        if (next.done) return controller.close();
        controller.enqueue(enc.encode(next.value.map((c) => csvLine(values(c).map((v) => localCell(v, tz)), ";")).join("")));
      },
    });
    return new Response(stream, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="contacts-${stamp}.csv"`,
        "cache-control": "no-store",
      },
    });
  }

  const data: Row[] = [headers.map((h) => ({ value: h, fontWeight: "bold" as const }))];
  for await (const rows of pages()) {
    for (const c of rows) data.push(values(c).map((v) => sheetCell(v, tz)));
  }
  const buffer = await writeXlsxFile(data, { sheet: SHEET_NAME, columns: headers.map((_, i) => ({ width: i === 0 ? 24 : 20 })), stickyRowsCount: 1 }).toBuffer();
  return new Response(new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="contacts-${stamp}.xlsx"`,
      "content-length": String(buffer.byteLength),
      "cache-control": "no-store",
    },
  });
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

/** «ДД.ММ.ГГГГ» of a "YYYY-MM-DD…" text. */
const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A CSV cell: an instant as the account's wall clock «ДД.ММ.ГГГГ ЧЧ:ММ», a day as «ДД.ММ.ГГГГ». */
function localCell(v: Cell, tz: string): string {
  if (v === null) return "";
  if (typeof v === "object") {
    if ("day" in v) return ruDate(v.day);
    const wall = utcToZoned(tz, v.at);
    return `${ruDate(wall)} ${wall.slice(11, 16)}`;
  }
  return String(v);
}

/** An XLSX cell: instants as date cells showing the account's wall clock (a sheet's dates carry no zone). */
function sheetCell(v: Cell, tz: string): Row[number] {
  if (v === null || v === "") return null;
  if (typeof v === "object") {
    if ("day" in v) return { value: new Date(`${v.day}T00:00:00Z`), format: "dd.mm.yyyy" };
    return { value: new Date(v.at + zoneOffsetMs(tz, v.at)), format: "dd.mm.yyyy hh:mm" };
  }
  return v;
}

export function csvCell(v: string | number | Date | null): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

/**
 * One CSV line (`,` unless told otherwise; Russian Excel reads `;`). A cell starting with = + - @
 * would run as a formula in a spreadsheet (CSV injection), so it gets a leading apostrophe, except
 * a phone number or a number (+7 910 000-79-19, -5, -1,5): digits, spaces, brackets, dots, commas,
 * pluses and minuses alone can neither call a function nor name a cell, and the apostrophe would
 * show in the cell.
 */
export function csvLine(cells: string[], separator: "," | ";" = ","): string {
  return (
    cells
      .map((s) => {
        const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-][\d\s().,+-]*$/.test(s) ? `'${s}` : s;
        return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      })
      .join(separator) + "\r\n"
  );
}
