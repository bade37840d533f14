import type { Env } from "../../../env";
import { enqueueJob, type JobOf } from "../../jobs/jobs";

/** Queues take a delay of at most 12 hours; a longer one hops (like the broadcast ticks). */
export const MAX_QUEUE_DELAY_SECONDS = 12 * 3600;

/** A delay step's timer: a delayed message on the jobs queue, re-queued until it is due. */
export async function scheduleTimer(env: Env, t: { accountId: string; threadId: string; runId: string; key: string; dueAt: number }): Promise<void> {
  const seconds = Math.max(0, Math.ceil((t.dueAt - Date.now()) / 1000));
  await enqueueJob(env, { kind: "flow-timer", ...t }, { delaySeconds: Math.min(seconds, MAX_QUEUE_DELAY_SECONDS) });
}
