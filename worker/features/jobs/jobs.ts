import { z } from "zod";
import type { Env } from "../../env";

/**
 * Background jobs on the `assistly-jobs` queue. A job is small (one chunk of an import, one pacing
 * window of a broadcast) and keeps its progress in D1, so a redelivered or repeated job continues
 * from what the tables say instead of doing anything twice.
 */
export const jobSchema = z.discriminatedUnion("kind", [
  /** Import rows [chunk * chunkSize, (chunk + 1) * chunkSize) of an import job. */
  z.object({ kind: z.literal("import-chunk"), accountId: z.string().min(1), jobId: z.string().min(1), chunk: z.number().int().min(0) }),
  /** Hand the next window of a broadcast's recipients to the outbound sender, then schedule the next tick. */
  z.object({ kind: z.literal("broadcast-tick"), accountId: z.string().min(1), broadcastId: z.string().min(1) }),
  /** Upsert rows [chunk * 1000, (chunk + 1) * 1000) of a product import. */
  z.object({ kind: z.literal("product-import-chunk"), accountId: z.string().min(1), jobId: z.string().min(1), chunk: z.number().int().min(0) }),
  /** Billing's scheduled work (renewals, grace, usage settlement and notices), queued by the cron trigger. */
  z.object({ kind: z.literal("billing-tick") }),
  /** Extract (or fetch, with `fetch`) and index one knowledge source: a document or a web page. */
  z.object({ kind: z.literal("knowledge-index"), accountId: z.string().min(1), sourceId: z.string().min(1), fetch: z.boolean() }),
  /** A flow's delay step is due (runtime/timer-job.ts): queued again until `dueAt`, then continues the run once. */
  z.object({
    kind: z.literal("flow-timer"),
    accountId: z.string().min(1),
    threadId: z.string().min(1),
    runId: z.string().min(1),
    key: z.string().min(1),
    dueAt: z.number().int(),
  }),
  /** Bitrix24 (features/bitrix24/leads.ts): the contact's lead or deal, once per contact; on a hand-off also the transcript. */
  z.object({
    kind: z.literal("bitrix24-lead"),
    accountId: z.string().min(1),
    contactId: z.string().min(1),
    reason: z.enum(["firstMessage", "handoff", "flowAction", "assistantTool"]),
    threadId: z.string().min(1).nullable(),
  }),
  /** The reminder of a calendar booking (google-calendar/reminder.job.ts): queued again until `dueAt`, then sent once. */
  z.object({ kind: z.literal("booking-reminder"), accountId: z.string().min(1), bookingId: z.string().min(1), dueAt: z.number().int() }),
  /** The flow turns' outbox sweep (runtime/resume.ts): after-effects lost with their isolate run again. Queued by the cron trigger. */
  z.object({ kind: z.literal("flow-resume") }),
  /** The reminders' safety net (google-calendar/reminder.job.ts): due reminders whose job was lost are sent, still once. Queued by the cron trigger. */
  z.object({ kind: z.literal("booking-reminder-sweep") }),
  /** The inbound ingest's outbox rows a dead-lettered queue message left (inbox/ingest-outbox.ts). Queued by the cron trigger. */
  z.object({ kind: z.literal("ingest-outbox-sweep") }),
]);
export type Job = z.infer<typeof jobSchema>;
export type JobOf<K extends Job["kind"]> = Extract<Job, { kind: K }>;

export async function enqueueJob(env: Env, job: Job, opts: { delaySeconds?: number } = {}): Promise<void> {
  await env.JOBS_QUEUE.send(job, { contentType: "json", delaySeconds: opts.delaySeconds });
}

export async function enqueueJobs(env: Env, jobs: Job[]): Promise<void> {
  for (let i = 0; i < jobs.length; i += 100) {
    await env.JOBS_QUEUE.sendBatch(jobs.slice(i, i + 100).map((body) => ({ body, contentType: "json" as const })));
  }
}
