import type { Env } from "../../env";
import { type Contact, PLATFORMS } from "../../db/schema/inbox";
import { badRequest, notFound } from "../../lib/errors";
import { deleteMedia } from "../inbox/media";
import { publishSafe } from "../inbox/realtime";
import { rowToContact } from "../inbox/rows";
import { type TagDto, tagDto } from "../custom-fields/tags.service";
import { type FieldValue, valueOf } from "../custom-fields/field-values";
import { type CompiledFilter, compileSelection, countSql, reachable } from "./compile";
import type { BulkBody } from "./audience.schemas";

/** Contact columns the lists read (the search haystack and the legacy JSON stay out). */
export const CONTACT_COLUMNS =
  "c.id, c.account_id, c.platform, c.platform_user_id, c.name, c.platform_username, c.phone, c.avatar, c.status, c.about, c.is_test_contact, c.subscription, c.custom_fields, c.first_seen_at, c.last_seen_at, c.created_at, c.updated_at";

/** Contacts of the compiled filter, ordered, one page. */
export async function contactRows(env: Env, f: CompiledFilter, order: string, limit: number, offset: number, withTotal = true): Promise<{ rows: Contact[]; total: number }> {
  const page = env.DB.prepare(`SELECT ${CONTACT_COLUMNS} FROM ${f.from} WHERE ${f.where} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...f.args, limit, offset);
  if (!withTotal) return { rows: (await page.all<Record<string, unknown>>()).results.map(rowToContact), total: 0 };
  const [rows, total] = await env.DB.batch<Record<string, unknown>>([page, env.DB.prepare(`SELECT count(*) AS n FROM ${f.from} WHERE ${f.where}`).bind(...f.args)]);
  return { rows: rows.results.map(rowToContact), total: Number(total.results[0]?.n ?? 0) };
}

/** Tags and field values ({ [key]: value }) of a page of contacts, in two statements (`+account_id`: by each contact's own index, not a walk of the account's tag links and values). */
export async function tagsAndValues(env: Env, accountId: string, ids: string[]) {
  const tags = new Map<string, TagDto[]>();
  const values = new Map<string, Record<string, FieldValue>>();
  if (ids.length === 0) return { tags, values };
  const list = JSON.stringify(ids);
  const [tagRows, valueRows] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      "SELECT ct.contact_id, t.id, t.name, t.color FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id WHERE +ct.account_id = ? AND ct.contact_id IN (SELECT value FROM json_each(?)) ORDER BY t.name_key",
    ).bind(accountId, list),
    env.DB.prepare(
      "SELECT v.contact_id, f.key, f.type, v.value_text, v.value_num FROM contact_field_values v JOIN custom_fields f ON f.id = v.field_id WHERE +v.account_id = ? AND v.contact_id IN (SELECT value FROM json_each(?)) ORDER BY f.position",
    ).bind(accountId, list),
  ]);
  for (const r of tagRows.results) {
    const id = String(r.contact_id);
    tags.set(id, [...(tags.get(id) ?? []), tagDto({ id: String(r.id), name: String(r.name), color: String(r.color) })]);
  }
  for (const r of valueRows.results) {
    const id = String(r.contact_id);
    const own = values.get(id) ?? {};
    own[String(r.key)] = valueOf(r.type as never, String(r.value_text), r.value_num === null ? null : Number(r.value_num));
    values.set(id, own);
  }
  return { tags, values };
}

export type AudienceCount = { total: number; byChannel: { telegram: number; whatsapp: number; instagram: number } };

/** The live count of an audience: reachable contacts only (not unsubscribed, not blocked), per channel. */
export async function countAudience(env: Env, f: CompiledFilter): Promise<AudienceCount> {
  const r = reachable(f);
  const rows = await env.DB.prepare(countSql(r))
    .bind(...r.args)
    .all<{ platform: string; n: number }>();
  const by = new Map(rows.results.map((x) => [x.platform, Number(x.n)]));
  return {
    total: PLATFORMS.reduce((sum, p) => sum + (by.get(p) ?? 0), 0),
    byChannel: { telegram: by.get("TELEGRAM") ?? 0, whatsapp: by.get("WHATSAPP") ?? 0, instagram: by.get("INSTAGRAM") ?? 0 },
  };
}

/** Above this many deleted contacts the room gets no event per contact: the lists refetch on their own. */
const DELETE_EVENTS_MAX = 200;

/**
 * Tag, untag, delete, subscribe or unsubscribe the selection (given ids, or everything the filter
 * matches) in set-based statements; answers how many contacts changed.
 */
export async function bulkAction(env: Env, accountId: string, body: BulkBody): Promise<{ affected: number }> {
  const sel = await compileSelection(env, accountId, { ids: body.ids, filter: body.filter });
  if (body.action === "delete") return bulkDelete(env, accountId, sel);
  if (body.action === "subscribe" || body.action === "unsubscribe") return bulkSubscription(env, accountId, sel, body.action === "subscribe");
  if (!body.tagId) throw badRequest("Проверьте введённые данные — выберите тег", "VALIDATION_ERROR", { fields: { tagId: ["Выберите тег"] } });
  const tag = await env.DB.prepare("SELECT id FROM tags WHERE id = ? AND account_id = ?").bind(body.tagId, accountId).first();
  if (!tag) throw notFound("Тег не найден", "TAG_NOT_FOUND");
  const res =
    body.action === "tag"
      ? await env.DB.prepare(
          `INSERT INTO contact_tags (account_id, tag_id, contact_id, created_at) SELECT ?, ?, c.id, ? FROM ${sel.from} WHERE ${sel.where} ON CONFLICT DO NOTHING`,
        )
          .bind(accountId, body.tagId, Date.now(), ...sel.args)
          .run()
      : await env.DB.prepare(`DELETE FROM contact_tags WHERE account_id = ? AND tag_id = ? AND contact_id IN (SELECT c.id FROM ${sel.from} WHERE ${sel.where})`)
          .bind(accountId, body.tagId, ...sel.args)
          .run();
  return { affected: res.meta.changes ?? 0 };
}

/**
 * Unsubscribing takes the subscribed contacts of the selection out of every broadcast (the blocked
 * stay blocked); subscribing brings back the unsubscribed and the blocked. Only the contacts that
 * change count.
 */
async function bulkSubscription(env: Env, accountId: string, sel: CompiledFilter, subscribe: boolean): Promise<{ affected: number }> {
  const from = subscribe ? "c.subscription <> 'subscribed'" : "c.subscription = 'subscribed'";
  const res = await env.DB.prepare(
    `UPDATE contacts SET subscription = ?, updated_at = ? WHERE account_id = ? AND id IN (SELECT c.id FROM ${sel.from} WHERE ${sel.where} AND ${from})`,
  )
    .bind(subscribe ? "subscribed" : "unsubscribed", Date.now(), accountId, ...sel.args)
    .run();
  return { affected: res.meta.changes ?? 0 };
}

async function bulkDelete(env: Env, accountId: string, sel: CompiledFilter): Promise<{ affected: number }> {
  // The media keys first (the messages go with their contacts), then one DELETE … RETURNING.
  const [media, deleted] = await env.DB.batch<{ key: string | null; id?: string }>([
    env.DB.prepare(
      `SELECT m.payload_url AS key FROM messages m WHERE m.account_id = ? AND m.payload_url LIKE ? AND m.contact_id IN (SELECT c.id FROM ${sel.from} WHERE ${sel.where})`,
    ).bind(accountId, `accounts/${accountId}/%`, ...sel.args),
    env.DB.prepare(`DELETE FROM contacts WHERE account_id = ? AND id IN (SELECT c.id FROM ${sel.from} WHERE ${sel.where}) RETURNING id`).bind(accountId, ...sel.args),
  ]);
  await deleteMedia(env, accountId, media.results.map((m) => m.key));
  const ids = deleted.results.map((r) => String(r.id));
  if (ids.length && ids.length <= DELETE_EVENTS_MAX) await publishSafe(env, accountId, ids.map((contactId) => ({ event: "deleteContact" as const, data: { contactId } })));
  return { affected: ids.length };
}
