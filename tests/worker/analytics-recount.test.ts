import { describe, expect, it } from "vitest";
import { channel, contactAndThread, message, repliesScenario, replyFigures } from "./analytics-helpers";
import { env, ownerWithAccount } from "./helpers";

/**
 * Migration 0047 on figures the old triggers stored: a broadcast's send counted as an operator's
 * reply, a flow's sends and booking reminders as the AI's answers to the conversation. The old
 * triggers (0044's messages_analytics, 0039's messages_analytics_reply) are put back, the scenario
 * is written through them, the migration runs; its figures must be those the new triggers give the
 * same scenario. A file of its own: the migration's correction runs once over the whole database.
 */
type Migration = { name: string; queries: string[] };
const migrations = () => (env as unknown as { TEST_MIGRATIONS: Migration[] }).TEST_MIGRATIONS;
const query = (prefix: string, contains: string) => {
  const q = migrations()
    .find((m) => m.name.startsWith(prefix))!
    .queries.find((x) => x.includes(contains));
  if (!q) throw new Error(`${prefix}: no query with ${contains}`);
  return q;
};

async function oldTriggers() {
  await env.DB.prepare("DROP TRIGGER messages_analytics").run();
  await env.DB.prepare("DROP TRIGGER messages_analytics_reply").run();
  await env.DB.prepare(query("0044_", "CREATE TRIGGER messages_analytics AFTER")).run();
  await env.DB.prepare(query("0039_", "CREATE TRIGGER messages_analytics_reply")).run();
}

async function migrate() {
  for (const q of migrations().find((m) => m.name.startsWith("0047_"))!.queries) await env.DB.prepare(q).run();
}

describe("migration 0047: the stored figures recounted by the reply rule", () => {
  it("takes back the broadcast's operator reply and the flows' and the reminder's share of the AI's figures, and nothing else", async () => {
    const before = await ownerWithAccount("Старые триггеры");
    const after = await ownerWithAccount("Новые триггеры");
    const plain = await ownerWithAccount("Без сценариев и рассылок");
    for (const o of [before, after, plain]) await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(o.accountId).run();

    await oldTriggers();
    const { day } = await repliesScenario(before.accountId);
    const old = await replyFigures(before.token, before.accountId, day);
    // An account with the AI's and operators' answers only: the migration has nothing to change there.
    const ch = await channel(plain.accountId, "TELEGRAM", "Бот");
    const p1 = await contactAndThread(plain.accountId, ch);
    const p2 = await contactAndThread(plain.accountId, ch);
    await message(plain.accountId, p1, `${day}T08:00:00Z`, "in");
    await message(plain.accountId, p1, `${day}T08:00:20Z`, "ai");
    await message(plain.accountId, p1, `${day}T08:05:00Z`, "in");
    await message(plain.accountId, p1, `${day}T08:05:10Z`, "ai");
    await message(plain.accountId, p2, `${day}T09:00:00Z`, "in");
    await message(plain.accountId, p2, `${day}T09:00:05Z`, "ai");
    await message(plain.accountId, p2, `${day}T09:01:00Z`, "handoff");
    await message(plain.accountId, p2, `${day}T09:03:00Z`, "op");
    const plainBefore = await replyFigures(plain.token, plain.accountId, day);
    expect(plainBefore.totals).toMatchObject({ conversations: 2, aiReplies: 3, operatorReplies: 1, aiOnly: 1 });
    // What the old triggers stored (the defect): the broadcast as an operator's reply, the flows as the AI's first answers.
    expect(old.totals).toMatchObject({ conversations: 6, aiReplies: 3, operatorReplies: 2, aiOnly: 4 });
    expect(old.frtAi).toEqual([5, 0, 0, 0, 0, 0]);
    expect(old.frtOperator).toEqual([0, 0, 0, 0, 0, 0]);

    await migrate();
    await repliesScenario(after.accountId);
    const fixed = await replyFigures(before.token, before.accountId, day);
    const fresh = await replyFigures(after.token, after.accountId, day);
    expect(fixed).toEqual(fresh);
    expect(fixed.totals).toMatchObject({ conversations: 6, messagesOut: 10, aiReplies: 3, operatorReplies: 1, aiOnly: 3, aiOnlyShare: 50 });
    expect(fixed.frtAi).toEqual([2, 0, 1, 0, 0, 0]);
    expect(fixed.frtOperator).toEqual([0, 0, 0, 0, 1, 0]);
    // The conversations' rows too: the next reply of a recounted conversation builds on them.
    const rows = async (accountId: string) =>
      (
        await env.DB.prepare(
          "SELECT started_at - (SELECT min(started_at) FROM analytics_conversations WHERE account_id = ?1) AS s, first_reply_at - started_at AS f, last_reply_at - started_at AS l, last_reply_by, ai_replied, operator_involved FROM analytics_conversations WHERE account_id = ?1 ORDER BY started_at",
        )
          .bind(accountId)
          .all()
      ).results;
    expect(await rows(before.accountId)).toEqual(await rows(after.accountId));
    // No stray rows: nothing negative, and an account the migration had nothing to correct in is as it was.
    const negative = await env.DB.prepare("SELECT count(*) AS n FROM analytics_hourly WHERE quantity < 0").first<{ n: number }>();
    expect(negative!.n).toBe(0);
    expect(await replyFigures(plain.token, plain.accountId, day)).toEqual(plainBefore);
  });
});
