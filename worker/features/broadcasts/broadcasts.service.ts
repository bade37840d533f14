import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Broadcast, BroadcastAudience } from "../../db/schema/broadcasts";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { AppError, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { compileFilter, type CompiledFilter } from "../audience/compile";
import type { AudienceFilter } from "../audience/filter";
import { quotaLeft } from "../broadcast-quota/quota";
import { countOnChannel } from "./audience-sql";
import { isConnected } from "../channels/channel-status";
import { assertPublishedFlows } from "../flows/flow-refs";
import type { BroadcastCreate, BroadcastUpdate } from "./broadcasts.schemas";
import { type BroadcastCounts, type BroadcastStatsDto, type BroadcastStatus, PACING_DEFAULTS } from "./contract";

const { broadcasts, channels, users, segments } = schema;

export const BROADCAST_NOT_FOUND = "Рассылка не найдена";
const CHANNEL_NOT_FOUND = "Канал не найден";
/** Platforms a broadcast can go through (the web widget has no way to reach a contact first). */
export const BROADCAST_PLATFORMS = ["TELEGRAM", "WHATSAPP", "INSTAGRAM"] as const;

type Row = Broadcast & { authorName: string | null; channelName: string | null; channelPlatform: Channel["platform"] | null };

export function countsOf(b: Broadcast): BroadcastCounts {
  return { total: b.total, queued: b.queued, sent: b.sent, delivered: b.delivered, read: b.read, failed: b.failed, skipped: b.skipped, clicks: b.clicks };
}

export function statsDto(b: Broadcast): BroadcastStatsDto {
  return { broadcastId: b.id, status: b.status, pausedReason: b.pausedReason, counts: countsOf(b), updatedAt: b.updatedAt };
}

/** The API shape of a broadcast (list and card). Times are ms since the epoch. */
export function broadcastDto(r: Row) {
  return {
    broadcastId: r.id,
    name: r.name,
    channelId: r.channelId,
    channel: r.channelId && r.channelPlatform ? { channelId: r.channelId, platform: r.channelPlatform, name: r.channelName ?? "" } : null,
    status: r.status,
    audience: r.audience,
    content: { text: r.message.text, media: r.message.media ?? null, buttons: r.message.buttons ?? [] },
    pacing: r.pacing,
    scheduledAt: r.scheduledAt,
    pausedReason: r.pausedReason,
    counts: countsOf(r),
    quotaReserved: r.quotaReserved,
    author: r.createdBy ? { userId: r.createdBy, name: r.authorName ?? "" } : null,
    startedAt: r.startedAt,
    completedAt: r.completedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type BroadcastDto = ReturnType<typeof broadcastDto>;

function rowQuery(env: Env) {
  return getDb(env.DB)
    .select({ b: broadcasts, authorName: users.name, channelName: channels.name, channelPlatform: channels.platform })
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.createdBy))
    .leftJoin(channels, eq(channels.id, broadcasts.channelId));
}
const flat = (r: { b: Broadcast; authorName: string | null; channelName: string | null; channelPlatform: Channel["platform"] | null }): Row => ({
  ...r.b,
  authorName: r.authorName,
  channelName: r.channelName,
  channelPlatform: r.channelPlatform,
});

export async function listBroadcasts(env: Env, accountId: string, q: { page: number; limit: number; status?: BroadcastStatus }) {
  const where = q.status ? and(eq(broadcasts.accountId, accountId), eq(broadcasts.status, q.status)) : eq(broadcasts.accountId, accountId);
  const [rows, total] = await Promise.all([
    rowQuery(env)
      .where(where)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    getDb(env.DB).$count(broadcasts, where),
  ]);
  return paged(rows.map((r) => broadcastDto(flat(r))), total, q.page, q.limit);
}

/** The broadcast row of the account (404 otherwise: another account's id looks like a missing one). */
export async function broadcastRow(env: Env, accountId: string, broadcastId: string): Promise<Broadcast> {
  const row = await getDb(env.DB)
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId)))
    .get();
  if (!row) throw notFound(BROADCAST_NOT_FOUND, "BROADCAST_NOT_FOUND");
  return row;
}

