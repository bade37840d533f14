import type { Env } from "../../env";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { fieldErrors, paged } from "../../lib/validation";
import { formatOf, IMPORT_CHUNK_ROWS, ImportFileError, MAX_IMPORT_BYTES, readTable, type Table, type TableRow } from "../contact-import/import-format";
import { enqueueJobs } from "../jobs/jobs";
import { type ProductImportJob, type ProductImportMapping, productImportMappingSchema } from "./contract";

export const PRODUCT_IMPORT_NOT_FOUND = "Импорт не найден";
/** Refused rows the status answer carries. */
export const ISSUES_SHOWN = 100;

const fileError = (message: string) => new AppError(400, "VALIDATION_ERROR", message, { fields: { file: [message] } });
const mappingError = (message: string) => new AppError(400, "VALIDATION_ERROR", `Проверьте сопоставление столбцов — ${message}`, { fields: { mapping: [message] } });

export const productImportDir = (accountId: string, jobId: string) => `accounts/${accountId}/product-imports/${jobId}`;
export const productChunkKey = (accountId: string, jobId: string, chunk: number) => `${productImportDir(accountId, jobId)}/chunk-${chunk}.json`;

/** A chunk in R2: its rows, and the rows repeating an earlier row's SKU ([row, first row]). */
export interface ProductChunkObject {
  rows: TableRow[];
  dup: [number, number][];
}

/** multipart/form-data with `file` (CSV or XLSX) and `mapping` (JSON `{columns}`). */
export async function readProductUpload(req: Request): Promise<{ file: File; mapping: ProductImportMapping }> {
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest("Отправьте файл и сопоставление столбцов формой (multipart/form-data)", "MALFORMED_REQUEST");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw fileError("Выберите файл CSV или XLSX");
  let json: unknown;
  try {
    json = JSON.parse(String(form.get("mapping") ?? ""));
  } catch {
    throw mappingError("сопоставление столбцов не прочитано");
  }
  const parsed = productImportMappingSchema.safeParse(json);
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([k, m]) => [`mapping.${k}`, m]));
    throw new AppError(400, "VALIDATION_ERROR", `Проверьте сопоставление столбцов — ${Object.values(fields)[0]?.[0] ?? ""}`, { fields });
  }
  return { file, mapping: parsed.data };
}

function checkMapping(mapping: ProductImportMapping, table: Table) {
  if (mapping.columns.length > table.header.length) throw mappingError("в сопоставлении больше столбцов, чем в файле");
  const targets = mapping.columns.filter((t): t is string => t !== null);
  const twice = targets.find((t, i) => targets.indexOf(t) !== i);
  if (twice) throw mappingError(`два столбца заполняют одно и то же: ${twice}`);
  if (!targets.includes("sku")) throw mappingError("сопоставьте столбец с артикулом: по нему товар находится и обновляется");
}

interface JobSqlRow {
  id: string;
  file_name: string;
  status: ProductImportJob["status"];
  total_rows: number;
  chunk_count: number;
  chunks_done: number;
  created: number;
  updated: number;
  failed: number;
  created_at: number;
  finished_at: number | null;
}

function jobDto(j: JobSqlRow, issues: ProductImportJob["issues"]): ProductImportJob {
  return {
    jobId: j.id,
    status: j.status,
    fileName: j.file_name,
    totalRows: j.total_rows,
    processedRows: j.created + j.updated + j.failed,
    created: j.created,
    updated: j.updated,
    failed: j.failed,
    progress: j.chunk_count ? Math.round((j.chunks_done / j.chunk_count) * 100) : 100,
    issues,
    createdAt: j.created_at,
    finishedAt: j.finished_at,
  };
}

/**
 * Starts a product import: reads the file with the contact import's reader (the same one the SPA
 * previews with), checks the mapping, keeps the file and its rows in chunks of 1 000 in R2, writes
 * the job and queues one `product-import-chunk` job per chunk → 202. Nothing is written when the
 * file or the mapping is refused.
 */
