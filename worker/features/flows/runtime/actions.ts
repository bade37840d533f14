import { handoffSubject, notifyOperatorsByMail } from "../../../ai/handoff-mail";
import type { Env } from "../../../env";
import { createLogger } from "../../../lib/logger";
import { setContactFields } from "../../custom-fields/contact-fields.service";
import { updateThread } from "../../contacts/contacts.service";
import { insertMessageStatement, messageRow } from "../../inbox/message-writer";
import { rowToContact, rowToMessage, rowToThread } from "../../inbox/rows";
import { publishSafe } from "../../inbox/realtime";
import { serializeMessage } from "../../inbox/serialize";
import type { ActionSpec } from "./types";

const log = createLogger({ component: "flows" });

/** Where an action acts: the run's conversation. */
export interface ActionTarget {
  accountId: string;
  threadId: string;
  contactId: string;
  runId: string;
  flowId: string;
  flowName: string;
  /** The turn's key: an action that writes a message makes its dedupe key from it. */
  turnKey: string;
  /** The id and time the commit gave the action's message, so the chat shows it where the step ran (commit.ts placeEffects). */
  place?: { id: string; at: number };
}

export type ActionRunner = (env: Env, target: ActionTarget, action: ActionSpec) => Promise<void>;

/**
 * The action kinds an action step can take. A registry, so the integrations issue adds
 * "webhook event" and "CRM lead" with registerFlowAction instead of touching the runtime.
 */
const registry = new Map<string, ActionRunner>();

export function registerFlowAction(type: string, runner: ActionRunner): void {
  registry.set(type, runner);
}

export async function runAction(env: Env, target: ActionTarget, action: ActionSpec): Promise<void> {
  const runner = registry.get(action.type);
  if (!runner) return log.warn("unknown flow action", { type: action.type, flowId: target.flowId });
  try {
    await runner(env, target, action);
  } catch (error) {
    log.warn("flow action failed", { error, type: action.type, flowId: target.flowId, runId: target.runId });
  }
}

registerFlowAction("addTag", async (env, t, a) => {
  await env.DB.prepare(
    "INSERT INTO contact_tags (account_id, tag_id, contact_id, created_at) SELECT ?1, id, ?3, ?4 FROM tags WHERE id = ?2 AND account_id = ?1 ON CONFLICT DO NOTHING",
  )
    .bind(t.accountId, String(a.tagId ?? ""), t.contactId, Date.now())
    .run();
});

registerFlowAction("removeTag", async (env, t, a) => {
  await env.DB.prepare("DELETE FROM contact_tags WHERE account_id = ?1 AND tag_id = ?2 AND contact_id = ?3").bind(t.accountId, String(a.tagId ?? ""), t.contactId).run();
});

// Fields go through the custom-fields value service: the field's type checks the value.
registerFlowAction("setField", async (env, t, a) => {
  await setContactFields(env, t.accountId, t.contactId, { [String(a.key ?? "")]: a.value ?? null });
});

registerFlowAction("clearField", async (env, t, a) => {
  await setContactFields(env, t.accountId, t.contactId, { [String(a.key ?? "")]: null });
});

/**
 * Hand-off to an operator, the way the assistant's hand-off does it: the AI off and the thread
 * pending (the inbox's thread update, with its webhooks), and a hand-off note in the chat that the
 * room pushes to the operators (`thread.handoff`).
 */
registerFlowAction("handoff", async (env, t) => {
  await updateThread(env, t.accountId, t.threadId, { status: "pending", isGptActive: false });
  const now = t.place?.at ?? Date.now();
  const row = messageRow({
    id: t.place?.id,
    type: "text",
    direction: "system",
    content: `Сценарий «${t.flowName}» передал диалог оператору`,
    metadata: { event: "handoff", source: "flow", flowId: t.flowId, flowName: t.flowName, runId: t.runId },
    dedupeKey: `flow-handoff:${t.turnKey}:${t.runId}`,
    createdAt: now,
  });
  const [ins, c, th, acc] = await env.DB.batch<Record<string, unknown>>([
    insertMessageStatement(env.DB, t, row),
    env.DB.prepare("SELECT * FROM contacts WHERE id = ? AND account_id = ?").bind(t.contactId, t.accountId),
    env.DB.prepare("SELECT * FROM threads WHERE id = ? AND account_id = ?").bind(t.threadId, t.accountId),
    env.DB.prepare("SELECT settings, timezone FROM accounts WHERE id = ?").bind(t.accountId),
  ]);
  const m = ins!.results[0];
  // The note's dedupe key makes the hand-off once per turn: a repeat (a resumed turn) writes, pushes and mails nothing.
  if (!m || !c!.results[0] || !th!.results[0]) return;
  const contact = rowToContact(c!.results[0]);
  await publishSafe(env, t.accountId, [{ event: "message", data: serializeMessage(rowToMessage(m), contact, rowToThread(th!.results[0])), webhooks: ["thread.handoff"] }]);
  // The operators' mail, as the assistant's hand-off sends it (worker/ai/handoff-mail.ts).
  const settings = acc!.results[0]?.settings;
  await notifyOperatorsByMail(
    env,
    {
      account: { id: t.accountId, settings: typeof settings === "string" ? JSON.parse(settings) : settings, timezone: String(acc!.results[0]?.timezone ?? "") },
      contact,
      thread: { id: t.threadId },
    },
    handoffSubject(contact.name),
    `Сценарий «${t.flowName}» передал диалог оператору.`,
  ).catch((error) => log.warn("flow handoff mail failed", { error, flowId: t.flowId }));
});
