import { InstagramClient } from "../../channels/instagram/instagram";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { maskSecret } from "../../lib/crypto";
import { badRequest, notFound } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import { getChannel, isConnected, isDemoChannel, markDisconnected, openCredentials, resolveAssistant, saveChannel, sealCredentials, updateChannel, upstreamError } from "./channels.service";
import { SendError } from "../../channels/types";
import type { InstagramCreds } from "../../channels/instagram/adapter";
import { getSettings, updateSettings } from "../accounts/accounts.service";

export type { InstagramCreds };

export function instagramClient(env: Env, creds: InstagramCreds) {
  return new InstagramClient(env.META_GRAPH_BASE, creds.accessToken);
}

export function instagramState(env: Env, ch: Channel | null) {
  const demo = isDemoChannel(env, "instagram");
  if (!ch || !isConnected(ch)) return { connected: false, enabled: false, assistantId: ch?.assistantId ?? null, instagramAccountId: null, username: null, tokenHint: null, commentsAutoReply: false, subscribedFields: [] as string[], demo };
  const s = ch.state as Record<string, unknown>;
  return {
    demo,
    connected: true,
    enabled: ch.enabled,
    assistantId: ch.assistantId,
    instagramAccountId: ch.externalId,
    username: (s.username as string) ?? null,
    tokenHint: (s.tokenHint as string) ?? null,
    commentsAutoReply: s.commentsAutoReply === true,
    subscribedFields: (s.subscribedFields as string[]) ?? [],
  };
}

/** PUT: checks the professional account with its token, subscribes the app to messages and comments. */
export async function connectInstagram(env: Env, accountId: string, input: { instagramAccountId: string; accessToken: string; assistantId?: string | null; commentsAutoReply?: boolean }) {
  const existing = await getChannel(env, accountId, "INSTAGRAM");
  const assistantId = await resolveAssistant(env, accountId, input.assistantId, existing?.assistantId);
  const client = new InstagramClient(env.META_GRAPH_BASE, input.accessToken);
  let acc;
  try {
    acc = await client.account(input.instagramAccountId);
    await client.subscribe(input.instagramAccountId);
  } catch (e) {
    if (e instanceof SendError && e.kind === "permanent")
      throw badRequest("Meta не принял токен или id аккаунта", "VALIDATION_ERROR", { fields: { accessToken: ["Meta не принял этот токен для указанного аккаунта Instagram"] } });
    upstreamError(e, "Meta");
  }
  const ch = await saveChannel(env, accountId, "INSTAGRAM", input.instagramAccountId, {
    name: acc.username ? `@${acc.username}` : `Instagram ${input.instagramAccountId}`,
    credentials: await sealCredentials(env, { accessToken: input.accessToken } satisfies InstagramCreds),
    webhookSecretHash: null,
    assistantId,
    state: {
      connected: true,
      username: acc.username ?? null,
      tokenHint: maskSecret(input.accessToken),
      commentsAutoReply: input.commentsAutoReply ?? (await getSettings(env, accountId)).comments.autoReply,
      subscribedFields: ["messages", "comments"],
    },
  });
  if (input.commentsAutoReply !== undefined) await updateSettings(env, accountId, { comments: { autoReply: input.commentsAutoReply } });
  return instagramState(env, ch);
}

export async function requireInstagram(env: Env, accountId: string) {
  const ch = await getChannel(env, accountId, "INSTAGRAM");
  if (!isConnected(ch)) throw notFound("Instagram не подключён", "CHANNEL_NOT_CONNECTED");
  return ch;
}

export async function updateInstagramSettings(env: Env, accountId: string, input: { assistantId?: string | null; commentsAutoReply?: boolean }) {
  const ch = await requireInstagram(env, accountId);
  const assistantId = input.assistantId === undefined ? ch.assistantId : await resolveAssistant(env, accountId, input.assistantId, ch.assistantId);
  const state = { ...ch.state, ...(input.commentsAutoReply === undefined ? {} : { commentsAutoReply: input.commentsAutoReply }) };
  const updated = await updateChannel(env, ch, { assistantId, state });
  // One setting, two copies: the account's (Account settings) and the channel's (read by the consumer).
  if (input.commentsAutoReply !== undefined) await updateSettings(env, accountId, { comments: { autoReply: input.commentsAutoReply } });
  return instagramState(env, updated);
}

export async function toggleInstagram(env: Env, accountId: string, enabled?: boolean) {
  const ch = await requireInstagram(env, accountId);
  return instagramState(env, await updateChannel(env, ch, { enabled: enabled ?? !ch.enabled }));
}

export async function disconnectInstagram(env: Env, accountId: string) {
  const ch = await requireInstagram(env, accountId);
  try {
    await instagramClient(env, await openCredentials<InstagramCreds>(env, ch)).unsubscribe(ch.externalId);
  } catch (error) {
    createLogger({ accountId }).warn("instagram: unsubscribe failed on disconnect", { error });
  }
  await markDisconnected(env, ch);
  return { connected: false };
}
