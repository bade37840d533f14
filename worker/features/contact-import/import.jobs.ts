import { contactSearchText } from "../inbox/serialize";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { MAX_TAGS, TAG_COLORS } from "../custom-fields/field-types";
import type { JobOf } from "../jobs/jobs";
import { type ChunkObject, type ImportRecord, type Issue, parseRow } from "./import-rows";
import { chunkKey, loadImportContext } from "./import.service";

interface Existing {
  id: string;
  platform: string;
  puid: string;
  name: string;
  username: string | null;
  phone: string | null;
}

/**
 * Imports one chunk of an import's rows. Everything it writes (contacts, values, tags, the
 * refused rows, the chunk's "done" row and the import's totals) is one D1 batch, i.e. one
 * transaction: a redelivered chunk finds its done row and stops, and two deliveries at once cannot
 * both commit (the second one's done row breaks the primary key, its batch rolls back, and the
 * retry then finds the chunk done).
 */
export async function runImportChunk(env: Env, job: JobOf<"import-chunk">): Promise<void> {
  const ctx = await loadImportContext(env, job.accountId, job.jobId, job.chunk);
  if (!ctx) return;
  const obj = await env.MEDIA.get(chunkKey(job.accountId, job.jobId, job.chunk));
  if (!obj) throw new Error(`import chunk ${job.jobId}/${job.chunk} is missing in R2`);
  const chunk = (await obj.json()) as ChunkObject;
  const issues: Issue[] = [];
  const dupOf = new Map(chunk.dup);
  const keyCol = ctx.mapping.columns.indexOf(ctx.mapping.dedupe === "phone" ? "phone" : "platformUserId");
  const recs: ImportRecord[] = [];
  const seen = new Map<string, number>();
  for (const row of chunk.rows) {
    const first = dupOf.get(row.n);
    if (first !== undefined) {
      issues.push({ row: row.n, column: ctx.header[keyCol] ?? "", value: row.cells[keyCol] ?? "", reason: `повторяет строку ${first}`, kind: "skipped" });
      continue;
    }
    const r = parseRow(row, ctx);
    if (!r.ok) {
      issues.push(...r.issues);
      continue;
    }
    const id = `${r.rec.platform}:${r.rec.puid}`;
    const earlier = seen.get(id);
    if (earlier !== undefined) {
      issues.push({ row: row.n, column: "", value: "", reason: `тот же контакт, что в строке ${earlier}`, kind: "skipped" });
      continue;
    }
    seen.set(id, row.n);
    recs.push(r.rec);
  }
  const targets = await findExisting(env, job.accountId, recs, ctx.mapping.dedupe);
  // Two rows that find the same existing contact (one number written two ways): the first one wins.
  const firstFor = new Map<string, number>();
  const unique = recs.filter((r) => {
    const t = targets.get(r.n);
    if (!t) return true;
    const earlier = firstFor.get(t.id);
    if (earlier === undefined) return firstFor.set(t.id, r.n), true;
    issues.push({ row: r.n, column: "", value: "", reason: `тот же контакт, что в строке ${earlier}`, kind: "skipped" });
    return false;
  });
  const tagPlan = await planTags(env, job.accountId, unique, issues);
  const kept = unique.filter((r) => !tagPlan.refused.has(r.n));
  await commitChunk(env, job, { recs: kept, targets, issues, newTags: tagPlan.newTags });
}

