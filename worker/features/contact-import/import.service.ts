import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { ContactImport } from "../../db/schema/imports";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { fieldRows } from "../custom-fields/custom-fields.service";
import { enqueueJobs } from "../jobs/jobs";
import {
  formatOf,
  IMPORT_CHUNK_ROWS,
  ImportFileError,
  type ImportMapping,
  MAX_IMPORT_BYTES,
  readTable,
  rowKey,
  type Table,
} from "./import-format";
import { type ChunkObject, issueText, type RowContext } from "./import-rows";

const { contactImports, contactImportIssues, contactImportChunks, accounts } = schema;

export const IMPORT_NOT_FOUND = "Импорт не найден";
/** Refused rows the status answer carries; the CSV report has them all. */
export const REPORT_PREVIEW = 50;

const fileError = (message: string) => new AppError(400, "VALIDATION_ERROR", message, { fields: { file: [message] } });
const mappingError = (message: string) => new AppError(400, "VALIDATION_ERROR", message, { fields: { mapping: [message] } });

export const importDir = (accountId: string, jobId: string) => `accounts/${accountId}/imports/${jobId}`;
export const chunkKey = (accountId: string, jobId: string, chunk: number) => `${importDir(accountId, jobId)}/chunk-${chunk}.json`;

export function importDto(j: ContactImport) {
  const processed = j.created + j.updated + j.skipped + j.failed;
  return {
    importId: j.id,
    fileName: j.fileName,
    format: j.format,
    status: j.status,
    dedupe: j.mapping.dedupe,
    totalRows: j.totalRows,
    processedRows: processed,
    created: j.created,
    updated: j.updated,
    skipped: j.skipped,
    failed: j.failed,
    /** 0–100, by finished chunks. */
    progress: j.chunkCount ? Math.round((j.chunksDone / j.chunkCount) * 100) : 100,
    createdAt: j.createdAt,
    finishedAt: j.finishedAt,
  };
}

/** The mapping checked against the file's columns and the account's fields (a 400 on `mapping` otherwise). */
async function checkMapping(env: Env, accountId: string, mapping: ImportMapping, table: Table) {
  if (mapping.columns.length > table.header.length) throw mappingError("В сопоставлении больше столбцов, чем в файле");
  const targets = mapping.columns.filter((t): t is NonNullable<typeof t> => t !== null);
  const twice = targets.find((t, i) => targets.indexOf(t) !== i);
  if (twice) throw mappingError(`Два столбца заполняют одно и то же: ${twice}`);
  const fields = await fieldRows(env, accountId);
  const unknown = targets.find((t) => t.startsWith("field:") && !fields.some((f) => `field:${f.key}` === t));
  if (unknown) throw mappingError(`В аккаунте нет поля «${unknown.slice(6)}»`);
  const has = (t: string) => targets.includes(t as never);
  if (!has("phone") && !has("platformUserId")) throw mappingError("Сопоставьте столбец с телефоном или с ID в канале: по нему находится контакт");
  if (mapping.dedupe === "phone" && !has("phone")) throw mappingError("Чтобы искать контакты по телефону, сопоставьте столбец с телефоном");
  if (mapping.dedupe === "channel" && !has("platformUserId")) throw mappingError("Чтобы искать контакты по ID в канале, сопоставьте столбец с ID");
  if (has("platformUserId") && !has("platform") && !mapping.platform) throw mappingError("Укажите канал: столбцом или одним каналом для всего файла");
}

/** Repeats of an earlier row of the file by the dedupe key: [row, first row]. */
function duplicates(table: Table, mapping: ImportMapping): Map<number, number> {
  const first = new Map<string, number>();
  const dup = new Map<number, number>();
  for (const row of table.rows) {
    const key = rowKey(row.cells, mapping);
    if (!key) continue;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.n);
    else dup.set(row.n, earlier);
  }
  return dup;
}

/**
 * Starts an import: reads the file (the same reader the browser previewed it with), checks the
 * mapping, keeps the file and its rows in chunks of 1 000 in R2, writes the import row and queues
 * one `import-chunk` job per chunk. Nothing is written when the file or the mapping is refused.
 */
