import { app } from "./app";
import type { Env } from "./env";
import { setLogLevel } from "./lib/logger";
import { queue } from "./queues";
import { enqueueJob } from "./features/jobs/jobs";
import { metered } from "./lib/bench-meter";
import { appWebhookFastPath } from "./features/webhooks/fast-path";

export { AccountRoom } from "../durable-objects/account-room/room";

export default {
  fetch: (request, env, ctx) => {
    setLogLevel(env.LOG_LEVEL);
    const e = metered(env, "fetch");
    return appWebhookFastPath(request, e, (r) => app.fetch(r, e, ctx)) ?? app.fetch(request, e, ctx);
  },
  queue: (batch, env, ctx) => {
    setLogLevel(env.LOG_LEVEL);
    return queue(batch, metered(env, "queue"), ctx);
  },
  // Cron triggers (wrangler.toml [triggers]): billing's periodic work goes through the jobs queue (retries, dead letters).
  scheduled: (_controller, rawEnv, ctx) => {
    setLogLevel(rawEnv.LOG_LEVEL);
    const env = metered(rawEnv, "scheduled");
    ctx.waitUntil(enqueueJob(env, { kind: "billing-tick" }));
    // Flow turns whose after-effects were lost with their isolate (runtime/resume.ts).
    ctx.waitUntil(enqueueJob(env, { kind: "flow-resume" }));
    // Booking reminders whose queued job was lost (google-calendar/reminder.job.ts).
    ctx.waitUntil(enqueueJob(env, { kind: "booking-reminder-sweep" }));
    // Inbound outbox rows a dead-lettered queue message left (inbox/ingest-outbox.ts).
    ctx.waitUntil(enqueueJob(env, { kind: "ingest-outbox-sweep" }));
  },
} satisfies ExportedHandler<Env>;