/** Existing contacts of the account for the records: by phone (dedupe on the phone) or by platform + id. */
async function findExisting(env: Env, accountId: string, recs: ImportRecord[], dedupe: "phone" | "channel"): Promise<Map<number, Existing>> {
  const cols = "c.id, c.platform, c.platform_user_id AS puid, c.name, c.platform_username AS username, c.phone";
  const ids = JSON.stringify(recs.map((r) => ({ p: r.platform, u: r.puid })));
  const phones = JSON.stringify([...new Set(recs.flatMap((r) => (r.phone ? [r.phone] : [])))]);
  const [byId, byPhone] = await env.DB.batch<Existing>([
    env.DB.prepare(`SELECT ${cols} FROM json_each(?2) j CROSS JOIN contacts c ON c.account_id = ?1 AND c.platform = j.value ->> 'p' AND c.platform_user_id = j.value ->> 'u'`).bind(accountId, ids),
    env.DB.prepare(`SELECT ${cols} FROM contacts c WHERE c.account_id = ?1 AND c.is_test_contact = 0 AND ?3 = 'phone' AND c.phone IN (SELECT value FROM json_each(?2)) ORDER BY c.created_at, c.id`).bind(accountId, phones, dedupe),
  ]);
  const identity = new Map(byId!.results.map((c) => [`${c.platform}:${c.puid}`, c]));
  const phone = new Map<string, Existing>();
  for (const c of byPhone!.results) if (c.phone && !phone.has(c.phone)) phone.set(c.phone, c);
  const out = new Map<number, Existing>();
  for (const r of recs) {
    const hit = (dedupe === "phone" && r.phone ? phone.get(r.phone) : undefined) ?? identity.get(`${r.platform}:${r.puid}`);
    if (hit) out.set(r.n, hit);
  }
  return out;
}

/** Tags named by the rows and missing in the account are created, up to the account's limit; a row needing one more is refused. */
async function planTags(env: Env, accountId: string, recs: ImportRecord[], issues: Issue[]) {
  const rows = await env.DB.prepare("SELECT name_key AS k FROM tags WHERE account_id = ?").bind(accountId).all<{ k: string }>();
  const have = new Set(rows.results.map((r) => r.k));
  const room = MAX_TAGS - have.size;
  const newTags = new Map<string, string>();
  const refused = new Set<number>();
  for (const r of recs) {
    const missing = r.tags.filter((t) => !have.has(t.toLowerCase()) && !newTags.has(t.toLowerCase()));
    if (newTags.size + missing.length > room) {
      refused.add(r.n);
      issues.push({ row: r.n, column: "", value: "", reason: `тег «${missing[0]}» не создан: в аккаунте может быть не больше ${MAX_TAGS} тегов`, kind: "failed" });
      continue;
    }
    for (const t of missing) newTags.set(t.toLowerCase(), t);
  }
  return { newTags, refused };
}

const CONTACT_ID = "(SELECT c.id FROM contacts c WHERE c.account_id = ?1 AND c.platform = j.value ->> 'p' AND c.platform_user_id = j.value ->> 'u')";

const SQL = {
  insertContacts: `INSERT INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at)
    SELECT j.value ->> 'id', ?1, j.value ->> 'p', j.value ->> 'u', j.value ->> 'name', j.value ->> 'username', j.value ->> 'phone', j.value ->> 'search', '{}', '[]', ?2, ?2, ?2, ?2
    FROM json_each(?3) j WHERE true
    ON CONFLICT (account_id, platform, platform_user_id) DO UPDATE SET
      name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE contacts.name END,
      platform_username = coalesce(excluded.platform_username, contacts.platform_username),
      phone = coalesce(excluded.phone, contacts.phone), updated_at = excluded.updated_at`,
  updateContacts: `UPDATE contacts SET name = j.value ->> 'name', platform_username = j.value ->> 'username', phone = j.value ->> 'phone', search_text = j.value ->> 'search', updated_at = ?2
    FROM json_each(?3) j WHERE +contacts.account_id = ?1 AND contacts.id = j.value ->> 'id'`,
  insertTags: `INSERT INTO tags (id, account_id, name, name_key, color, created_at, updated_at)
    SELECT j.value ->> 'id', ?1, j.value ->> 'name', j.value ->> 'key', j.value ->> 'color', ?2, ?2 FROM json_each(?3) j WHERE true ON CONFLICT DO NOTHING`,
  linkTags: `INSERT INTO contact_tags (account_id, tag_id, contact_id, created_at)
    SELECT ?1, t.id, ${CONTACT_ID}, ?2 FROM json_each(?3) j CROSS JOIN tags t ON t.account_id = ?1 AND t.name_key = j.value ->> 'tag' WHERE true ON CONFLICT DO NOTHING`,
  values: `INSERT INTO contact_field_values (account_id, contact_id, field_id, value_text, value_num, updated_at)
    SELECT ?1, ${CONTACT_ID}, j.value ->> 'field', j.value ->> 'text', j.value ->> 'num', ?2 FROM json_each(?3) j WHERE true
    ON CONFLICT (contact_id, field_id) DO UPDATE SET value_text = excluded.value_text, value_num = excluded.value_num, updated_at = excluded.updated_at`,
  issues: `INSERT INTO contact_import_issues (import_id, row, "column", value, reason, kind)
    SELECT ?1, j.value ->> 'row', j.value ->> 'column', j.value ->> 'value', j.value ->> 'reason', j.value ->> 'kind' FROM json_each(?3) j WHERE ?2 = ?2`,
  done: "INSERT INTO contact_import_chunks (import_id, chunk, done_at) VALUES (?1, ?2, ?3)",
  totals: `UPDATE contact_imports SET created = created + ?3, updated = updated + ?4, skipped = skipped + ?5, failed = failed + ?6, chunks_done = chunks_done + 1,
      status = CASE WHEN chunks_done + 1 >= chunk_count THEN 'completed' ELSE status END,
      finished_at = CASE WHEN chunks_done + 1 >= chunk_count THEN ?2 ELSE finished_at END, updated_at = ?2
    WHERE id = ?1 AND account_id = ?7`,
};

