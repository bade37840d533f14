import type { Env } from "../../../env";
import type { JobOf } from "../../jobs/jobs";
import { scheduleTimer } from "./timers";
import { runTurn } from "./turn";

/**
 * The jobs consumer's handler: early (a hop of a long delay) → queued again; due → the run's turn
 * with the timer's key, which continues the run once however often the job is delivered.
 */
export async function runFlowTimer(env: Env, job: JobOf<"flow-timer">): Promise<void> {
  if (job.dueAt - Date.now() > 1000) return scheduleTimer(env, job);
  await runTurn(env, { accountId: job.accountId, threadId: job.threadId, key: `timer:${job.key}:${job.runId}`, input: { kind: "timer", key: job.key } });
}
