import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { storeDeadLetter } from "../admin-dlq/dead-letters.service";
import { runBroadcastTick } from "../broadcasts/broadcast.jobs";
import { runImportChunk } from "../contact-import/import.jobs";
import { runProductImportChunk } from "../products/import.jobs";
import { runBillingTick } from "../billing/renewal";
import { runKnowledgeIndex } from "../knowledge/knowledge.jobs";
import { runFlowTimer } from "../flows/runtime/timer-job";
import { runBitrixLead } from "../bitrix24/leads";
import { runBookingReminder, sweepBookingReminders } from "../google-calendar/reminder.job";
import { resumeFlowTurns, resumeOverdueDelays } from "../flows/runtime/resume";
import { type Job, jobSchema } from "./jobs";
import { sweepIngestOutbox } from "../inbox/ingest-outbox";

const log = createLogger({ component: "jobs" });

/** Mirrors `max_retries` of the jobs consumer in wrangler.toml (+1 for the first delivery). */
export const JOBS_MAX_ATTEMPTS = 11;

const handlers: { [K in Job["kind"]]: (env: Env, job: Extract<Job, { kind: K }>) => Promise<void> } = {
  "import-chunk": runImportChunk,
  "broadcast-tick": runBroadcastTick,
  "product-import-chunk": runProductImportChunk,
  "billing-tick": async (env) => void (await runBillingTick(env)),
  "knowledge-index": runKnowledgeIndex,
  "flow-timer": runFlowTimer,
  "bitrix24-lead": runBitrixLead,
  "booking-reminder": (env, job) => runBookingReminder(env, job),
  "flow-resume": async (env) => void (await resumeFlowTurns(env), await resumeOverdueDelays(env)),
  "booking-reminder-sweep": async (env) => void (await sweepBookingReminders(env)),
  "ingest-outbox-sweep": async (env) => void (await sweepIngestOutbox(env)),
};

/** The jobs consumer: each job runs on its own; a failure retries that job only, with a growing delay. */
export async function consumeJobs(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (msg) => {
      const parsed = jobSchema.safeParse(msg.body);
      if (!parsed.success) {
        await storeDeadLetter(env, { queue: "jobs", body: msg.body, error: "Некорректное задание очереди", attempts: msg.attempts });
        return msg.ack();
      }
      const job = parsed.data;
      try {
        await (handlers[job.kind] as (env: Env, job: Job) => Promise<void>)(env, job);
        msg.ack();
      } catch (error) {
        log.error("job failed", { error, kind: job.kind, attempts: msg.attempts });
        msg.retry({ delaySeconds: Math.min(60, 2 ** Math.max(0, msg.attempts - 1)) });
      }
    }),
  );
}
