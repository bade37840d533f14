import { z } from "zod";
import type { Env } from "../../env";

/**
 * The ONE outbound queue message type (ARCHITECTURE "Seams"): whoever asks for a send (operator,
 * assistant, flow, broadcast) stores an outgoing message with deliveryStatus "pending" first and
 * then enqueues its id; the single sender (the outbound consumer) loads the message and its
 * thread's channel, applies the channel's rate limits and reports the delivery state back.
 * The message id is the idempotency key: a redelivered queue message finds the row already sent.
 */
export const outboundMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("send"),
    accountId: z.string().min(1),
    messageId: z.string().min(1),
  }),
]);
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;

export async function enqueueSend(env: Env, input: { accountId: string; messageId: string }, opts: { delaySeconds?: number } = {}): Promise<void> {
  const body: OutboundMessage = { kind: "send", accountId: input.accountId, messageId: input.messageId };
  await env.OUTBOUND_QUEUE.send(body, { contentType: "json", delaySeconds: opts.delaySeconds });
}

export async function enqueueSends(env: Env, inputs: { accountId: string; messageId: string }[]): Promise<void> {
  for (let i = 0; i < inputs.length; i += 100) {
    await env.OUTBOUND_QUEUE.sendBatch(
      inputs.slice(i, i + 100).map((x) => ({ body: { kind: "send", accountId: x.accountId, messageId: x.messageId } satisfies OutboundMessage, contentType: "json" as const })),
    );
  }
}
