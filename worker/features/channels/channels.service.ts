import { and, asc, eq, ne } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Channel } from "../../db/schema/inbox";
import type { IngestResult } from "../inbox/ingest";
import type { Env } from "../../env";
import { decryptSecret, encryptSecret, sha256Hex, timingSafeEqualStr } from "../../lib/crypto";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { appUrl } from "../../lib/mail";
import { emitWebhookEvent } from "../outgoing-webhooks/emit";
import { channelsWritten } from "../webhooks/channel-memo";
import { SendError } from "../../channels/types";
import { isConnected } from "./channel-status";
import { assertCanAdd } from "../billing/limits";

export { type DemoChannel, isConnected, isDemoChannel } from "./channel-status";

/** Shared plumbing of the three channels: lookup, sealed credentials, assistant binding, webhook secrets. */

export type { MessengerPlatform } from "../../channels/types";
import type { MessengerPlatform } from "../../channels/types";

export async function getChannel(env: Env, accountId: string, platform: MessengerPlatform): Promise<Channel | null> {
  return (
    (await getDb(env.DB)
      .select()
      .from(schema.channels)
      .where(and(eq(schema.channels.accountId, accountId), eq(schema.channels.platform, platform)))
      .orderBy(asc(schema.channels.createdAt))
      .get()) ?? null
  );
}


function encryptionKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Подключение мессенджеров на этой установке платформы ещё не настроено: нет ключа для хранения токенов. Обратитесь к администратору платформы");
  return env.ENCRYPTION_KEY;
}

export async function sealCredentials(env: Env, creds: object): Promise<string> {
  return encryptSecret(JSON.stringify(creds), encryptionKey(env));
}

export async function openCredentials<T>(env: Env, ch: Channel): Promise<T> {
  if (!ch.credentials) throw new SendError("Канал не подключён", "permanent");
  return JSON.parse(await decryptSecret(ch.credentials, encryptionKey(env))) as T;
}

export async function secretHash(secret: string): Promise<string> {
  return sha256Hex(secret);
}

/** Compares a presented webhook secret with the stored hash in constant time. */
export async function secretMatches(presented: string | null | undefined, storedHash: string | null): Promise<boolean> {
  if (!presented || !storedHash || presented.length > 512) return false;
  return timingSafeEqualStr(await sha256Hex(presented), storedHash);
}

/** The account's first assistant (by creation), the default binding of a new channel. */
export async function defaultAssistantId(env: Env, accountId: string): Promise<string | null> {
  const row = await getDb(env.DB)
    .select({ id: schema.assistants.id })
    .from(schema.assistants)
    .where(eq(schema.assistants.accountId, accountId))
    .orderBy(asc(schema.assistants.createdAt), asc(schema.assistants.id))
    .get();
  return row?.id ?? null;
}

/** 400 unless the assistant belongs to the account. */
export async function assertAssistant(env: Env, accountId: string, assistantId: string): Promise<void> {
  const row = await getDb(env.DB)
    .select({ id: schema.assistants.id })
    .from(schema.assistants)
    .where(and(eq(schema.assistants.id, assistantId), eq(schema.assistants.accountId, accountId)))
    .get();
  if (!row) throw badRequest("Ассистент не найден в этом аккаунте", "VALIDATION_ERROR", { fields: { assistantId: ["Ассистент не найден в этом аккаунте"] } });
}

export async function resolveAssistant(env: Env, accountId: string, requested: string | null | undefined, current: string | null | undefined): Promise<string | null> {
  if (requested === null) return null;
  if (requested) {
    await assertAssistant(env, accountId, requested);
    return requested;
  }
  return current ?? (await defaultAssistantId(env, accountId));
}


export function webhookUrl(env: Env, path: string, requestUrl?: string): string {
  return appUrl(env, path, requestUrl);
}

/**
 * Saves the account's channel of a platform bound to `externalId` (bot id, idInstance, IG id).
 * The same external id connected and live in another account → 409; a disconnected leftover
 * elsewhere is released. Reconnecting the same external id here keeps the row, so threads and
 * history stay attached.
 */
