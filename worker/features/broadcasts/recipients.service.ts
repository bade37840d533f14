import writeXlsxFile, { type Row } from "write-excel-file/universal";
import type { Env } from "../../env";
import { paged } from "../../lib/validation";
import { csvCell, csvLine } from "../contacts/export";
import { refreshCounts } from "./broadcast-run.service";
import { broadcastRow, statsDto } from "./broadcasts.service";
import type { BroadcastStatsDto, RecipientState } from "./contract";

/** `pending`: materialized, not handed to the sender yet (no state). */
export type RecipientFilter = RecipientState | "pending";

interface RecipientRow {
  contact_id: string;
  name: string;
  platform: string;
  platform_user_id: string;
  platform_username: string | null;
  state: RecipientState | null;
  error: string | null;
  message_id: string | null;
  clicked_at: number | null;
  created_at: number;
  updated_at: number;
}

function recipientDto(r: RecipientRow) {
  return {
    contactId: r.contact_id,
    name: r.name,
    platform: r.platform,
    platformUserId: r.platform_user_id,
    platformUsername: r.platform_username,
    state: r.state ?? ("pending" as const),
    error: r.error,
    messageId: r.message_id,
    clickedAt: r.clicked_at,
    updatedAt: r.updated_at,
  };
}
export type RecipientDto = ReturnType<typeof recipientDto>;

const COLUMNS = "r.contact_id, c.name, c.platform, c.platform_user_id, c.platform_username, r.state, r.error, r.message_id, r.clicked_at, r.created_at, r.updated_at";

function stateWhere(state?: RecipientFilter): { sql: string; args: string[] } {
  if (!state) return { sql: "", args: [] };
  if (state === "pending") return { sql: " AND r.state IS NULL", args: [] };
  return { sql: " AND r.state = ?", args: [state] };
}

/** A page of a broadcast's recipients (by contact), optionally of one state, with the contact's name and platform and the failure reason. */
export async function listRecipients(env: Env, accountId: string, broadcastId: string, q: { page: number; limit: number; state?: RecipientFilter }) {
  await broadcastRow(env, accountId, broadcastId);
  const w = stateWhere(q.state);
  const [rows, total] = await env.DB.batch<RecipientRow & { n?: number }>([
    env.DB.prepare(
      `SELECT ${COLUMNS} FROM broadcast_recipients r JOIN contacts c ON c.id = r.contact_id
       WHERE r.broadcast_id = ? AND r.account_id = ?${w.sql} ORDER BY r.contact_id LIMIT ? OFFSET ?`,
    ).bind(broadcastId, accountId, ...w.args, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare(`SELECT count(*) AS n FROM broadcast_recipients r WHERE r.broadcast_id = ? AND r.account_id = ?${w.sql}`).bind(broadcastId, accountId, ...w.args),
  ]);
  return paged(rows!.results.map(recipientDto), Number(total!.results[0]?.n ?? 0), q.page, q.limit);
}

/** Per-state counts, clicks and the total, counted from the recipients now (and stored for the list). */
export async function broadcastStats(env: Env, accountId: string, broadcastId: string): Promise<BroadcastStatsDto> {
  await broadcastRow(env, accountId, broadcastId);
  await refreshCounts(env, broadcastId);
  return statsDto(await broadcastRow(env, accountId, broadcastId));
}

const STATE_RU: Record<RecipientState | "pending", string> = {
  pending: "Ожидает отправки",
  queued: "В очереди",
  sent: "Отправлено",
  delivered: "Доставлено",
  read: "Прочитано",
  failed: "Ошибка",
  skipped: "Пропущено",
};
const HEADERS = ["ID контакта", "Имя", "Платформа", "ID на платформе", "Имя пользователя", "Состояние", "Причина", "Нажал кнопку", "Добавлен", "Изменён"];
const PAGE = 1000;

function exportValues(r: RecipientRow): (string | Date | null)[] {
  return [
    r.contact_id,
    r.name,
    r.platform,
    r.platform_user_id,
    r.platform_username,
    STATE_RU[r.state ?? "pending"],
    r.error,
    r.clicked_at ? new Date(r.clicked_at) : null,
    new Date(r.created_at),
    new Date(r.updated_at),
  ];
}

const line = (r: RecipientRow) => csvLine(exportValues(r).map(csvCell));

async function* recipientPages(env: Env, accountId: string, broadcastId: string): AsyncGenerator<RecipientRow[]> {
  let after = "";
  for (;;) {
    const { results } = await env.DB.prepare(
      `SELECT ${COLUMNS} FROM broadcast_recipients r JOIN contacts c ON c.id = r.contact_id
       WHERE r.broadcast_id = ? AND r.account_id = ? AND r.contact_id > ? ORDER BY r.contact_id LIMIT ?`,
    )
      .bind(broadcastId, accountId, after, PAGE)
      .all<RecipientRow>();
    if (!results.length) return;
    yield results;
    if (results.length < PAGE) return;
    after = results[results.length - 1]!.contact_id;
  }
}

/**
 * Every recipient with its state, reason and times, as CSV (streamed page by page, with a BOM so
 * Excel reads Cyrillic) or XLSX (write-excel-file, as the contacts export).
 */
export async function exportRecipients(env: Env, accountId: string, broadcastId: string, format: "csv" | "xlsx"): Promise<Response> {
  await broadcastRow(env, accountId, broadcastId);
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `broadcast-${broadcastId}-${stamp}`;
  if (format === "csv") {
    const enc = new TextEncoder();
    const it = recipientPages(env, accountId, broadcastId);
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          return controller.enqueue(enc.encode(`\ufeff${csvLine(HEADERS)}`));
        }
        const next = await it.next();
        if (next.done) return controller.close();
        controller.enqueue(enc.encode(next.value.map(line).join("")));
      },
    });
    return new Response(stream, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}.csv"`, "cache-control": "no-store" } });
  }
  const data: Row[] = [HEADERS.map((h) => ({ value: h, fontWeight: "bold" as const }))];
  for await (const rows of recipientPages(env, accountId, broadcastId)) {
    for (const r of rows) data.push(exportValues(r).map((v) => (v === null || v === "" ? null : v instanceof Date ? { value: v, format: "dd.mm.yyyy hh:mm" } : v)));
  }
  const blob = await writeXlsxFile(data, { columns: HEADERS.map(() => ({ width: 22 })), stickyRowsCount: 1 }).toBlob();
  return new Response(blob.stream(), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${name}.xlsx"`,
      "content-length": String(blob.size),
      "cache-control": "no-store",
    },
  });
}
