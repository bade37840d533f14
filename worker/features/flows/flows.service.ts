import { and, desc, eq, inArray, like, max, type SQL } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Flow } from "../../db/schema/flows";
import type { Env } from "../../env";
import { AppError, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { likePattern, paged, parseOrThrow } from "../../lib/validation";
import { createField } from "../custom-fields/custom-fields.service";
import { LIVE_STATUSES } from "../broadcasts/contract";
import { FLOW_EXPORT_FORMAT, FLOW_EXPORT_VERSION, type FlowExport, type FlowGraph, flowGraphSchema, graphTriggers, MAX_FLOW_NAME, validateGraph } from "./contract";
import { loadFlowRefs } from "./flow-refs";
import type { FlowCreate, FlowListQuery, FlowUpdate } from "./flows.schemas";
import { flowRunCounts, type FlowRunCounts } from "./run-counts";
import { type TemplateLanguage, templateOf } from "./templates";

const { flows, flowVersions, users, broadcasts, customFields } = schema;

export const FLOW_NOT_FOUND = "Сценарий не найден";
export const MAX_FLOWS = 500;

type FlowRow = Flow & { updatedByName: string | null };

/**
 * The list item (and the head of the card). `hasUnpublishedChanges`: the draft differs from what
 * runs (true for a flow with nothing published). The run counts come from `flowRunCounts`.
 */
export function flowDto(f: FlowRow, counts?: FlowRunCounts) {
  return {
    flowId: f.id,
    name: f.name,
    status: f.status,
    triggers: graphTriggers(f.graph),
    revision: f.revision,
    publishedVersion: f.publishedVersion,
    hasUnpublishedChanges: f.publishedVersion === null || f.publishedRevision !== f.revision,
    updatedAt: f.updatedAt,
    updatedBy: f.updatedBy ? { userId: f.updatedBy, name: f.updatedByName ?? "" } : null,
    started7d: counts?.started7d ?? 0,
    completed7d: counts?.completed7d ?? 0,
  };
}
export type FlowListItem = ReturnType<typeof flowDto>;

const rowQuery = (env: Env) =>
  getDb(env.DB)
    .select({ f: flows, updatedByName: users.name })
    .from(flows)
    .leftJoin(users, eq(users.id, flows.updatedBy));
const flat = (r: { f: Flow; updatedByName: string | null }): FlowRow => ({ ...r.f, updatedByName: r.updatedByName });

export async function listFlows(env: Env, accountId: string, q: FlowListQuery) {
  const conds: SQL[] = [eq(flows.accountId, accountId)];
  if (q.status) conds.push(eq(flows.status, q.status));
  if (q.q) conds.push(like(flows.nameSearch, likePattern(q.q)));
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    rowQuery(env)
      .where(where)
      .orderBy(desc(flows.updatedAt), desc(flows.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    getDb(env.DB).$count(flows, where),
  ]);
  const counts = await flowRunCounts(
    env,
    accountId,
    rows.map((r) => r.f.id),
  );
  return paged(
    rows.map((r) => flowDto(flat(r), counts.get(r.f.id))),
    total,
    q.page,
    q.limit,
  );
}

/** The flow row of the account (404 otherwise: another account's id looks like a missing one). */
export async function flowRow(env: Env, accountId: string, flowId: string): Promise<FlowRow> {
  const r = await rowQuery(env)
    .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId)))
    .get();
  if (!r) throw notFound(FLOW_NOT_FOUND, "FLOW_NOT_FOUND");
  return flat(r);
}

/** The card: the list item, the draft graph and what keeps it from being published. */
export async function getFlow(env: Env, accountId: string, flowId: string) {
  const f = await flowRow(env, accountId, flowId);
  const [refs, counts] = await Promise.all([loadFlowRefs(env, accountId), flowRunCounts(env, accountId, [f.id])]);
  return { ...flowDto(f, counts.get(f.id)), graph: f.graph, issues: validateGraph(f.graph, refs) };
}
export type FlowCard = Awaited<ReturnType<typeof getFlow>>;

