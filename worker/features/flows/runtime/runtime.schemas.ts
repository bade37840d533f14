import { z } from "zod";

const id = z.string().trim().min(1).max(64);

export const flowParam = z.object({ accountId: id, flowId: id });
export const threadParam = z.object({ accountId: id, threadId: id });
export const statsQuery = z.object({
  days: z.coerce.number({ error: "Число дней: от 1 до 90" }).int("Число дней: от 1 до 90").min(1, "Число дней: от 1 до 90").max(90, "Число дней: от 1 до 90").default(7),
});
export const threadFlowBody = z.discriminatedUnion(
  "action",
  [z.object({ action: z.literal("start"), flowId: id }), z.object({ action: z.literal("stop") }), z.object({ action: z.literal("resume") })],
  { error: "Действие: start (с flowId), stop или resume" },
);
