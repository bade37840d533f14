import type { Env } from "../../env";
import { accountZone, type Cell, localStamp, platformName, sheetResponse } from "../../lib/spreadsheet";
import { paged } from "../../lib/validation";
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


function exportValues(r: RecipientRow): Cell[] {
  return [
    r.contact_id,
    r.name,
    platformName(r.platform),
    r.platform_user_id,
    r.platform_username,
    STATE_RU[r.state ?? "pending"],
    r.error,
    r.clicked_at ? { at: r.clicked_at } : null,
    { at: r.created_at },
    { at: r.updated_at },
  ];
}

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
 * Every recipient with its state, reason and times, as CSV or XLSX made for Russian Excel by
 * lib/spreadsheet's rules as the contacts export (`;` and a BOM, times in the account's zone, the
 * sheet «Получатели», formulas guarded, the file named by the account's date), page by page.
 */
export async function exportRecipients(env: Env, accountId: string, broadcastId: string, format: "csv" | "xlsx"): Promise<Response> {
  await broadcastRow(env, accountId, broadcastId);
  const tz = await accountZone(env, accountId);
  const rows = async function* () {
    for await (const page of recipientPages(env, accountId, broadcastId)) yield page.map(exportValues);
  };
  return sheetResponse(format, { headers: HEADERS, pages: rows, tz, fileName: `broadcast-${broadcastId}-${localStamp(tz)}`, sheet: "Получатели", width: () => 22 });
}
