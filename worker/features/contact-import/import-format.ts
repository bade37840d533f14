// @shared-with-spa: pure code the SPA imports at run time (the dialog previews the file with the same reader the server imports it with); no bindings, no server imports.
import { unzipSync, zipSync } from "fflate";
import Papa from "papaparse";
import { readSheet } from "read-excel-file/universal";

/**
 * The contact import's file format and mapping, one module for both sides: the browser reads the
 * file to show its header and first rows and to suggest a mapping; the server reads the same bytes
 * again with the same code when the import starts (it never trusts the browser's reading).
 */
export const IMPORT_FORMATS = ["csv", "xlsx"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_IMPORT_COLUMNS = 100;
/** Rows per `import-chunk` job. */
export const IMPORT_CHUNK_ROWS = 1000;

/** What a column may fill; a custom field is `field:<key>`. */
export const IMPORT_TARGETS = ["name", "phone", "username", "platform", "platformUserId", "tags"] as const;
export type StandardTarget = (typeof IMPORT_TARGETS)[number];
export type ImportTarget = StandardTarget | `field:${string}`;
export const IMPORT_PLATFORMS = ["TELEGRAM", "WHATSAPP", "INSTAGRAM"] as const;
export type ImportPlatform = (typeof IMPORT_PLATFORMS)[number];
export const DEDUPE_KEYS = ["phone", "channel"] as const;
export type DedupeKey = (typeof DEDUPE_KEYS)[number];

/**
 * columns[i] is what column i fills (null: not imported); `platform` is the messenger of every row
 * when no column names it; `dedupe` says which key finds an existing contact.
 */
export interface ImportMapping {
  columns: (ImportTarget | null)[];
  dedupe: DedupeKey;
  platform: ImportPlatform | null;
}

/** A data row with its number in the file (the header is row 1). */
export interface TableRow {
  n: number;
  cells: string[];
}
export interface Table {
  header: string[];
  rows: TableRow[];
}

/** Why a file cannot be read; `code` lets the SPA say it in the user's language. */
export type ImportFileErrorCode = "empty" | "noRows" | "tooManyColumns" | "tooManyRows" | "encoding" | "unreadable";
export class ImportFileError extends Error {
  readonly code: ImportFileErrorCode;
  constructor(code: ImportFileErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function formatOf(fileName: string): ImportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === "csv" || ext === "txt" ? "csv" : ext === "xlsx" ? "xlsx" : null;
}

/** UTF-8 (with or without a BOM); a file that is not valid UTF-8 is read as Windows-1251 (Russian Excel's "CSV"). */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    try {
      return new TextDecoder("windows-1251").decode(bytes);
    } catch {
      throw new ImportFileError("encoding", "Файл не в кодировке UTF-8: сохраните его как «CSV UTF-8»");
    }
  }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    // A sheet's date is a fraction of a day: 00:05 may come back as 00:04:59.9999, so to the nearest second first.
    const iso = new Date(Math.round(v.getTime() / 1000) * 1000).toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 16);
  }
  return String(v).trim();
}

function toTable(records: unknown[][]): Table {
  const first = records.findIndex((r) => r.some((c) => cellText(c) !== ""));
  if (first < 0) throw new ImportFileError("empty", "Файл пустой");
  const header = records[first]!.map(cellText);
  while (header.length && header[header.length - 1] === "") header.pop();
  if (header.length > MAX_IMPORT_COLUMNS) throw new ImportFileError("tooManyColumns", `Не больше ${MAX_IMPORT_COLUMNS} столбцов`);
  const rows: TableRow[] = [];
  for (let i = first + 1; i < records.length; i++) {
    const cells = header.map((_, j) => cellText(records[i]![j]));
    if (cells.some((c) => c !== "")) rows.push({ n: i + 1, cells });
  }
  if (rows.length === 0) throw new ImportFileError("noRows", "В файле нет строк с данными: нужна строка заголовков и хотя бы одна строка под ней");
  if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError("tooManyRows", `Не больше ${MAX_IMPORT_ROWS.toLocaleString("ru-RU")} строк в одном файле`);
  return { header, rows };
}

/**
 * CSV separated by `;`, `,` or tabs (guessed), quotes as RFC 4180. The apostrophe our exports put
 * before a cell that would run as a formula (`'=…`, `'-…`: lib/spreadsheet's csvLine) is dropped, so
 * an exported file reads back as it was.
 */