export async function startProductImport(env: Env, accountId: string, userId: string, file: File, mapping: ProductImportMapping) {
  const format = formatOf(file.name);
  if (!format) throw fileError("Загрузите файл CSV или XLSX");
  if (file.size > MAX_IMPORT_BYTES) throw fileError(`Файл больше ${MAX_IMPORT_BYTES / 1024 / 1024} МБ: разделите его на части`);
  const bytes = await file.arrayBuffer();
  let table: Table;
  try {
    table = await readTable(bytes, format);
  } catch (e) {
    throw fileError(e instanceof ImportFileError ? e.message : "Не удалось прочитать файл");
  }
  checkMapping(mapping, table);
  const skuCol = mapping.columns.indexOf("sku");
  const first = new Map<string, number>();
  const dup = new Map<number, number>();
  for (const r of table.rows) {
    const sku = (r.cells[skuCol] ?? "").trim();
    if (!sku) continue;
    const earlier = first.get(sku);
    if (earlier === undefined) first.set(sku, r.n);
    else dup.set(r.n, earlier);
  }
  const jobId = newId();
  const dir = productImportDir(accountId, jobId);
  const chunkCount = Math.ceil(table.rows.length / IMPORT_CHUNK_ROWS);
  const safeName = file.name.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(-120);
  await env.MEDIA.put(`${dir}/${safeName}`, bytes, { httpMetadata: { contentType: file.type || "application/octet-stream" } });
  await Promise.all(
    Array.from({ length: chunkCount }, (_, c) => {
      const rows = table.rows.slice(c * IMPORT_CHUNK_ROWS, (c + 1) * IMPORT_CHUNK_ROWS);
      const obj: ProductChunkObject = { rows, dup: rows.flatMap((r) => (dup.has(r.n) ? [[r.n, dup.get(r.n)!] as [number, number]] : [])) };
      return env.MEDIA.put(productChunkKey(accountId, jobId, c), JSON.stringify(obj), { httpMetadata: { contentType: "application/json" } });
    }),
  );
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO product_imports (id, account_id, created_by, file_name, file_key, header, mapping, status, total_rows, chunk_count, chunks_done, created, updated, failed, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, 0, 0, 0, 0, ?, ?)`,
  )
    .bind(jobId, accountId, userId, file.name.slice(0, 255), `${dir}/${safeName}`, JSON.stringify(table.header), JSON.stringify(mapping), table.rows.length, chunkCount, now, now)
    .run();
  await enqueueJobs(env, Array.from({ length: chunkCount }, (_, chunk) => ({ kind: "product-import-chunk" as const, accountId, jobId, chunk })));
  return getProductImport(env, accountId, jobId);
}

export async function getProductImport(env: Env, accountId: string, jobId: string): Promise<ProductImportJob> {
  const [jobs, issues] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM product_imports WHERE id = ? AND account_id = ?").bind(jobId, accountId),
    env.DB.prepare(`SELECT row, "column", value, reason FROM product_import_issues WHERE import_id = ? AND import_id IN (SELECT id FROM product_imports WHERE account_id = ?) ORDER BY row, "column" LIMIT ${ISSUES_SHOWN}`).bind(jobId, accountId),
  ]);
  const job = jobs!.results[0] as unknown as JobSqlRow | undefined;
  if (!job) throw notFound(PRODUCT_IMPORT_NOT_FOUND, "IMPORT_NOT_FOUND");
  return jobDto(job, issues!.results as unknown as ProductImportJob["issues"]);
}

/** The account's past imports, newest first (their counts; the refused rows are read per import). */
export async function listProductImports(env: Env, accountId: string, q: { page: number; limit: number }) {
  const [rows, total] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM product_imports WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?").bind(accountId, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare("SELECT count(*) AS n FROM product_imports WHERE account_id = ?").bind(accountId),
  ]);
  const data = (rows!.results as unknown as JobSqlRow[]).map((j) => jobDto(j, []));
  return paged(data, Number(total!.results[0]?.n ?? 0), q.page, q.limit);
}

/** The account's latest product import (the dialog reopens it), or null. */
export async function latestImport(env: Env, accountId: string): Promise<{ job: ProductImportJob | null }> {
  const r = await env.DB.prepare("SELECT id FROM product_imports WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT 1").bind(accountId).first<{ id: string }>();
  return { job: r ? await getProductImport(env, accountId, r.id) : null };
}