export async function startImport(env: Env, accountId: string, userId: string, file: File, mapping: ImportMapping) {
  const format = formatOf(file.name);
  if (!format) throw fileError("Загрузите файл CSV или XLSX");
  if (file.size > MAX_IMPORT_BYTES) throw fileError(`Файл больше ${MAX_IMPORT_BYTES / 1024 / 1024} МБ: разделите его на части`);
  const bytes = await file.arrayBuffer();
  let table: Table;
  try {
    table = await readTable(bytes, format);
  } catch (e) {
    if (e instanceof ImportFileError) throw fileError(e.message);
    throw fileError("Не удалось прочитать файл");
  }
  await checkMapping(env, accountId, mapping, table);
  const jobId = newId();
  const dup = duplicates(table, mapping);
  const chunkCount = Math.ceil(table.rows.length / IMPORT_CHUNK_ROWS);
  const dir = importDir(accountId, jobId);
  const safeName = file.name.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(-120);
  await env.MEDIA.put(`${dir}/${safeName}`, bytes, { httpMetadata: { contentType: file.type || "application/octet-stream" } });
  await Promise.all(
    Array.from({ length: chunkCount }, (_, c) => {
      const rows = table.rows.slice(c * IMPORT_CHUNK_ROWS, (c + 1) * IMPORT_CHUNK_ROWS);
      const obj: ChunkObject = { rows, dup: rows.flatMap((r) => (dup.has(r.n) ? [[r.n, dup.get(r.n)!] as [number, number]] : [])) };
      return env.MEDIA.put(chunkKey(accountId, jobId, c), JSON.stringify(obj), { httpMetadata: { contentType: "application/json" } });
    }),
  );
  const now = Date.now();
  const [job] = await getDb(env.DB)
    .insert(contactImports)
    .values({
      id: jobId, accountId, createdBy: userId, fileName: file.name.slice(0, 255), fileKey: `${dir}/${safeName}`, format,
      header: table.header, mapping, totalRows: table.rows.length, chunkCount, createdAt: now, updatedAt: now,
    })
    .returning();
  await enqueueJobs(env, Array.from({ length: chunkCount }, (_, chunk) => ({ kind: "import-chunk" as const, accountId, jobId, chunk })));
  return importDto(job!);
}

async function jobRow(env: Env, accountId: string, jobId: string): Promise<ContactImport> {
  const row = await getDb(env.DB)
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.id, jobId), eq(contactImports.accountId, accountId)))
    .get();
  if (!row) throw notFound(IMPORT_NOT_FOUND, "IMPORT_NOT_FOUND");
  return row;
}

/** What a chunk job needs, or null when the import is gone or the chunk already done. */
export async function loadImportContext(env: Env, accountId: string, jobId: string, chunk: number): Promise<RowContext | null> {
  const db = getDb(env.DB);
  const [jobs, done, account] = await db.batch([
    db.select().from(contactImports).where(and(eq(contactImports.id, jobId), eq(contactImports.accountId, accountId))),
    db.select({ c: contactImportChunks.chunk }).from(contactImportChunks).where(and(eq(contactImportChunks.importId, jobId), eq(contactImportChunks.chunk, chunk))),
    db.select({ tz: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  const job = jobs[0];
  if (!job || done.length) return null;
  const fields = await fieldRows(env, accountId);
  return { mapping: job.mapping, header: job.header, fields: new Map(fields.map((f) => [f.key, f])), tz: account[0]?.tz ?? "UTC" };
}

function issueDto(i: typeof contactImportIssues.$inferSelect) {
  return { row: i.row, column: i.column, value: i.value, reason: i.reason, kind: i.kind, text: issueText(i) };
}

/** The import's status and totals with its first refused or skipped rows (by row number). */
export async function getImport(env: Env, accountId: string, jobId: string) {
  const job = await jobRow(env, accountId, jobId);
  const issues = await getDb(env.DB)
    .select()
    .from(contactImportIssues)
    .where(eq(contactImportIssues.importId, jobId))
    .orderBy(contactImportIssues.row, contactImportIssues.column)
    .limit(REPORT_PREVIEW)
    .all();
  return { ...importDto(job), issues: issues.map(issueDto), issuesShown: REPORT_PREVIEW };
}

/** The account's latest imports, newest first. */
export async function listImports(env: Env, accountId: string) {
  const rows = await getDb(env.DB).select().from(contactImports).where(eq(contactImports.accountId, accountId)).orderBy(desc(contactImports.createdAt)).limit(20).all();
  return { data: rows.map(importDto) };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  return /[";\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Every refused and skipped row as CSV (`;`-separated, with a BOM, so Excel opens it in Russian). */
export async function importReport(env: Env, accountId: string, jobId: string): Promise<Response> {
  const job = await jobRow(env, accountId, jobId);
  const rows = await getDb(env.DB).select().from(contactImportIssues).where(eq(contactImportIssues.importId, jobId)).orderBy(contactImportIssues.row, sql`"column"`).all();
  const lines = [["Строка", "Столбец", "Значение", "Причина", "Итог"], ...rows.map((r) => [r.row, r.column, r.value, r.reason, r.kind === "skipped" ? "пропущена" : "отклонена"])];
  const body = "\uFEFF" + lines.map((l) => l.map(csvCell).join(";")).join("\r\n") + "\r\n";
  const name = `import-report-${job.createdAt}.csv`;
  return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` } });
}
