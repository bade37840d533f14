import { MESSENGER_PLATFORMS } from "../../channels/registry";
import type { MessengerPlatform } from "../../channels/types";
import type { Env } from "../../env";

export interface ChannelAuthRow {
  id: string;
  enabled: number;
  webhook_secret_hash: string | null;
}

/**
 * The webhook's channel (id, on/off, secret hash), cached in the isolate for a few seconds: the
 * hottest path of the app does no D1 read for most calls. Changes made through this isolate
 * invalidate at once (forgetWebhookAuth); elsewhere they apply within WEBHOOK_AUTH_TTL_MS, and the
 * consumer re-checks the channel anyway.
 */
const WEBHOOK_AUTH_TTL_MS = 5_000;
const authCache = new Map<string, { row: ChannelAuthRow | null; at: number }>();

export function forgetWebhookAuth(accountId: string) {
  for (const platform of MESSENGER_PLATFORMS) authCache.delete(`${accountId}|${platform}`);
}

export async function channelFor(env: Env, accountId: string, platform: MessengerPlatform): Promise<ChannelAuthRow | null> {
  if (!accountId || accountId.length > 64) return null;
  const key = `${accountId}|${platform}`;
  const hit = authCache.get(key);
  if (hit && Date.now() - hit.at < WEBHOOK_AUTH_TTL_MS) return hit.row;
  const row = await env.DB.prepare(
    "SELECT id, enabled, webhook_secret_hash FROM channels WHERE account_id = ?1 AND platform = ?2 AND credentials IS NOT NULL ORDER BY created_at LIMIT 1",
  )
    .bind(accountId, platform)
    .first<ChannelAuthRow>();
  if (authCache.size > 10_000) authCache.clear();
  authCache.set(key, { row: row ?? null, at: Date.now() });
  return row ?? null;
}