export async function saveChannel(
  env: Env,
  accountId: string,
  platform: MessengerPlatform,
  externalId: string,
  fields: { name: string; credentials: string; webhookSecretHash: string | null; state: Record<string, unknown>; assistantId: string | null },
): Promise<Channel> {
  const db = getDb(env.DB);
  const now = Date.now();
  const holder = await db
    .select()
    .from(schema.channels)
    .where(and(eq(schema.channels.platform, platform), eq(schema.channels.externalId, externalId)))
    .get();
  if (holder && holder.accountId !== accountId) {
    if (isConnected(holder)) throw conflict("Этот канал уже подключён к другому аккаунту", "CHANNEL_IN_USE");
    await db
      .update(schema.channels)
      .set({ externalId: `${holder.externalId}#released-${holder.id}`, updatedAt: now })
      .where(eq(schema.channels.id, holder.id));
  }
  const mine = holder && holder.accountId === accountId ? holder : await getChannel(env, accountId, platform);
  const before = channelSummary(mine);
  if (mine) {
    // The cap counts connected channels: a row that a disconnect left behind takes a place again
    // (a reconnect of a live channel, a new bot token say, does not).
    if (!isConnected(mine)) await assertCanAdd(db, accountId, "channels");
    const [row] = await db
      .update(schema.channels)
      .set({ externalId, ...fields, enabled: true, updatedAt: now })
      .where(and(eq(schema.channels.id, mine.id), eq(schema.channels.accountId, accountId)))
      .returning();
    // One live channel per platform and account: other rows of this platform are leftovers.
    await db
      .update(schema.channels)
      .set({ credentials: null, webhookSecretHash: null, enabled: false, updatedAt: now })
      .where(and(eq(schema.channels.accountId, accountId), eq(schema.channels.platform, platform), ne(schema.channels.id, mine.id)));
    channelsWritten(accountId);
    await channelStateWebhook(env, before, row!);
    return row!;
  }
  // A new connected channel is a cap of the plan: 402 with its numbers beyond it.
  await assertCanAdd(db, accountId, "channels");
  const [row] = await db
    .insert(schema.channels)
    .values({ id: newId(), accountId, platform, externalId, ...fields, enabled: true, createdAt: now, updatedAt: now })
    .returning();
  channelsWritten(accountId);
  await channelStateWebhook(env, before, row!);
  return row!;
}

/** What outgoing webhooks call a channel's state: a change of any of these is a channel.state_changed. */
function channelSummary(ch: Channel | null | undefined) {
  if (!ch) return null;
  const stateInstance = (ch.state as Record<string, unknown> | null)?.stateInstance;
  return { channelId: ch.id, platform: ch.platform, name: ch.name, connected: isConnected(ch), enabled: ch.enabled, ...(typeof stateInstance === "string" ? { stateInstance } : {}) };
}

// Every connect, switch, disconnect and WhatsApp state of every platform passes through saveChannel
// or updateChannel: the one place that sees the state before and after.
async function channelStateWebhook(env: Env, before: ReturnType<typeof channelSummary>, after: Channel) {
  const next = channelSummary(after)!;
  if (before && before.connected === next.connected && before.enabled === next.enabled && before.stateInstance === next.stateInstance) return;
  await emitWebhookEvent(env, after.accountId, "channel.state_changed", next);
}

export async function updateChannel(env: Env, ch: Channel, set: Partial<Pick<Channel, "enabled" | "assistantId" | "state" | "credentials" | "webhookSecretHash" | "name">>): Promise<Channel> {
  const [row] = await getDb(env.DB)
    .update(schema.channels)
    .set({ ...set, updatedAt: Date.now() })
    .where(and(eq(schema.channels.id, ch.id), eq(schema.channels.accountId, ch.accountId)))
    .returning();
  channelsWritten(ch.accountId);
  await channelStateWebhook(env, channelSummary(ch), row!);
  return row!;
}

/** Disconnecting forgets the secrets, keeps the row (and so every thread and message). */
export async function markDisconnected(env: Env, ch: Channel, extra: Record<string, unknown> = {}): Promise<Channel> {
  return updateChannel(env, ch, { credentials: null, webhookSecretHash: null, enabled: false, state: { ...ch.state, ...extra, connected: false, disconnectedAt: Date.now() } });
}

/** Maps an adapter failure during a management call onto an API error. */
export function upstreamError(e: unknown, service: string): never {
  if (e instanceof AppError) throw e;
  if (e instanceof SendError) {
    if (e.kind === "permanent") throw new AppError(400, "UPSTREAM_REJECTED", `${service} отклонил запрос: ${e.message}`);
    throw new AppError(502, "UPSTREAM_UNAVAILABLE", `${service} сейчас недоступен, попробуйте позже`);
  }
  throw new AppError(502, "UPSTREAM_UNAVAILABLE", `${service} сейчас недоступен, попробуйте позже`);
}

export type StoredResult = Extract<IngestResult, { messageId: string }>;
/** An ingest result that stored a new message. */
export function isStored(r: IngestResult | undefined): r is StoredResult {
  return !!r && "messageId" in r;
}
