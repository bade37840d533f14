import type { Contact, Message, Thread } from "../../../db/schema/inbox";
import type { FlowRun } from "../../../db/schema/flow-runs";
import type { Env } from "../../../env";
import { valueOf } from "../../custom-fields/field-values";
import { rowToContact, rowToMessage, rowToThread } from "../../inbox/rows";
import { type PublishedStart, readStarts, startsStatement } from "./triggers";
import type { FieldValue, RtGraph, RunView, TurnContext, Wait } from "./types";

/** Everything one turn reads, in one round trip (addressed through the thread). */
export interface Loaded {
  thread: Thread;
  contact: Contact;
  timezone: string;
  run: FlowRun | null;
  message: Message | null;
  ctx: TurnContext;
  /** With `starts`: the published flows' triggers, and whether the message is the contact's first. */
  starts?: PublishedStart[];
  firstOfContact: boolean;
}

const json = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== "string") return (v as T) ?? fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

export function rowToRun(r: Record<string, unknown>): FlowRun {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    threadId: String(r.thread_id),
    contactId: String(r.contact_id),
    flowId: String(r.flow_id),
    flowName: String(r.flow_name ?? ""),
    flowVersion: Number(r.flow_version ?? 0),
    graph: json(r.graph, { steps: [], transitions: [] }),
    stepId: (r.step_id as string | null) ?? null,
    stepName: String(r.step_name ?? ""),
    status: r.status as FlowRun["status"],
    wait: json(r.wait, null),
    variables: json(r.variables, {}),
    retries: Number(r.retries ?? 0),
    expiresAt: (r.expires_at as number | null) ?? null,
    isTest: !!r.is_test,
    trigger: String(r.trigger ?? "manual"),
    endReason: (r.end_reason as string | null) ?? null,
    rev: Number(r.rev ?? 0),
    startedAt: Number(r.started_at),
    endedAt: (r.ended_at as number | null) ?? null,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export function runView(run: FlowRun): RunView {
  return { stepId: run.stepId, stepName: run.stepName, status: run.status, wait: run.wait as Wait | null, vars: run.variables, retries: run.retries };
}

export const graphOf = (run: FlowRun) => run.graph as RtGraph;

/** The thread's unfinished run, its thread, contact (fields, tags), the account's zone and field definitions, and the message. */
export async function loadTurn(env: Env, accountId: string, threadId: string, messageId?: string | null, opts: { starts?: boolean } = {}): Promise<Loaded | null> {
  const db = env.DB;
  const contactOf = "(SELECT contact_id FROM threads WHERE id = ?1 AND account_id = ?2)";
  const stmts = [
    db.prepare("SELECT * FROM threads WHERE id = ?1 AND account_id = ?2").bind(threadId, accountId),
    db.prepare(`SELECT * FROM contacts WHERE id = ${contactOf} AND account_id = ?2`).bind(threadId, accountId),
    db.prepare("SELECT timezone FROM accounts WHERE id = ?1").bind(accountId),
    db.prepare("SELECT * FROM flow_runs WHERE thread_id = ?1 AND account_id = ?2 AND status <> 'ended' LIMIT 1").bind(threadId, accountId),
    db.prepare("SELECT id, key, type, options FROM custom_fields WHERE account_id = ?1").bind(accountId),
    db
      .prepare(
        `SELECT f.key, f.type, v.value_text, v.value_num FROM contact_field_values v JOIN custom_fields f ON f.id = v.field_id WHERE v.contact_id = ${contactOf.replace("?1", "?3")} AND +v.account_id = ?1`,
      )
      .bind(accountId, accountId, threadId),
    db.prepare(`SELECT tag_id FROM contact_tags WHERE contact_id = ${contactOf.replace("?1", "?3")} AND +account_id = ?1`).bind(accountId, accountId, threadId),
    db.prepare("SELECT * FROM messages WHERE id = ?1 AND account_id = ?2").bind(messageId ?? "", accountId),
  ];
  if (opts.starts) {
    stmts.push(
      startsStatement(db, accountId),
      db
        .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM messages WHERE contact_id = ${contactOf.replace("?1", "?3")} AND account_id = ?1 AND direction = 'incoming' LIMIT 2)`)
        .bind(accountId, accountId, threadId),
    );
  }
  const [t, c, a, r, defs, values, tags, m, starts, firsts] = (await db.batch<Record<string, unknown>>(stmts)).map((x) => x.results);
  if (!t![0] || !c![0]) return null;
  const thread = rowToThread(t![0]);
  const contact = rowToContact(c![0]);
  const timezone = String(a![0]?.timezone ?? "UTC");
  const fields: Record<string, FieldValue> = {};
  for (const v of values!) fields[String(v.key)] = valueOf(v.type as never, String(v.value_text), (v.value_num as number | null) ?? null);
  const fieldDefs = new Map(defs!.map((d) => [String(d.key), { id: String(d.id), type: String(d.type), options: json<string[]>(d.options, []) }]));
  const ctx: TurnContext = {
    now: Date.now(),
    timezone,
    platform: thread.platform ?? contact.platform,
    nativeButtons: (thread.platform ?? contact.platform) === "TELEGRAM",
    contact: { id: contact.id, name: contact.name, platformUsername: contact.platformUsername, phone: contact.phone, fields, tags: new Set(tags!.map((x) => String(x.tag_id))) },
    fieldDefs,
  };
  return {
    thread,
    contact,
    timezone,
    run: r![0] ? rowToRun(r![0]) : null,
    message: m![0] ? rowToMessage(m![0]) : null,
    ctx,
    starts: starts ? await readStarts(env, accountId, starts) : undefined,
    firstOfContact: Number(firsts?.[0]?.n ?? 0) === 1,
  };
}
