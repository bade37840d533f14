import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getContact } from "../../worker/features/contacts/contacts.service";
import { CONTACT_THREADS, LIVE_RUN } from "../../worker/features/contacts/messages.service";
import { accountHasUnfinishedRunSql, flowAiActiveSql, flowAssistantSql, flowInstructionsSql, flowRunGoesOnSql } from "../../worker/features/flows/runtime/ai-seam";
import { flowBadgesStatement } from "../../worker/features/flows/runtime/badge";
import { flowPreReads } from "../../worker/features/flows/runtime/pre-commit";
import { tagsAndValues } from "../../worker/features/audience/audience.service";
import { valuesOfContact } from "../../worker/features/custom-fields/contact-fields.service";
import { tagsOfContact } from "../../worker/features/custom-fields/tags.service";
import { metered, meterReset, meterSnapshot } from "../../worker/lib/bench-meter";
import type { Env } from "../../worker/env";
import { bcSetup } from "./broadcast-helpers";
import { api } from "./helpers";

/**
 * Issue 23's D1 rows: the flow runs a message, an AI turn, an operator's reply and the inbox page
 * look at are found by the thread (the partial index on a thread's one unfinished run), so what
 * they read does not grow with the runs an account (or the platform) ever had. An account with
 * 150 threads, each with an ended run, and one thread whose run waits on an AI step.
 */
