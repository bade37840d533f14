import { ttlMs } from "../lib/ttl";
import type { AuthContext } from "./request-context";

/**
 * A short-lived, isolate-local memo of resolved sessions (session, user and the role in the
 * account the path names), so a burst of requests from one operator costs one session query
 * instead of one each. Entries live `AUTH_CACHE_MS` (default 5 000 ms; "0" turns the memo off) and
 * never past the session's own expiry.
 *
 * Every write to sessions, users or members in this isolate calls `forgetAuth()` right after it
 * commits, so this isolate never serves a logged-out session or an old role. Another isolate (in
 * production, another Worker instance) may serve its memo for at most the TTL after such a change.
 */
interface Entry {
  auth: AuthContext;
  until: number;
}

const memo = new Map<string, Entry>();
/** Bumped by every forgetAuth: a read that began before a write must not be remembered after it. */
let generation = 0;

export function authGeneration(): number {
  return generation;
}
const MAX_ENTRIES = 5_000;
const DEFAULT_TTL_MS = 5_000;

export function authCacheTtl(raw: string | undefined): number {
  return ttlMs(raw, DEFAULT_TTL_MS);
}

export function recallAuth(key: string, now: number): AuthContext | null {
  const hit = memo.get(key);
  if (!hit) return null;
  if (hit.until <= now) {
    memo.delete(key);
    return null;
  }
  return copyOf(hit.auth);
}

export function rememberAuth(key: string, auth: AuthContext, until: number, readAtGeneration: number): void {
  if (readAtGeneration !== generation) return;
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, { auth: copyOf(auth), until });
}

/**
 * One lookup per key at a time: requests that find no memo while the same key's query is already
 * on its way wait for that query instead of sending their own (when the memo lapses under load,
 * every request in flight would otherwise miss it at once). Only lookups begun in the current
 * generation are joined, so a request after a logout never shares a lookup from before it.
 */
const pending = new Map<string, { generation: number; result: Promise<AuthContext | null> }>();

export function sharedLookup(key: string, lookup: () => Promise<AuthContext | null>): Promise<AuthContext | null> {
  const hit = pending.get(key);
  if (hit && hit.generation === generation) return hit.result.then((auth) => (auth ? copyOf(auth) : null));
  const result = lookup();
  const entry = { generation, result };
  pending.set(key, entry);
  const done = () => {
    if (pending.get(key) === entry) pending.delete(key);
  };
  result.then(done, done);
  return result;
}

/** Copies in and out: a handler may adjust its request's user without touching the memo. */
function copyOf(auth: AuthContext): AuthContext {
  return { ...auth, user: { ...auth.user }, ...(auth.membership ? { membership: { ...auth.membership } } : {}) };
}

/** Drops every memo of this isolate: call after a write to sessions, users or members. */
export function forgetAuth(): void {
  generation++;
  memo.clear();
}
