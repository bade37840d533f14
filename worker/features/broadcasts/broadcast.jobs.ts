import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Broadcast } from "../../db/schema/broadcasts";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import type { JobOf } from "../jobs/jobs";
import { materializeRecipients } from "./audience-sql";
import { finish, nextTick, publishStats, refreshCounts } from "./broadcast-run.service";
import { channelProblem, compileAudience } from "./broadcasts.service";
import { ACCOUNT_BLOCKED_PAUSE, accountBlocked } from "../accounts/accounts.service";
import { drain, handOutWindow, windowPlan } from "./pump";

const { broadcasts } = schema;
const log = createLogger({ component: "broadcasts" });

/** A tick this much earlier than the one its broadcast waits for belongs to a superseded chain (a pause and resume within a tick). */
const EARLY_SLACK_MS = 250;
/** While the last messages are on their way, the pump looks again this often. */
const DRAIN_DELAY_SECONDS = 2;

async function load(env: Env, job: JobOf<"broadcast-tick">): Promise<Broadcast | undefined> {
  return getDb(env.DB)
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, job.broadcastId), eq(broadcasts.accountId, job.accountId)))
    .get();
}

async function channel(env: Env, b: Broadcast) {
  if (!b.channelId) return null;
  return (await getDb(env.DB).select().from(schema.channels).where(and(eq(schema.channels.id, b.channelId), eq(schema.channels.accountId, b.accountId))).get()) ?? null;
}

/** Stops a broadcast that can no longer go on (its channel went away): paused with the reason, resumable. */
async function pauseFor(env: Env, b: Broadcast, reason: string) {
  await env.DB.prepare("UPDATE broadcasts SET status = 'paused', paused_reason = ?, updated_at = ? WHERE id = ? AND status IN ('sending', 'scheduled')").bind(reason, Date.now(), b.id).run();
  await publishStats(env, b.accountId, b.id);
}

/** A broadcast that cannot start at all: `failed` with the reason, its reservation released. */
async function failWith(env: Env, b: Broadcast, reason: string) {
  const now = Date.now();
  await env.DB.prepare("UPDATE broadcasts SET status = 'failed', paused_reason = ?, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'").bind(reason, now, now, b.id).run();
  await finish(env, b.accountId, b.id);
  await publishStats(env, b.accountId, b.id);
}

/** A scheduled broadcast whose time came: its recipients are materialized now (within the reserved quota) and it starts sending. */
async function fireScheduled(env: Env, b: Broadcast): Promise<boolean> {
  const wait = (b.scheduledAt ?? 0) - Date.now();
  if (wait > 1000) {
    await nextTick(env, b, wait / 1000); // far dates are reached in hops of at most 12 hours
    return false;
  }
  const ch = await channel(env, b);
  const problem = ch ? channelProblem(ch) : "Канал рассылки удалён";
  if (problem || !ch) return void (await pauseFor(env, b, problem ?? "Канал рассылки удалён")), false;
  let audience;
  try {
    audience = await compileAudience(env, b.accountId, b.audience);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // The segment, a tag or a field of the filter was deleted meanwhile: nobody can be chosen.
    return void (await failWith(env, b, `Рассылка не началась: аудитория больше не существует (${e.message})`)), false;
  }
  const total = await materializeRecipients(env, b.id, audience, ch, b.quotaReserved);
  const now = Date.now();
  await env.DB.prepare("UPDATE broadcasts SET status = 'sending', started_at = ?, total = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'").bind(now, total, now, b.id).run();
  return true;
}

/**
 * One pacing window of a broadcast (#15): stop unless it is sending; hand the next window to the
 * sender; publish one stats frame; schedule the next tick by the pacing. When nothing is left
 * unsent or on its way: completed, the quota settled, a final frame.
 */
export async function runBroadcastTick(env: Env, job: JobOf<"broadcast-tick">): Promise<void> {
  let b = await load(env, job);
  if (!b || Date.now() < b.nextTickAt - EARLY_SLACK_MS) return;
  if (b.status === "scheduled") {
    if (!(await fireScheduled(env, b))) return;
    b = (await load(env, job))!;
  }
  if (b.status !== "sending") return;
  const ch = await channel(env, b);
  const problem = ch ? channelProblem(ch) : "Канал рассылки удалён";
  if (problem || !ch) return pauseFor(env, b, problem ?? "Канал рассылки удалён");
  if (await accountBlocked(env, b.accountId)) return pauseFor(env, b, ACCOUNT_BLOCKED_PAUSE);
  // The previous tick asked for this one `delay` seconds after it ended (nextTick): the time since then.
  const plan = windowPlan(b.pacing, ch.platform, Math.random, b.nextTickAt ? Date.now() - (b.nextTickAt - 1000) : 1000);
  const handed = await handOutWindow(env, b, ch, plan.size);
  if (handed === 0 && (await drain(env, b)) === 0) {
    const done = await env.DB.prepare("UPDATE broadcasts SET status = 'completed', completed_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'sending' RETURNING id")
      .bind(Date.now(), b.id)
      .first();
    if (done) {
      await finish(env, b.accountId, b.id);
      log.info("broadcast completed", { accountId: b.accountId, broadcastId: b.id });
    }
    return publishStats(env, b.accountId, b.id);
  }
  await refreshCounts(env, b.id);
  await publishStats(env, b.accountId, b.id);
  await nextTick(env, b, handed === 0 ? DRAIN_DELAY_SECONDS : plan.delaySeconds);
}
