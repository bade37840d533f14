import { getServerByName } from "partyserver";
import type { AccountRoom } from "../../../durable-objects/account-room/room";
import { WAITING_TIMEOUT_MS } from "../../../durable-objects/account-room/protocol";
import type { Role } from "../../db/schema/accounts";
import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { enqueueWebhookEvents, type RoomEventInput, type WebhookTag } from "../outgoing-webhooks/emit";
import { markThreadsCompleted, markThreadWaiting } from "./thread-state";

/** Every publish below hands its events to the webhooks as well (the type lives with them, outgoing-webhooks/emit.ts). */
export type { RoomEventInput } from "../outgoing-webhooks/emit";

/** The room only wants the frames. */
function framesOf(events: RoomEventInput[]): RoomEventInput[] {
  return events.some((e) => e.webhooks) ? events.map(({ webhooks: _w, ...frame }) => frame) : events;
}

/** The account's room stub for sockets (partyserver's getServerByName: it names the room first, one extra call). */
export function accountRoom(env: Env, accountId: string) {
  return getServerByName(env.AccountRoom as unknown as DurableObjectNamespace<AccountRoom>, accountId);
}

/** Rooms this isolate has already named through getServerByName. */
const named = new Set<string>();

/**
 * The account's room stub for RPC (publish, waiting state). The first call in an isolate goes
 * through getServerByName (which names the room: one extra call to the object); later ones take
 * the same stub straight from idFromName, so a publish is one call. The room's RPC methods never
 * need its name; startWaiting hands it the account id for its alarm.
 */
export async function roomRpc(env: Env, accountId: string) {
  const stub = namedRoom(env, accountId);
  if (stub) return stub;
  const fresh = await accountRoom(env, accountId);
  named.add(accountId);
  if (named.size > 10_000) named.delete(named.values().next().value!);
  return fresh;
}

/** The room's stub without an await, once this isolate has named the room (else undefined). */
function namedRoom(env: Env, accountId: string) {
  if (!named.has(accountId)) return undefined;
  const ns = env.AccountRoom as unknown as DurableObjectNamespace<AccountRoom>;
  return ns.get(ns.idFromName(accountId));
}

/**
 * Fans events out to the account's sockets. Call it AFTER the data is committed, once per
 * commit, with the events in commit order: the room numbers them (per-account `seq`), stores a
 * bounded backlog for reconnect catch-up and pushes them in that order. Returns the last seq.
 */
export async function publish(env: Env, accountId: string, events: RoomEventInput[]): Promise<number> {
  if (events.length === 0) return 0;
  const [seq] = await Promise.all([roomRpc(env, accountId).then((room) => room.publish(framesOf(events))), enqueueWebhookEvents(env, accountId, events)]);
  return seq;
}

/** Same as publish, but a failing room is logged instead of failing the caller (data is already committed). */
export async function publishSafe(env: Env, accountId: string, events: RoomEventInput[]): Promise<void> {
  try {
    await publish(env, accountId, events);
  } catch (error) {
    createLogger({ accountId }).error("room publish failed", { error, events: events.length });
  }
}

/**
 * publishSafe for frames shown before their data is committed (an operator's text reply: see
 * postOperatorMessage), room only. Where this isolate has named the room already, the room's call
 * starts before this returns, so a D1 write started right after it comes second on the way out.
 */
export function pushFirst(env: Env, accountId: string, events: RoomEventInput[]): Promise<void> {
  const log = (error: unknown) => createLogger({ accountId }).error("room publish failed", { error, events: events.length });
  try {
    const frames = framesOf(events);
    const stub = namedRoom(env, accountId);
    const call = stub ? Promise.resolve(stub.publish(frames)) : roomRpc(env, accountId).then((room) => room.publish(frames));
    return call.then(() => undefined, log);
  } catch (error) {
    log(error);
    return Promise.resolve();
  }
}

/**
 * publishSafe for a commit that also wrote threads' waiting state: one room call pushes the events
 * and arms (start) or drops (stop) those threads' 30 s deadlines.
 */
export async function publishWaitingSafe(
  env: Env,
  accountId: string,
  events: RoomEventInput[],
  waiting: { start?: string[]; stop?: string[] },
): Promise<void> {
  if (!waiting.start?.length && !waiting.stop?.length) return publishSafe(env, accountId, events);
  try {
    const deadline = Date.now() + WAITING_TIMEOUT_MS;
    await Promise.all([
      roomRpc(env, accountId).then((room) => room.publishWaiting(framesOf(events), { start: waiting.start?.map((threadId) => ({ threadId, deadline })), stop: waiting.stop, accountId })),
      enqueueWebhookEvents(env, accountId, events),
    ]);
  } catch (error) {
    createLogger({ accountId }).error("room publish failed", { error, events: events.length });
  }
}

/**
 * §4 waiting state: the thread's gptStatus becomes WAITING_RESPONSE (pushed as updateContact) and
 * the room arms an alarm; clearWaiting (the reply) or the alarm after 30 000 ms sets COMPLETED.
 */
export async function setWaiting(env: Env, accountId: string, threadId: string): Promise<void> {
  const contact = await markThreadWaiting(env, accountId, threadId);
  if (!contact) return;
  await (await roomRpc(env, accountId)).startWaiting(threadId, Date.now() + WAITING_TIMEOUT_MS, [{ event: "updateContact", data: contact }], accountId);
}

/** `webhooks`: what the caller's change means for outgoing webhooks (the AI switched off, say); it rides on the contact's update. */
export async function clearWaiting(env: Env, accountId: string, threadId: string, webhooks?: WebhookTag[]): Promise<void> {
  const [contact] = await markThreadsCompleted(env, accountId, [threadId]);
  const events: RoomEventInput[] = contact ? [{ event: "updateContact", data: contact, webhooks }] : [];
  await Promise.all([(await roomRpc(env, accountId)).stopWaiting(threadId, framesOf(events)), enqueueWebhookEvents(env, accountId, events)]);
}

/**
 * After a membership is removed (`removed`) or given up (`left`) and committed: the room closes
 * that user's sockets at once and refuses their sockets from before it. A failing room is logged:
 * the membership is gone already, and the /ws route refuses the user's next connection anyway.
 */
export async function revokeRoomAccess(env: Env, accountId: string, userId: string, reason: "removed" | "left"): Promise<void> {
  try {
    await (await roomRpc(env, accountId)).revokeAccess(userId, reason);
  } catch (error) {
    createLogger({ accountId }).error("room revoke failed", { error, userId });
  }
}

/** After the account is deleted: the room closes every socket and refuses new ones (logged on failure, like revokeRoomAccess). */
export async function closeAccountRoom(env: Env, accountId: string): Promise<void> {
  try {
    await (await roomRpc(env, accountId)).closeAccount();
  } catch (error) {
    createLogger({ accountId }).error("room close failed", { error });
  }
}

/** After a member's role changed: their open pages refetch their session and abilities (`membershipChanged`). */
export async function pushMembershipChanged(env: Env, accountId: string, userId: string, role: Role): Promise<void> {
  try {
    await (await roomRpc(env, accountId)).membershipChanged(userId, role);
  } catch (error) {
    createLogger({ accountId }).error("room push failed", { error, userId });
  }
}