async function insertFlow(env: Env, accountId: string, userId: string, name: string, graph: FlowGraph): Promise<string> {
  const db = getDb(env.DB);
  const n = await db.$count(flows, eq(flows.accountId, accountId));
  if (n >= MAX_FLOWS) throw new AppError(400, "FLOWS_LIMIT", `В аккаунте может быть не больше ${MAX_FLOWS} сценариев`);
  const now = Date.now();
  const id = newId();
  await db.insert(flows).values({
    id,
    accountId,
    name,
    nameSearch: name.toLowerCase(),
    status: "draft",
    graph,
    revision: 1,
    createdBy: userId,
    updatedBy: userId,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The custom fields a template saves into: created when the account has no field with that key. */
async function ensureTemplateFields(env: Env, accountId: string, fields: { key: string; label: string; type: (typeof customFields.$inferSelect)["type"] }[], description: string) {
  if (!fields.length) return;
  const have = await getDb(env.DB)
    .select({ key: customFields.key })
    .from(customFields)
    .where(and(eq(customFields.accountId, accountId), inArray(customFields.key, fields.map((f) => f.key))))
    .all();
  const existing = new Set(have.map((r) => r.key));
  for (const f of fields) {
    if (existing.has(f.key)) continue;
    try {
      await createField(env, accountId, { key: f.key, label: f.label, type: f.type, options: [], description });
    } catch (e) {
      // Another request created the same key meanwhile: it exists, which is all the template needs.
      if (!(e instanceof AppError && e.code === "CUSTOM_FIELD_KEY_TAKEN")) throw e;
    }
  }
}

/** A new flow from a template, its texts (and the labels of the fields it creates) in `lang`. */
export async function createFlow(env: Env, accountId: string, userId: string, input: FlowCreate, lang: TemplateLanguage = "ru"): Promise<FlowCard> {
  const def = templateOf(input.template, lang);
  await ensureTemplateFields(env, accountId, def.fields, def.fieldDescription);
  const id = await insertFlow(env, accountId, userId, input.name, def.graph());
  return getFlow(env, accountId, id);
}

export async function updateFlow(env: Env, accountId: string, userId: string, flowId: string, input: FlowUpdate): Promise<FlowCard> {
  const current = await flowRow(env, accountId, flowId);
  const set: Partial<typeof flows.$inferInsert> = { updatedAt: Date.now(), updatedBy: userId };
  if (input.name !== undefined) Object.assign(set, { name: input.name, nameSearch: input.name.toLowerCase() });
  if (input.archived === true) Object.assign(set, { status: "archived", publishedVersion: null, publishedRevision: null });
  if (input.archived === false && current.status === "archived") set.status = "draft";
  await getDb(env.DB)
    .update(flows)
    .set(set)
    .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId)));
  return getFlow(env, accountId, flowId);
}

/** The live broadcasts (scheduled, sending, paused) whose buttons start the flow. */
async function broadcastsUsing(env: Env, accountId: string, flowId: string) {
  const rows = await getDb(env.DB)
    .select({ id: broadcasts.id, name: broadcasts.name, message: broadcasts.message })
    .from(broadcasts)
    .where(and(eq(broadcasts.accountId, accountId), inArray(broadcasts.status, [...LIVE_STATUSES])))
    .all();
  return rows.filter((b) => (b.message.buttons ?? []).some((btn) => btn.flowId === flowId));
}

export async function deleteFlow(env: Env, accountId: string, flowId: string) {
  await flowRow(env, accountId, flowId);
  const using = await broadcastsUsing(env, accountId, flowId);
  if (using.length) {
    const names = using.map((b) => `«${b.name}»`).join(", ");
    throw new AppError(409, "FLOW_IN_USE", `Сценарий запускается кнопкой рассылки ${names}: удалите его после того, как рассылка закончится, или отмените её`, {
      broadcasts: using.map((b) => ({ broadcastId: b.id, name: b.name })),
    });
  }
  await getDb(env.DB)
    .delete(flows)
    .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId)));
  return { flowId };
}

/**
 * Saves the whole draft if it was based on the stored revision (one conditional UPDATE, so of two
 * tabs only the first save wins; the second gets 409 REVISION_CONFLICT and reloads). The graph is
 * checked for shape first (400 with `steps.<i>.…` paths); its issues are returned, not refused.
 */
