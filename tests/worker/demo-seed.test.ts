import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM seed scripts, the same SQL `npm start` applies
import { assistantsSeed } from "../../scripts/seed-assistants.mjs";
// @ts-expect-error — plain ESM seed script
import { broadcastsSeed } from "../../scripts/seed-broadcasts.mjs";
// @ts-expect-error — plain ESM seed script
import { flowsSeed } from "../../scripts/seed-flows.mjs";
// @ts-expect-error — plain ESM seed script
import { flowRunsSeed } from "../../scripts/seed-flow-runs.mjs";
// @ts-expect-error — plain ESM seed script
import { billingSeed, billingUsageSeed } from "../../scripts/seed-billing.mjs";
// @ts-expect-error — plain ESM seed script
import { billingHistorySeed } from "../../scripts/seed-billing-history.mjs";
// @ts-expect-error — plain ESM seed script
import { analyticsSeed, demoConversations } from "../../scripts/seed-analytics.mjs";
import { getDb } from "../../worker/db/client";
import { addDays, localDate } from "../../worker/features/analytics/local-days";
import { getAnalytics } from "../../worker/features/analytics/analytics.service";
import { getDashboard } from "../../worker/features/analytics/dashboard.service";
import { getUsage } from "../../worker/features/billing/metering";
import { adminToken } from "./channel-helpers";
import { api, env } from "./helpers";

/**
 * The demo's seeded history tells one story across pages: the control panel's "today" is the
 * analytics page's today, the AI replies and messages per day on /billing are those of /analytics,
 * no flow starts more often than there were conversations that day, and the administrator's bonus
 * is in the administrators' audit log. Seeded (the sections of scripts/seed.mjs that make these
 * figures; the demo's inbox is left out) over a database holding what the earlier seeds wrote —
 * a fractional message time, invented usage, flow counts of their own — then again, and a day later.
 */
const ACCOUNT = "00000000demoaccount";
const TZ = "Europe/Moscow";
const DAY = 86_400_000;
// A Thursday, 18:00 in Moscow: today's conversations have begun, none ends past midnight.
const NOW = Date.parse("2026-03-12T15:00:00Z");
const q = (v: unknown) => (v === null || v === undefined ? "NULL" : typeof v === "number" || typeof v === "boolean" ? String(Number(v)) : `'${String(v).replace(/'/g, "''")}'`);

async function exec(statements: string[]) {
  for (let i = 0; i < statements.length; i += 200) await env.DB.batch(statements.slice(i, i + 200).map((s) => env.DB.prepare(s)));
}

async function seed(now: number) {
  const sections = [assistantsSeed, flowsSeed, billingSeed, billingHistorySeed, flowRunsSeed, analyticsSeed, billingUsageSeed] as ((now: number, quote: typeof q) => string[])[];
  // The demo's channels come with its broadcasts (whose recipients are the inbox's, not seeded here).
  const channels = (broadcastsSeed(now, q) as string[]).filter((s) => s.includes("INTO channels "));
  await exec([...channels, ...sections.flatMap((section) => section(now, q))]);
}

async function counts() {
  const n = async (sql: string) => (await env.DB.prepare(sql).bind(ACCOUNT).first<{ n: number }>())!.n;
  return {
    messages: await n("SELECT count(*) AS n FROM messages WHERE account_id = ?"),
    usage: await n("SELECT coalesce(sum(quantity), 0) AS n FROM usage_daily WHERE account_id = ?"),
    rollup: await n("SELECT coalesce(sum(quantity), 0) AS n FROM analytics_hourly WHERE account_id = ?"),
    flowRuns: await n("SELECT coalesce(sum(entered), 0) AS n FROM flow_step_stats WHERE account_id = ?"),
    audit: await n("SELECT count(*) AS n FROM admin_audit_log WHERE account_id = ?"),
    ledger: await n("SELECT count(*) AS n FROM ledger_entries WHERE account_id = ?"),
  };
}

/** The figures that must agree, as the pages read them on `now`. */
async function expectOneStory(now: number) {
  const today = localDate(TZ, now);
  // The control panel's today and yesterday are the analytics page's.
  const dash = await getDashboard(env, ACCOUNT, { withBilling: false }, now);
  for (const [day, figures] of [[today, dash.today], [addDays(today, -1), dash.yesterday]] as const) {
    const a = await getAnalytics(env, ACCOUNT, { from: day, to: day }, now);
    expect(a.totals.conversations).toBeGreaterThan(0);
    expect({ day, conversations: figures.conversations, aiReplies: figures.aiReplies, handoffs: figures.handoffs }).toEqual({
      day,
      conversations: a.totals.conversations,
      aiReplies: a.totals.aiReplies,
      handoffs: a.totals.handoffs,
    });
  }
  // /billing's usage per day is /analytics' (the seeded chats run 09:00–22:00 in Moscow: one day in both zones).
  const from = addDays(today, -29);
  const analytics = await getAnalytics(env, ACCOUNT, { from, to: today }, now);
  const usage = await getUsage(env.DB, getDb(env.DB), ACCOUNT, { from, to: today }, now);
  const perDay = (rows: { day: string; aiReplies: number; messagesIn: number; messagesOut: number }[]) => rows.map((d) => ({ day: d.day, aiReplies: d.aiReplies, messagesIn: d.messagesIn, messagesOut: d.messagesOut }));
  expect(perDay(usage.days)).toEqual(perDay(analytics.daily));
  expect(usage.totals.aiReplies).toBeGreaterThan(300);
  // Each of the last 7 days: the flows started no more often than conversations began.
  for (let d = 0; d < 7; d++) {
    const day = addDays(today, -d);
    const a = await getAnalytics(env, ACCOUNT, { from: day, to: day }, now);
    const started = a.flows.reduce((sum, f) => sum + f.started, 0);
    expect(started, day).toBeLessThanOrEqual(a.totals.conversations);
  }
  const week = await getAnalytics(env, ACCOUNT, { from: addDays(today, -6), to: today }, now);
  expect(week.flows.map((f) => f.id).sort()).toEqual(["demo-flow-consultation", "demo-flow-greeting", "demo-flow-wholesale"]);
}