export async function getBroadcast(env: Env, accountId: string, broadcastId: string): Promise<BroadcastDto> {
  const r = await rowQuery(env)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId)))
    .get();
  if (!r) throw notFound(BROADCAST_NOT_FOUND, "BROADCAST_NOT_FOUND");
  return broadcastDto(flat(r));
}

/** The account's channel a broadcast may go through (a messenger, not the web widget). */
export async function channelOf(env: Env, accountId: string, channelId: string): Promise<Channel> {
  const ch = await getDb(env.DB)
    .select()
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)))
    .get();
  if (!ch) throw new AppError(400, "VALIDATION_ERROR", `Проверьте введённые данные — ${CHANNEL_NOT_FOUND}`, { fields: { channelId: [CHANNEL_NOT_FOUND] } });
  if (!(BROADCAST_PLATFORMS as readonly string[]).includes(ch.platform)) {
    const msg = "Рассылки отправляются через Telegram, WhatsApp или Instagram";
    throw new AppError(400, "VALIDATION_ERROR", `Проверьте введённые данные — ${msg}`, { fields: { channelId: [msg] } });
  }
  return ch;
}

/** Why a channel cannot send now, in Russian; null when it can. */
export function channelProblem(ch: Channel): string | null {
  if (!isConnected(ch)) return "Канал рассылки не подключён: подключите его в разделе «Каналы»";
  if (!ch.enabled) return "Канал рассылки выключен: включите его в разделе «Каналы»";
  if (ch.platform === "WHATSAPP" && (ch.state as Record<string, unknown>).stateInstance === "yellowCard") return YELLOW_CARD_REASON;
  return null;
}

/** Why a WhatsApp broadcast stops on `yellowCard`, and what to do (INTEGRATIONS §5). */
export const YELLOW_CARD_REASON =
  "WhatsApp ограничил номер (статус yellowCard): часть исходящих сообщений не доставляется, рассылка поставлена на паузу. " +
  "Что делать: прекратите рассылки с этого номера, перезагрузите инстанс в разделе «Каналы», пишите только тем, кто писал вам сам, " +
  "и возобновляйте не раньше чем через 10 дней, начиная с небольших объёмов.";

/** The audience as a compiled filter: a segment's filter is read now (a deleted segment is a 400). */
export async function compileAudience(env: Env, accountId: string, audience: BroadcastAudience): Promise<CompiledFilter> {
  if ("segmentId" in audience) {
    const seg = await getDb(env.DB)
      .select({ filter: segments.filter })
      .from(segments)
      .where(and(eq(segments.id, audience.segmentId), eq(segments.accountId, accountId)))
      .get();
    if (!seg) throw new AppError(400, "VALIDATION_ERROR", "Проверьте введённые данные — сегмент не найден", { fields: { "audience.segmentId": ["Сегмент не найден"] } });
    return compileFilter(env, accountId, seg.filter);
  }
  return compileFilter(env, accountId, audience.filter);
}

function checkMedia(accountId: string, content: BroadcastCreate["content"]) {
  if (content.media && !content.media.key.startsWith(`accounts/${accountId}/`)) {
    throw new AppError(400, "VALIDATION_ERROR", "Проверьте введённые данные — файл не найден", { fields: { "content.media.key": ["Файл не найден: загрузите его заново"] } });
  }
}

/** Default pacing of the channel's platform with the given overrides. */
function pacingFor(platform: Channel["platform"], given?: BroadcastCreate["pacing"]) {
  const base = PACING_DEFAULTS[platform as keyof typeof PACING_DEFAULTS] ?? {};
  return { ...base, ...(given ?? {}) };
}

