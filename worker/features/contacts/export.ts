import { and, asc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import writeXlsxFile, { type Row } from "write-excel-file/universal";
import { getDb, schema } from "../../db/client";
import type { Contact } from "../../db/schema/inbox";
import type { Env } from "../../env";
import type { ExportQuery } from "./contacts.schemas";
import { needle } from "./contacts.service";

const { contacts } = schema;
const PAGE = 500;

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
 * Contacts as CSV or XLSX with one column per custom field. Rows are read in keyset pages of 500.
 * CSV is written to the response as each page arrives (constant memory). XLSX goes through
 * `write-excel-file` (pure JS, fflate inside, runs in Workers): it builds the zip from the rows
 * collected page by page and the result is streamed out.
 */
export async function exportContacts(env: Env, accountId: string, q: ExportQuery): Promise<Response> {
  const db = getDb(env.DB);
  const where: SQL[] = [eq(contacts.accountId, accountId), eq(contacts.isTestContact, q.isTestContact ?? false)];
  if (q.platform) where.push(eq(contacts.platform, q.platform));
  const n = needle(q.q);
  if (n) where.push(sql`instr(${contacts.searchText}, ${n}) > 0`);
  const keysRows = await env.DB.prepare(
    "SELECT DISTINCT j.key AS key FROM contacts c, json_each(c.custom_fields) j WHERE c.account_id = ? ORDER BY j.key LIMIT 200",
  )
    .bind(accountId)
    .all<{ key: string }>();
  const fieldKeys = keysRows.results.map((r) => r.key);
  const headers = [...BASE_COLUMNS.map((c) => c.header), ...fieldKeys];

  async function* pages(): AsyncGenerator<Contact[]> {
    let after: { createdAt: number; id: string } | null = null;
    for (;;) {
      const cond: SQL | undefined = after ? and(...where, or(gt(contacts.createdAt, after.createdAt), and(eq(contacts.createdAt, after.createdAt), gt(contacts.id, after.id)))) : and(...where);
      const rows: Contact[] = await db.select().from(contacts).where(cond).orderBy(asc(contacts.createdAt), asc(contacts.id)).limit(PAGE).all();
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < PAGE) return;
      const last: Contact = rows[rows.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  const values = (c: Contact) => [...BASE_COLUMNS.map((col) => col.value(c)), ...fieldKeys.map((k) => customValue(c.customFields?.[k]))];
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

function customValue(v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "да" : "нет";
  return JSON.stringify(v);
}

function csvCell(v: string | number | Date | null): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

function csvLine(cells: string[]): string {
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
