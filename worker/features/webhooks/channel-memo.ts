/**
 * The inbound consumer's channel look-up (the rows of every channel a batch names), remembered in
 * the isolate for `CHANNEL_CACHE_MS` (default 2 000 ms; "0" turns it off). Under a steady stream of
 * webhooks every batch named the same few channels and read them again: one D1 round trip per batch
 * (issue 23). A batch whose channels are all remembered and fresh skips that read.
 *
 * Every write to channels in this isolate calls `channelsWritten()` right after it commits, so this
 * isolate never parses a webhook with a channel it changed. A change made by another isolate (in
 * production, another Worker instance) applies to this one's batches within the TTL, as the session
 * memo's does (middleware/auth-cache.ts). Rows are kept as D1 returned them: each batch maps its own
 * copies, so nothing a batch does to its channel objects reaches the next one.
 */
import { ttlMs } from "../../lib/ttl";
import { forgetWebhookAuth } from "./auth-cache";

type Row = Record<string, unknown>;

interface Entry {
  row: Row;
  until: number;
}

const memo = new Map<string, Entry>();
/** Bumped by every forgetChannels: a read that began before a write must not be remembered after it. */
let generation = 0;
const MAX_KEYS = 4_000;
const DEFAULT_TTL_MS = 2_000;

export function channelMemoTtl(raw: string | undefined): number {
  return ttlMs(raw, DEFAULT_TTL_MS);
}

export function channelMemoGeneration(): number {
  return generation;
}

/** The key of a channel by id (channel-scoped webhooks). */
export const channelIdKey = (id: string) => `id|${id}`;
/** The key of a channel by platform and external id (app-scoped webhooks' parts). */
export const channelExternalKey = (platform: string, externalId: string) => `ext|${platform}|${externalId}`;

/** The rows for `keys` (each channel once) when every key is remembered and fresh; otherwise null. */
export function recallChannels(keys: Iterable<string>, now: number): Row[] | null {
  const rows = new Map<unknown, Row>();
  for (const key of keys) {
    const hit = memo.get(key);
    if (!hit || hit.until <= now) return null;
    rows.set(hit.row.id, hit.row);
  }
  return [...rows.values()];
}

/** Remembers rows read at `readAtGeneration` under their id and their platform's external id. */
export function rememberChannels(rows: Row[], until: number, readAtGeneration: number): void {
  if (readAtGeneration !== generation) return;
  if (memo.size + 2 * rows.length > MAX_KEYS) memo.clear();
  for (const row of rows) {
    const entry = { row, until };
    memo.set(channelIdKey(String(row.id)), entry);
    memo.set(channelExternalKey(String(row.platform), String(row.external_id)), entry);
  }
}

/**
 * The one call after a write to an account's channels (or to what they point at): this isolate's
 * caches of channels, the webhook route's (auth-cache.ts) and the consumer's, forget them.
 */
export function channelsWritten(accountId: string): void {
  forgetWebhookAuth(accountId);
  forgetChannels();
}

/** Drops every remembered channel of this isolate (channelsWritten; tests that write channels through SQL). */
export function forgetChannels(): void {
  generation++;
  memo.clear();
}