export function readCsv(text: string): Table {
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [";", ",", "\t"], skipEmptyLines: false });
  return toTable(parsed.data.map((r) => r.map((c) => (typeof c === "string" && /^'[=+\-@]/.test(c) ? c.slice(1) : c))));
}

/**
 * The workbook with its parts stored uncompressed. fflate (read-excel-file's unzip) inflates an
 * entry over ~320 KB compressed in a Web Worker made from a blob: URL; Workers have no `Worker`,
 * and the SPA's Content-Security-Policy allows no blob: workers. Stored entries are read in place,
 * and inflating here is synchronous (one 50 000-row sheet: tens of ms).
 */
function storedZip(bytes: ArrayBuffer): ArrayBuffer {
  const out = zipSync(unzipSync(new Uint8Array(bytes)), { level: 0 });
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
}

/** The first sheet of an XLSX workbook. */
export async function readXlsx(bytes: ArrayBuffer): Promise<Table> {
  let data: unknown[][];
  try {
    data = await readSheet(storedZip(bytes));
  } catch {
    throw new ImportFileError("unreadable", "Не удалось прочитать файл XLSX: сохраните его в Excel заново или выгрузите как CSV");
  }
  return toTable(data);
}

export async function readTable(bytes: ArrayBuffer, format: ImportFormat): Promise<Table> {
  if (bytes.byteLength === 0) throw new ImportFileError("empty", "Файл пустой");
  return format === "csv" ? readCsv(decodeCsv(bytes)) : readXlsx(bytes);
}

const norm = (s: string) => s.toLowerCase().replace(/ё/g, "е").replace(/[\s_.:-]+/g, " ").trim();

const SYNONYMS: Record<StandardTarget | "email", string[]> = {
  name: ["имя", "name", "фио", "full name", "контакт", "клиент"],
  phone: ["телефон", "phone", "тел", "номер телефона", "mobile", "мобильный", "phone number"],
  username: ["username", "имя пользователя", "логин", "ник", "user name"],
  platform: ["канал", "платформа", "channel", "platform", "мессенджер"],
  platformUserId: ["id на платформе", "id в канале", "channel id", "platform user id", "user id", "chat id"],
  tags: ["теги", "тег", "tags", "tag", "метки"],
  email: ["email", "e mail", "почта", "электронная почта", "эл почта", "mail"],
};

/** A first guess at what a column fills, from its header (ru/en names, the account's field labels and keys). */
export function suggestTarget(header: string, fields: { key: string; label: string; type: string }[]): ImportTarget | null {
  const h = norm(header);
  if (!h) return null;
  const field = fields.find((f) => norm(f.label) === h || norm(f.key) === h);
  if (field) return `field:${field.key}`;
  for (const [target, names] of Object.entries(SYNONYMS)) {
    if (!names.includes(h)) continue;
    if (target !== "email") return target as StandardTarget;
    const email = fields.find((f) => f.type === "email");
    return email ? `field:${email.key}` : null;
  }
  return null;
}

/** Suggestions for every column, each target at most once. */
export function suggestMapping(header: string[], fields: { key: string; label: string; type: string }[]): (ImportTarget | null)[] {
  const used = new Set<string>();
  return header.map((h) => {
    const t = suggestTarget(h, fields);
    if (!t || used.has(t)) return null;
    used.add(t);
    return t;
  });
}

const PLATFORM_NAMES: Record<string, ImportPlatform> = {
  telegram: "TELEGRAM", телеграм: "TELEGRAM", телеграмм: "TELEGRAM", tg: "TELEGRAM",
  whatsapp: "WHATSAPP", ватсап: "WHATSAPP", вотсап: "WHATSAPP", wa: "WHATSAPP", "whats app": "WHATSAPP",
  instagram: "INSTAGRAM", инстаграм: "INSTAGRAM", instagramm: "INSTAGRAM", ig: "INSTAGRAM",
};

/** A messenger named in a cell ("Telegram", "телеграм", "WHATSAPP"…), or null. */
export function platformOf(cell: string): ImportPlatform | null {
  return PLATFORM_NAMES[norm(cell)] ?? null;
}

/** The key two rows of one file are compared by to find a repeat (the chunk jobs then find existing contacts by the checked value). */
export function rowKey(cells: string[], mapping: ImportMapping): string | null {
  const col = (t: ImportTarget) => mapping.columns.indexOf(t);
  if (mapping.dedupe === "phone") {
    const i = col("phone");
    const digits = i >= 0 ? (cells[i] ?? "").replace(/\D/g, "") : "";
    // Only something that can be a number (E.164: 8 to 15 digits): short junk is refused row by row, not "repeated".
    return digits.length >= 8 && digits.length <= 15 ? `p:${digits}` : null;
  }
  const id = col("platformUserId") >= 0 ? (cells[col("platformUserId")] ?? "").trim() : "";
  if (!id) return null;
  const p = col("platform") >= 0 ? platformOf(cells[col("platform")] ?? "") : mapping.platform;
  return p ? `c:${p}:${id}` : null;
}