export async function saveGraph(env: Env, accountId: string, userId: string, flowId: string, body: { steps: unknown; transitions: unknown; revision: number }) {
  const graph = parseOrThrow(flowGraphSchema, { steps: body.steps, transitions: body.transitions });
  const updated = await getDb(env.DB)
    .update(flows)
    .set({ graph, revision: body.revision + 1, updatedAt: Date.now(), updatedBy: userId })
    .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId), eq(flows.revision, body.revision)))
    .returning({ revision: flows.revision });
  if (!updated.length) {
    const current = await flowRow(env, accountId, flowId);
    throw new AppError(409, "REVISION_CONFLICT", "Сценарий изменили в другой вкладке или другой участник: обновите страницу, чтобы увидеть последнюю версию", {
      revision: current.revision,
    });
  }
  const refs = await loadFlowRefs(env, accountId);
  return { revision: updated[0]!.revision, issues: validateGraph(graph, refs) };
}

/**
 * Publishes the draft as the next immutable version (1, 2, 3…), unless the draft has issues (400
 * FLOW_INVALID with `details.issues`). Publishing a draft already published unchanged returns that
 * version. The version row and the flow's pointer are written in one batch.
 */
export async function publishFlow(env: Env, accountId: string, userId: string, flowId: string) {
  const f = await flowRow(env, accountId, flowId);
  const issues = validateGraph(f.graph, await loadFlowRefs(env, accountId));
  if (issues.length) {
    throw new AppError(400, "FLOW_INVALID", `Сценарий нельзя опубликовать: ${issues[0]!.message}${issues.length > 1 ? ` (и ещё ${issues.length - 1})` : ""}`, { issues });
  }
  if (f.status === "published" && f.publishedVersion !== null && f.publishedRevision === f.revision) return { publishedVersion: f.publishedVersion };
  const db = getDb(env.DB);
  const last = await db
    .select({ v: max(flowVersions.version) })
    .from(flowVersions)
    .where(eq(flowVersions.flowId, flowId))
    .get();
  const version = (last?.v ?? 0) + 1;
  const now = Date.now();
  try {
    await db.batch([
      db.insert(flowVersions).values({ id: newId(), flowId, accountId, version, graph: f.graph, publishedAt: now, publishedBy: userId }),
      db
        .update(flows)
        .set({ status: "published", publishedVersion: version, publishedRevision: f.revision, updatedAt: now, updatedBy: userId })
        .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId))),
    ]);
  } catch (e) {
    if (/UNIQUE/i.test(String(e))) throw conflict("Сценарий публикуют одновременно из другой вкладки: обновите страницу", "PUBLISH_CONFLICT");
    throw e;
  }
  return { publishedVersion: version };
}

/** Stops new conversations from starting it; those already running finish on their version. */
export async function unpublishFlow(env: Env, accountId: string, userId: string, flowId: string) {
  const f = await flowRow(env, accountId, flowId);
  if (f.status !== "published") return getFlow(env, accountId, flowId);
  await getDb(env.DB)
    .update(flows)
    .set({ status: "draft", publishedVersion: null, publishedRevision: null, updatedAt: Date.now(), updatedBy: userId })
    .where(and(eq(flows.id, flowId), eq(flows.accountId, accountId)));
  return getFlow(env, accountId, flowId);
}

function copyName(name: string): string {
  const suffix = " (копия)";
  return name.slice(0, MAX_FLOW_NAME - suffix.length) + suffix;
}

/** A new draft with the same graph (its published versions are not copied). */
export async function duplicateFlow(env: Env, accountId: string, userId: string, flowId: string): Promise<FlowCard> {
  const f = await flowRow(env, accountId, flowId);
  const id = await insertFlow(env, accountId, userId, copyName(f.name), f.graph);
  return getFlow(env, accountId, id);
}

export async function exportFlow(env: Env, accountId: string, flowId: string): Promise<FlowExport> {
  const f = await flowRow(env, accountId, flowId);
  return { format: FLOW_EXPORT_FORMAT, version: FLOW_EXPORT_VERSION, name: f.name, graph: f.graph };
}

/**
 * A new draft from an export file. The file's shape is checked (400 with paths); references to
 * fields, tags, assistants or flows this account lacks do not refuse it: the draft is created and
 * its `issues` list them, to be fixed in the editor before publishing.
 */
export async function importFlow(env: Env, accountId: string, userId: string, file: FlowExport): Promise<FlowCard> {
  const id = await insertFlow(env, accountId, userId, file.name, file.graph);
  return getFlow(env, accountId, id);
}
