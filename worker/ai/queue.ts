import { z } from "zod";
import type { Env } from "../env";
import { createLogger } from "../lib/logger";
import { executeRun, failRun, MAX_ATTEMPTS, type RunOutcome } from "./runner";

/** The queue of assistant turns (wrangler.toml `assistly-ai`). */
export const AI_QUEUE_NAME = "assistly-ai";

export const aiQueueMessageSchema = z.object({
  kind: z.literal("run"),
  runId: z.string().min(1).max(64),
  accountId: z.string().min(1).max(64),
  /** debounce: the burst's answer after the pause; watchdog: re-checks an in-process run; retry: deferred by the provider or a crash. */
  reason: z.enum(["debounce", "watchdog", "retry"]),
});
export type AiQueueMessage = z.infer<typeof aiQueueMessageSchema>;

/** How long after an in-process run its watchdog looks whether it finished (and takes over if it died). */
export const WATCHDOG_SECONDS = 60;

export async function enqueueRun(env: Env, msg: Omit<AiQueueMessage, "kind">, delaySeconds: number): Promise<void> {
  await env.AI_QUEUE.send({ kind: "run", ...msg } satisfies AiQueueMessage, { contentType: "json", delaySeconds: Math.max(0, Math.min(43_200, Math.round(delaySeconds))) });
}

const log = createLogger({ component: "ai-queue" });

/** Consumer of `assistly-ai`: messages run concurrently (each is one conversation's turn). */
export async function handleAiBatch(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext): Promise<void> {
  await Promise.all(batch.messages.map((m) => handleOne(m, env)));
}

async function handleOne(message: Message<unknown>, env: Env): Promise<void> {
  const parsed = aiQueueMessageSchema.safeParse(message.body);
  if (!parsed.success) {
    log.error("malformed ai queue message dropped", { body: message.body });
    message.ack();
    return;
  }
  const { runId } = parsed.data;
  let outcome: RunOutcome;
  try {
    outcome = await executeRun(env, runId);
  } catch (error) {
    if (message.attempts >= MAX_ATTEMPTS) {
      await failRun(env, runId, "внутренняя ошибка при подготовке ответа").catch((e) => log.error("failRun failed", { error: e, runId }));
      message.ack();
      return;
    }
    log.warn("assistant run crashed, retrying", { error, runId, attempts: message.attempts });
    message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    return;
  }
  if (outcome.status === "busy") message.retry({ delaySeconds: Math.ceil(outcome.retryInMs / 1000) });
  else if (outcome.status === "deferred") message.retry({ delaySeconds: outcome.delaySeconds });
  else message.ack();
}