async function accountWithRuns() {
  const s = await bcSetup({ contacts: 150 });
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO flow_runs (id, account_id, thread_id, contact_id, flow_id, flow_name, graph, status, end_reason, started_at, ended_at, created_at, updated_at)
     SELECT 'ended-' || t.id, t.account_id, t.id, t.contact_id, 'flow-x', 'Приветствие', '{}', 'ended', 'completed', ?2, ?2, ?2, ?2 FROM threads t WHERE t.account_id = ?1`,
  )
    .bind(s.accountId, now)
    .run();
  const live = s.contacts[7]!;
  await env.DB.prepare(
    `INSERT INTO flow_runs (id, account_id, thread_id, contact_id, flow_id, flow_name, graph, status, wait, started_at, created_at, updated_at)
     VALUES (?5, ?1, ?2, ?3, 'flow-x', 'Приветствие', '{}', 'waiting', json_object('kind', 'ai', 'assistantId', 'asst-1', 'instructions', 'Коротко'), ?4, ?4, ?4)`,
  )
    .bind(s.accountId, live.threadId, live.contactId, now, `live-${s.accountId}`)
    .run();
  return { ...s, live, runId: `live-${s.accountId}` };
}

const rowsRead = (r: D1Result) => r.meta.rows_read as number;

describe("issue 23: a thread's flow run and a contact's thread are read by their own index, not by walking the account's", () => {
  it("the AI gate's fragments, the operator reply's live-run check and the account's has-flows check", async () => {
    const s = await accountWithRuns();
    const idle = s.contacts[3]!.threadId;
    const gate = (thread: string) =>
      env.DB.prepare(`SELECT ${flowAiActiveSql("?1")} AS active, ${flowAssistantSql("?1")} AS assistant, ${flowRunGoesOnSql("?1")} AS goesOn`).bind(thread).first<Record<string, unknown>>();
    expect(await gate(s.live.threadId)).toEqual({ active: 1, assistant: "asst-1", goesOn: 1 });
    expect(await gate(idle)).toEqual({ active: 0, assistant: null, goesOn: 0 });
    for (const thread of [s.live.threadId, idle]) {
      const r = await env.DB.prepare(`SELECT ${flowAiActiveSql("?1")} AS active, ${flowAssistantSql("?1")} AS assistant, ${flowRunGoesOnSql("?1")} AS goesOn`).bind(thread).all();
      expect(rowsRead(r)).toBeLessThanOrEqual(6);
      const instructions = await env.DB.prepare(flowInstructionsSql("?1")).bind(thread).all();
      expect(rowsRead(instructions)).toBeLessThanOrEqual(2);
      const live = await env.DB.prepare(`SELECT ${LIVE_RUN} AS live`).bind(s.accountId, thread).all<{ live: number }>();
      expect(live.results[0]!.live).toBe(thread === s.live.threadId ? 1 : 0);
      expect(rowsRead(live)).toBeLessThanOrEqual(2);
    }
    const has = await env.DB.prepare(`SELECT ${accountHasUnfinishedRunSql("?1")} AS has`).bind(s.accountId).all<{ has: number }>();
    expect(has.results[0]!.has).toBe(1);
    expect(rowsRead(has)).toBeLessThanOrEqual(5);
  });

  it("the inbox page's flow badges and the ingest's read of the batch contacts' runs", async () => {
    const s = await accountWithRuns();
    const page = s.contacts.slice(0, 30).map((c) => c.threadId);
    const badges = await flowBadgesStatement(env.DB, s.accountId, page).all<{ id: string }>();
    expect(badges.results.map((r) => r.id)).toEqual([s.runId]);
    expect(rowsRead(badges)).toBeLessThanOrEqual(2 * page.length);

    const batch = s.contacts.slice(0, 10).map((c) => c.platformUserId);
    const [, runs] = await env.DB.batch<{ puid: string; status: string }>(flowPreReads(env.DB, s.accountId, [{ platform: "TELEGRAM", json: JSON.stringify(batch) }]));
    expect(runs!.results).toEqual([expect.objectContaining({ puid: s.live.platformUserId, status: "waiting" })]);
    expect(rowsRead(runs!)).toBeLessThanOrEqual(5 * batch.length);

    // An account without unfinished runs (the usual one): one look at its runs' index, nothing per thread or contact.
    await env.DB.prepare("UPDATE flow_runs SET status = 'ended' WHERE id = ?").bind(s.runId).run();
    const none = await flowBadgesStatement(env.DB, s.accountId, page).all();
    expect(none.results).toEqual([]);
    expect(rowsRead(none)).toBeLessThanOrEqual(4);
    const [, noRuns] = await env.DB.batch(flowPreReads(env.DB, s.accountId, [{ platform: "TELEGRAM", json: JSON.stringify(batch) }]));
    expect(noRuns!.results).toEqual([]);
    expect(rowsRead(noRuns!)).toBeLessThanOrEqual(4);
  });

  it("a contact's latest thread and its card are read by the contact's index (`+account_id`), not a walk of the account's threads by time", async () => {
    const s = await accountWithRuns();
    metered({ ...env, ENVIRONMENT: "development", BENCH_METER: "1" } as unknown as Env, "fetch");
    for (const c of [s.contacts[0]!, s.contacts[149]!]) {
      const r = await env.DB.prepare(`SELECT id FROM threads WHERE ${CONTACT_THREADS} ORDER BY updated_at DESC LIMIT 1`).bind(s.accountId, c.contactId).all<{ id: string }>();
      expect(r.results).toEqual([{ id: c.threadId }]);
      expect(rowsRead(r)).toBeLessThanOrEqual(3);
      meterReset();
      const card = await getContact(env as never, s.accountId, c.contactId);
      expect(card.threads.map((t) => t.threadId)).toEqual([c.threadId]);
      expect(meterSnapshot().d1RowsRead).toBeLessThanOrEqual(30);
    }
  });

  it("a contact's tags and field values (its card, a flow's turn, a page of the contacts list) are read by the contact's own index", async () => {
    const s = await accountWithRuns();
    const tag = await api("POST", `/accounts/${s.accountId}/tags`, { token: s.token, body: { name: "vip" } });
    const field = await api("POST", `/accounts/${s.accountId}/custom-fields`, { token: s.token, body: { key: "city", label: "Город", type: "text" } });
    expect([tag.status, field.status]).toEqual([201, 201]);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO contact_tags (account_id, tag_id, contact_id, created_at) SELECT ?1, ?2, id, ?3 FROM contacts WHERE account_id = ?1").bind(s.accountId, tag.body.tagId, now),
      env.DB.prepare("INSERT INTO contact_field_values (account_id, contact_id, field_id, value_text, updated_at) SELECT ?1, id, ?2, 'Казань', ?3 FROM contacts WHERE account_id = ?1").bind(s.accountId, field.body.fieldId, now),
    ]);
    // The benchmark's meter (D1 rows read from every result's meta), on for this test's calls.
    metered({ ...env, ENVIRONMENT: "development", BENCH_METER: "1" } as unknown as Env, "fetch");
    const rowsOf = async (run: () => Promise<unknown>) => {
      meterReset();
      const out = await run();
      return { out, read: meterSnapshot().d1RowsRead };
    };
    const one = s.contacts[42]!.contactId;
    const tags = await rowsOf(() => tagsOfContact(env as never, s.accountId, one));
    expect(tags.out).toEqual([expect.objectContaining({ name: "vip" })]);
    expect(tags.read).toBeLessThanOrEqual(4);
    const values = await rowsOf(() => valuesOfContact(env as never, s.accountId, one));
    expect(values.out).toEqual({ city: "Казань" });
    expect(values.read).toBeLessThanOrEqual(4);
    // Per contact of the page: its list entry, link or value, the tag or field, the sort (~12 in all);
    // the account's 150 links and 150 values are not walked (the old statements read 330 here).
    const page = s.contacts.slice(0, 10).map((c) => c.contactId);
    const both = await rowsOf(() => tagsAndValues(env as never, s.accountId, page));
    const { tags: pageTags, values: pageValues } = both.out as Awaited<ReturnType<typeof tagsAndValues>>;
    expect([pageTags.size, pageValues.size]).toEqual([10, 10]);
    expect(both.read).toBeLessThanOrEqual(15 * page.length);
  });

  it("deleting a message or a thread finds its Instagram comments by their foreign keys' indexes (migration 0057), not by scanning every comment", async () => {
    const s = await accountWithRuns();
    // 150 comments stored (on the account's contacts and threads), none on the message deleted below.
    await env.DB.prepare(
      `INSERT INTO instagram_comments (id, account_id, comment_id, media_id, from_id, text, contact_id, thread_id, commented_at, created_at)
       SELECT 'cm-' || t.id, t.account_id, 'c-' || t.id, 'media-1', 'ig-' || t.contact_id, 'Сколько стоит?', t.contact_id, t.id, ?2, ?2 FROM threads t WHERE t.account_id = ?1`,
    )
      .bind(s.accountId, Date.now())
      .run();
    const victim = s.contacts[5]!;
    const message = await env.DB.prepare("SELECT id FROM messages WHERE thread_id = ?1 LIMIT 1").bind(victim.threadId).first<{ id: string }>();
    const gone = await env.DB.prepare("DELETE FROM messages WHERE id = ?1 AND account_id = ?2").bind(message!.id, s.accountId).run();
    expect(gone.meta.changes).toBe(1);
    expect(rowsRead(gone)).toBeLessThanOrEqual(20);
    const thread = await env.DB.prepare("DELETE FROM threads WHERE id = ?1 AND account_id = ?2").bind(victim.threadId, s.accountId).run();
    expect(rowsRead(thread)).toBeLessThanOrEqual(40);
    // The thread's own comment went with it (ON DELETE CASCADE), the others stayed.
    const left = await env.DB.prepare("SELECT count(*) AS n FROM instagram_comments WHERE account_id = ?1").bind(s.accountId).first<{ n: number }>();
    expect(left!.n).toBe(149);
  });
});

