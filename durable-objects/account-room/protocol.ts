import { z } from "zod";

/**
 * The socket contract (ARCHITECTURE "Contracts"), shared by the room, the worker and the SPA.
 * Frames are JSON `{ event, data }`; every server push carries the account's sequence number `seq`.
 */
export const SERVER_EVENTS = ["joinedAccount", "message", "updateContact", "deleteContact", "core::whatsappStateChanged", "error"] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

export const clientFrameSchema = z.discriminatedUnion("event", [
  z.object({ event: z.literal("joinAccount"), data: z.object({ accountId: z.string().min(1).max(64), lastSeq: z.number().int().min(0).optional() }) }),
  z.object({ event: z.literal("ping"), data: z.unknown().optional() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export interface ServerFrame<T = unknown> {
  event: ServerEvent;
  data: T;
  seq?: number;
}
