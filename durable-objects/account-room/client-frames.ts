import { z } from "zod";
import type { ClientFrame } from "./protocol";

/** The room's check of a client frame (the contract's ClientFrame; tsc keeps the two the same). */
export const clientFrameSchema: z.ZodType<ClientFrame> = z.discriminatedUnion("event", [
  z.object({ event: z.literal("joinAccount"), data: z.object({ accountId: z.string().min(1).max(64), lastSeq: z.number().int().min(0).optional() }) }),
  z.object({ event: z.literal("ping"), data: z.unknown().optional() }),
]);
