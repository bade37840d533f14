import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { FlowRefs } from "./contract";

const { customFields, tags, assistants, flows } = schema;

/** What the account's graphs may refer to (validateGraph's `refs`): field keys, tag, assistant and flow ids. */
export async function loadFlowRefs(env: Env, accountId: string): Promise<FlowRefs> {
  const db = getDb(env.DB);
  const [f, t, a, fl] = await Promise.all([
    db.select({ key: customFields.key }).from(customFields).where(eq(customFields.accountId, accountId)).all(),
    db.select({ id: tags.id }).from(tags).where(eq(tags.accountId, accountId)).all(),
    db.select({ id: assistants.id }).from(assistants).where(eq(assistants.accountId, accountId)).all(),
    db.select({ id: flows.id }).from(flows).where(eq(flows.accountId, accountId)).all(),
  ]);
  return { fieldKeys: f.map((r) => r.key), tagIds: t.map((r) => r.id), assistantIds: a.map((r) => r.id), flowIds: fl.map((r) => r.id) };
}

/**
 * A broadcast's buttons may start a flow: each `flowId` must be a published flow of the same
 * account, else a 400 on that button (`content.buttons.<i>.flowId`).
 */
export async function assertPublishedFlows(env: Env, accountId: string, buttons: { flowId?: string }[], path = "content.buttons"): Promise<void> {
  const wanted = [...new Set(buttons.map((b) => b.flowId).filter((id): id is string => !!id))];
  if (!wanted.length) return;
  const rows = await getDb(env.DB)
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.accountId, accountId), eq(flows.status, "published"), inArray(flows.id, wanted)))
    .all();
  const ok = new Set(rows.map((r) => r.id));
  const fields: Record<string, string[]> = {};
  buttons.forEach((b, i) => {
    if (b.flowId && !ok.has(b.flowId)) fields[`${path}.${i}.flowId`] = ["Сценарий не найден или не опубликован"];
  });
  if (Object.keys(fields).length) throw new AppError(400, "VALIDATION_ERROR", "Проверьте введённые данные — сценарий кнопки не найден или не опубликован", { fields });
}
