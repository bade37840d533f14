import type { Env } from "./env";
import { consumeDeadLetters } from "./features/admin-dlq/dead-letters.service";
import { consumeOutbound } from "./features/channels/outbound.consumer";
import { consumeInbound } from "./features/webhooks/inbound.consumer";
import { consumeJobs } from "./features/jobs/jobs.consumer";
import { consumeWebhooks } from "./features/outgoing-webhooks/delivery";
import { createLogger } from "./lib/logger";
import { AI_QUEUE_NAME, handleAiBatch } from "./ai/queue";

/** The Worker's `queue()` handler: one consumer per queue, chosen by the batch's queue name. */
export async function queue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const name = batch.queue;
  if (name.endsWith("-inbound")) return consumeInbound(batch, env);
  if (name.endsWith("-outbound")) return consumeOutbound(batch, env);
  if (name.endsWith("-dlq")) return consumeDeadLetters(batch, env);
  if (name.endsWith("-webhooks")) return consumeWebhooks(batch, env);
  if (name.endsWith("-jobs")) return consumeJobs(batch, env);
  if (name === AI_QUEUE_NAME || name.endsWith("-ai")) return handleAiBatch(batch, env, _ctx);
  createLogger({ component: "queues" }).error("batch from an unknown queue", { queue: name, messages: batch.messages.length });
  batch.retryAll({ delaySeconds: 60 });
}
