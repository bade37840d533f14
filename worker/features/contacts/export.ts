import writeXlsxFile, { type Row } from "write-excel-file/universal";
import type { Contact } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { contactRows, tagsAndValues } from "../audience/audience.service";
import { type CompiledFilter, compileFilter } from "../audience/compile";
import type { FieldValue } from "../custom-fields/field-values";
import type { TagDto } from "../custom-fields/tags.service";
import type { ExportQuery } from "./contacts.schemas";
import { needle } from "./contacts.service";

const PAGE = 500;
/** One exported contact with its tags and custom field values. */
type Row_ = { c: Contact; tags: TagDto[]; values: Record<string, FieldValue> };

const BASE_COLUMNS: { header: string; value: (c: Contact) => string | number | Date | null }[] = [
  { header: "ID", value: (c) => c.id },
  { header: "Имя", value: (c) => c.name },
  { header: "Платформа", value: (c) => c.platform },
  { header: "Имя пользователя", value: (c) => c.platformUsername },
  { header: "ID на платформе", value: (c) => c.platformUserId },
  { header: "Телефон", value: (c) => c.phone },
  { header: "Статус", value: (c) => c.status },
  { header: "О контакте", value: (c) => c.about },
  { header: "Первое обращение", value: (c) => new Date(c.firstSeenAt) },
  { header: "Последняя активность", value: (c) => new Date(c.lastSeenAt) },
  { header: "Создан", value: (c) => new Date(c.createdAt) },
];

/**
 * The filtered contacts as CSV or XLSX: the standard columns, one column per custom field (headed
 * by its label, in the fields' order) and the tags. Rows are read in keyset pages of 500, each page's
 * tags and values in two more statements. CSV is written to the response as each page arrives
 * (constant memory). XLSX goes through `write-excel-file` (pure JS, fflate inside, runs in
 * Workers): it builds the zip from the rows collected page by page and the result is streamed out.
 */
export async function exportContacts(env: Env, accountId: string, q: ExportQuery): Promise<Response> {
  const f = await compileFilter(env, accountId, q.filter ?? {}, q.isTestContact ?? false);
  const n = needle(q.q);
  if (q.platform) f.where += " AND c.platform = ?", f.args.push(q.platform);
  if (n) f.where += " AND instr(c.search_text, ?) > 0", f.args.push(n);
  const fields = await env.DB.prepare("SELECT key, label FROM custom_fields WHERE account_id = ? ORDER BY position, key").bind(accountId).all<{ key: string; label: string }>();
  const fieldKeys = fields.results.map((r) => r.key);
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
  const values = ({ c, tags, values: own }: Row_) => [...BASE_COLUMNS.map((col) => col.value(c)), ...fieldKeys.map((k) => customValue(own[k])), tags.map((t) => t.name).join(", ")];
  const stamp = new Date().toISOString().slice(0, 10);

  if (q.format === "csv") {
    const enc = new TextEncoder();
    const it = pages();
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          // BOM: Excel opens UTF-8 (Cyrillic) CSV correctly only with it.
          controller.enqueue(enc.encode(`\ufeff${csvLine(headers)}`));
          return;
        }
        const next = await it.next();
        if (next.done) return controller.close();
        controller.enqueue(enc.encode(next.value.map((c) => csvLine(values(c).map(csvCell))).join("")));
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
    for (const c of rows) data.push(values(c).map((v) => (v === null || v === "" ? null : v instanceof Date ? { value: v, format: "dd.mm.yyyy hh:mm" } : v)));
  }
  const blob = await writeXlsxFile(data, { columns: headers.map((_, i) => ({ width: i === 0 ? 24 : 20 })), stickyRowsCount: 1 }).toBlob();
  return new Response(blob.stream(), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="contacts-${stamp}.xlsx"`,
      "content-length": String(blob.size),
      "cache-control": "no-store",
    },
  });
}

function customValue(v: FieldValue | undefined): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "да" : "нет";
  return v.join(", ");
}

export function csvCell(v: string | number | Date | null): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export function csvLine(cells: string[]): string {
  return (
    cells
      .map((s) => {
        // Leading =,+,-,@ would run as a formula in a spreadsheet (CSV injection).
        const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
        return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      })
      .join(",") + "\r\n"
  );
}