interface Plan {
  recs: ImportRecord[];
  targets: Map<number, Existing>;
  issues: Issue[];
  newTags: Map<string, string>;
}

/** Everything the chunk writes, as one transaction. Filled values overwrite; empty cells leave what the contact has. */
async function commitChunk(env: Env, job: JobOf<"import-chunk">, plan: Plan): Promise<void> {
  const now = Date.now();
  const inserts: unknown[] = [];
  const updates: unknown[] = [];
  const values: unknown[] = [];
  const links: unknown[] = [];
  for (const r of plan.recs) {
    const t = plan.targets.get(r.n);
    const who = t ? { p: t.platform, u: t.puid } : { p: r.platform, u: r.puid };
    const merged = { name: r.name || t?.name || "", platformUsername: r.username ?? t?.username ?? null, phone: r.phone ?? t?.phone ?? null, platformUserId: who.u };
    const row = { name: merged.name, username: merged.platformUsername, phone: merged.phone, search: contactSearchText(merged) };
    if (t) updates.push({ id: t.id, ...row });
    else inserts.push({ id: newId(), ...who, ...row });
    for (const v of r.values) values.push({ ...who, field: v.fieldId, text: v.stored.text, num: v.stored.num });
    for (const tag of r.tags) links.push({ ...who, tag: tag.toLowerCase() });
  }
  const tagRows = [...plan.newTags].map(([key, name], i) => ({ id: newId(), key, name, color: TAG_COLORS[(key.length + i) % TAG_COLORS.length] }));
  const db = env.DB;
  const { accountId, jobId, chunk } = job;
  const each = (sql: string, list: unknown[]) => (list.length ? [db.prepare(sql).bind(accountId, now, JSON.stringify(list))] : []);
  const skipped = plan.issues.filter((i) => i.kind === "skipped").length;
  const failedRows = new Set(plan.issues.filter((i) => i.kind === "failed").map((i) => i.row)).size;
  await db.batch([
    db.prepare(SQL.done).bind(jobId, chunk, now),
    ...each(SQL.insertContacts, inserts),
    ...each(SQL.updateContacts, updates),
    ...each(SQL.insertTags, tagRows),
    ...each(SQL.linkTags, links),
    ...each(SQL.values, values),
    ...(plan.issues.length ? [db.prepare(SQL.issues).bind(jobId, now, JSON.stringify(plan.issues))] : []),
    db.prepare(SQL.totals).bind(jobId, now, inserts.length, updates.length, skipped, failedRows, accountId),
  ]);
}