describe("the demo seed", () => {
  let admin: { token: string };

  beforeAll(async () => {
    const hash = "pbkdf2_sha256$100000$seed$not-a-password";
    await exec([
      `INSERT INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, created_at, updated_at) VALUES ('demo-user', 'demo@assistly.local', 'Демо Оператор', '', '${hash}', 1, 0, 'ru', ${NOW}, ${NOW});`,
      `INSERT INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, created_at, updated_at) VALUES ('admin-user', 'admin@assistly.local', 'Администратор', '', '${hash}', 1, 1, 'ru', ${NOW}, ${NOW});`,
      `INSERT INTO accounts (id, name, name_search, timezone, language, settings, wizard, downtime, created_by, created_at, updated_at) VALUES ('${ACCOUNT}', 'Демо-магазин «Уют»', 'демо-магазин «уют»', '${TZ}', 'ru', '{}', '{"completed":[],"skipped":[]}', '{"enabled":false,"intervals":[]}', 'demo-user', ${NOW - 90 * DAY}, ${NOW - 90 * DAY});`,
      `INSERT INTO members (account_id, user_id, role, created_at) VALUES ('${ACCOUNT}', 'demo-user', 'owner', ${NOW});`,
    ]);
    await seed(NOW - DAY);
    // What the earlier seeds left: today's first customer message at a fractional millisecond (its
    // rollup hour fractional too), 300 invented AI replies yesterday, 20 runs of the greeting today.
    const first = (demoConversations(NOW) as { dayNum: number; v: { j: number; start: number }; contact: { id: string; threadId: string } }[]).find((c) => c.dayNum === Math.floor(NOW / DAY))!;
    await exec([
      `INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, dedupe_key, created_at, updated_at) VALUES ('demo-an-${first.dayNum}-${first.v.j}-in', '${ACCOUNT}', '${first.contact.threadId}', '${first.contact.id}', 'text', 'incoming', 'Здравствуйте!', '{}', 'contact', 'seed:demo-an-${first.dayNum}-${first.v.j}-in', ${first.v.start + 0.4}, ${first.v.start + 0.4});`,
      `INSERT INTO usage_daily (account_id, day, metric, dim, quantity) VALUES ('${ACCOUNT}', '${new Date(NOW - DAY).toISOString().slice(0, 10)}', 'aiReplies', 'gpt-4.1-mini', 300) ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = quantity + 300;`,
      `INSERT INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped) VALUES ('${ACCOUNT}', 'demo-flow-greeting', '', '${new Date(NOW).toISOString().slice(0, 10)}', 20, 17, 0);`,
    ]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM analytics_hourly WHERE account_id = ? AND typeof(hour) = 'real'").bind(ACCOUNT).first<{ n: number }>())!.n).toBeGreaterThan(0);
    await seed(NOW);
    admin = { token: await adminToken() };
  });

  it("tells one story: the panel's today, the billing usage and the flows agree with analytics", async () => {
    await expectOneStory(NOW);
  });

  it("puts the administrator's bonus in the audit log, with the ledger's balance before and after", async () => {
    const log = await api("GET", `/admin/audit-log?accountId=${ACCOUNT}`, { token: admin.token });
    expect(log.status).toBe(200);
    const bonus = await env.DB.prepare("SELECT amount_kopecks AS amount, reason, created_at AS at FROM ledger_entries WHERE key = 'demo:adjustment:welcome'").first<{ amount: number; reason: string; at: number }>();
    const before = (await env.DB.prepare("SELECT sum(amount_kopecks) AS n FROM ledger_entries WHERE account_id = ? AND created_at < ?").bind(ACCOUNT, bonus!.at).first<{ n: number }>())!.n;
    expect(log.body.data).toEqual([
      expect.objectContaining({
        action: "balance.adjust",
        actorEmail: "admin@assistly.local",
        accountId: ACCOUNT,
        reason: bonus!.reason,
        createdAt: bonus!.at,
        before: { balanceKopecks: before },
        after: { balanceKopecks: before + bonus!.amount, amountKopecks: bonus!.amount },
      }),
    ]);
  });

  it("changes nothing when run again, and still agrees a day later", async () => {
    const once = await counts();
    await seed(NOW);
    expect(await counts()).toEqual(once);
    await seed(NOW + DAY);
    await expectOneStory(NOW + DAY);
    const later = await counts();
    expect(later.audit).toBe(1);
    expect(later.ledger).toBe(once.ledger);
  });
});