export async function createBroadcast(env: Env, accountId: string, userId: string, input: BroadcastCreate): Promise<BroadcastDto> {
  const ch = input.channelId ? await channelOf(env, accountId, input.channelId) : null;
  await compileAudience(env, accountId, input.audience);
  checkMedia(accountId, input.content);
  await assertPublishedFlows(env, accountId, input.content.buttons);
  const now = Date.now();
  const id = newId();
  await getDb(env.DB)
    .insert(broadcasts)
    .values({
      id,
      accountId,
      name: input.name,
      channelId: ch?.id ?? null,
      status: "draft",
      audience: input.audience,
      message: { text: input.content.text, media: input.content.media ?? null, buttons: input.content.buttons },
      // Without a channel there is no platform to take defaults from: the channel's come when it is chosen.
      pacing: ch ? pacingFor(ch.platform, input.pacing) : (input.pacing ?? {}),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
  return getBroadcast(env, accountId, id);
}

/** Only a draft changes; a started broadcast is paused, resumed or cancelled instead. */
export async function updateBroadcast(env: Env, accountId: string, broadcastId: string, input: BroadcastUpdate): Promise<BroadcastDto> {
  const current = await broadcastRow(env, accountId, broadcastId);
  if (current.status !== "draft") throw conflict("Изменить можно только черновик: рассылка уже запущена", "BROADCAST_NOT_DRAFT");
  const ch = input.channelId ? await channelOf(env, accountId, input.channelId) : null;
  if (input.audience) await compileAudience(env, accountId, input.audience);
  if (input.content) checkMedia(accountId, input.content);
  if (input.content) await assertPublishedFlows(env, accountId, input.content.buttons);
  // New pacing, or a new channel's defaults; otherwise what the draft had.
  const platform = ch?.platform ?? (input.pacing && current.channelId ? (await channelOf(env, accountId, current.channelId)).platform : null);
  const pacing = platform && (input.pacing || ch) ? pacingFor(platform, input.pacing) : current.pacing;
  const res = await getDb(env.DB)
    .update(broadcasts)
    .set({
      name: input.name ?? current.name,
      channelId: ch?.id ?? current.channelId,
      audience: input.audience ?? current.audience,
      message: input.content ? { text: input.content.text, media: input.content.media ?? null, buttons: input.content.buttons } : current.message,
      pacing,
      updatedAt: Date.now(),
    })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId), eq(broadcasts.status, "draft")))
    .returning({ id: broadcasts.id });
  if (!res.length) throw conflict("Изменить можно только черновик: рассылка уже запущена", "BROADCAST_NOT_DRAFT");
  return getBroadcast(env, accountId, broadcastId);
}

/** A draft or a finished broadcast may be deleted; a live one is cancelled first. */
export async function deleteBroadcast(env: Env, accountId: string, broadcastId: string) {
  const current = await broadcastRow(env, accountId, broadcastId);
  if (["scheduled", "sending", "paused"].includes(current.status)) throw conflict("Рассылка идёт: сначала отмените её", "BROADCAST_LIVE");
  await getDb(env.DB)
    .delete(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId), sql`${broadcasts.status} NOT IN ('scheduled', 'sending', 'paused')`));
  return { broadcastId };
}

/**
 * The composer's live count: how many contacts the audience reaches on this very channel now
 * (subscribed, not test, with a thread on the channel), and what is left to send to: the plan's
 * remainder plus the packages' (`quotaRemaining`), and each of them.
 */
export async function previewAudience(env: Env, accountId: string, q: { channelId: string; segmentId?: string; filter?: AudienceFilter }) {
  const ch = await channelOf(env, accountId, q.channelId);
  const compiled = await compileAudience(env, accountId, q.segmentId ? { segmentId: q.segmentId } : { filter: q.filter ?? {} });
  const [count, left] = await Promise.all([countOnChannel(env, compiled, ch), quotaLeft(getDb(env.DB), accountId)]);
  return { channelId: ch.id, platform: ch.platform, count, quotaRemaining: left.remaining, planRemaining: left.plan.remaining, packagesRemaining: left.packagesRemaining };
}

