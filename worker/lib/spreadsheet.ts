import writeXlsxFile, { type Row } from "write-excel-file/node";
import type { Env } from "../env";
import { utcToZoned, zoneOffsetMs } from "./zoned-time";

/**
 * The exports' files as Russian Excel opens them (contacts, products, a broadcast's recipients): one
 * set of rules, here.
 * - CSV: `;`-separated with a BOM (Excel reads UTF-8 Cyrillic only with it); an instant is the
 *   account's wall clock «ДД.ММ.ГГГГ ЧЧ:ММ», a day «ДД.ММ.ГГГГ», a fraction has a decimal comma
 *   (1290,5); a cell that would run as a formula gets an apostrophe (`csvLine`).
 * - XLSX: a named sheet, the header row bold and kept on screen, instants as date cells showing the
 *   account's wall clock (a sheet's dates carry no zone), days as dates.
 * - The file is named by the account's date.
 * Both are built from keyset pages of rows: the CSV streams page by page (constant memory); the XLSX
 * goes through write-excel-file's node entry (node:stream and node:buffer under nodejs_compat), whose
 * zip is fflate's synchronous streaming deflate: the universal entry's asynchronous zip hands any part
 * over 160 kB to a Web Worker, which Workers do not have (tests/worker/contacts.test.ts "large export").
 * The imports read these files back (`readTable`: `;` guessed, ДД.ММ.ГГГГ ЧЧ:ММ and decimal commas parsed).
 */

/** A cell: text, a number, an instant (written in the account's time zone) or a calendar day. */
export type Cell = string | number | { at: number } | { day: string } | null;

export const CSV_SEPARATOR = ";";

const PLATFORM_NAMES: Record<string, string> = { TELEGRAM: "Telegram", WHATSAPP: "WhatsApp", INSTAGRAM: "Instagram" };
/** A channel as people write it (WhatsApp, not WHATSAPP); the contacts import reads these back. */
export const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** The account's time zone (UTC when it has none). */
export async function accountZone(env: Env, accountId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string | null }>();
  return row?.timezone || "UTC";
}

/** The account's today, "YYYY-MM-DD": what an export's file is named by. */
export const localStamp = (tz: string, now = Date.now()) => utcToZoned(tz, now).slice(0, 10);

/** «ДД.ММ.ГГГГ» of a "YYYY-MM-DD…" text. */
const ruDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A CSV cell's text: an instant as the account's wall clock «ДД.ММ.ГГГГ ЧЧ:ММ», a day as «ДД.ММ.ГГГГ», a fraction with a decimal comma. */
export function csvText(v: Cell, tz: string): string {
  if (v === null) return "";
  if (typeof v === "number") return String(v).replace(".", ",");
  if (typeof v === "object") {
    if ("day" in v) return ruDate(v.day);
    const wall = utcToZoned(tz, v.at);
    return `${ruDate(wall)} ${wall.slice(11, 16)}`;
  }
  return v;
}

/** An XLSX cell: instants as date cells showing the account's wall clock, days as dates. */
export function sheetCell(v: Cell, tz: string): Row[number] {
  if (v === null || v === "") return null;
  if (typeof v === "object") {
    if ("day" in v) return { value: new Date(`${v.day}T00:00:00Z`), format: "dd.mm.yyyy" };
    return { value: new Date(v.at + zoneOffsetMs(tz, v.at)), format: "dd.mm.yyyy hh:mm" };
  }
  return v;
}

/**
 * One CSV line (`,` unless told otherwise; the exports write `;`). A cell starting with = + - @
 * would run as a formula in a spreadsheet (CSV injection), so it gets a leading apostrophe, except
 * a phone number or a number (+7 910 000-79-19, -5, -1,5): digits, spaces, brackets, dots, commas,
 * pluses and minuses alone can neither call a function nor name a cell, and the apostrophe would
 * show in the cell. A cell with either separator, a quote or a line break is quoted (Excel still
 * reads a quoted "1290,5" as the number).
 */
export function csvLine(cells: string[], separator: "," | ";" = ","): string {
  return (
    cells
      .map((s) => {
        const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-][\d\s().,+-]*$/.test(s) ? `'${s}` : s;
        // A comma is quoted in a `;` file too (Excel still reads a quoted «1290,5» as a number), so no reader's guess of the separator can take it for one.
        return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      })
      .join(separator) + "\r\n"
  );
}

export interface SheetExport {
  headers: string[];
  /** The rows' cells, page by page (read when the file is written). */
  pages: () => AsyncIterable<Cell[][]>;
  tz: string;
  /** The file's name without the extension (the account's date is the caller's part of it). */
  fileName: string;
  /** The XLSX sheet's name. */
  sheet: string;
  /** The XLSX columns' widths, by column index. */
  width?: (i: number) => number;
}

/** The export as a streamed CSV response. */
export function csvResponse(x: SheetExport): Response {
  const enc = new TextEncoder();
  const it = x.pages()[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(enc.encode(`\ufeff${csvLine(x.headers, CSV_SEPARATOR)}`));
        return;
      }
      const next = await it.next();
      if (next.done) return controller.close();
      controller.enqueue(enc.encode(next.value.map((row) => csvLine(row.map((v) => csvText(v, x.tz)), CSV_SEPARATOR)).join("")));
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${x.fileName}.csv"`, "cache-control": "no-store" },
  });
}

/** The export as an XLSX response (the whole workbook in memory: its zip is written at once). */
export async function xlsxResponse(x: SheetExport): Promise<Response> {
  const data: Row[] = [x.headers.map((h) => ({ value: h, fontWeight: "bold" as const }))];
  for await (const rows of x.pages()) for (const row of rows) data.push(row.map((v) => sheetCell(v, x.tz)));
  const buffer = await writeXlsxFile(data, { sheet: x.sheet, columns: x.headers.map((_, i) => ({ width: x.width?.(i) ?? 20 })), stickyRowsCount: 1 }).toBuffer();
  return new Response(new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${x.fileName}.xlsx"`,
      "content-length": String(buffer.byteLength),
      "cache-control": "no-store",
    },
  });
}

/** The export in the format asked for. */
export function sheetResponse(format: "csv" | "xlsx", x: SheetExport): Promise<Response> | Response {
  return format === "csv" ? csvResponse(x) : xlsxResponse(x);
}
