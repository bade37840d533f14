import type { Env } from "../env";
import { hmacSha256Hex, timingSafeEqualStr } from "./crypto";
import { base64url, fromBase64url } from "./ids";
import { derivedKey } from "./signed-url";

/**
 * A signed OAuth `state` for any provider: `<base64url JSON>.<hex HMAC>` with a key derived from
 * ENCRYPTION_KEY per `purpose` (a Bitrix24 state is never accepted as a Google one). The payload
 * carries the account, the user and an expiry; `extra` holds what the callback needs back.
 */
export interface OauthStatePayload {
  a: string;
  u: string;
  e: number;
  x?: Record<string, string>;
}

export async function signOauthState(env: Pick<Env, "ENCRYPTION_KEY">, purpose: string, p: OauthStatePayload): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(p)));
  return `${body}.${await hmacSha256Hex(await derivedKey(env, `oauth-state:${purpose}`), body)}`;
}

/** The payload when we signed it for this purpose and it has not expired; null otherwise. */
export async function readOauthState(env: Pick<Env, "ENCRYPTION_KEY">, purpose: string, state: string | undefined, now = Date.now()): Promise<OauthStatePayload | null> {
  const m = state && state.length <= 2000 ? /^([A-Za-z0-9_-]+)\.([0-9a-f]{64})$/.exec(state) : null;
  if (!m) return null;
  const expected = await hmacSha256Hex(await derivedKey(env, `oauth-state:${purpose}`), m[1]!);
  if (!timingSafeEqualStr(expected, m[2]!)) return null;
  try {
    const p = JSON.parse(new TextDecoder().decode(fromBase64url(m[1]!))) as OauthStatePayload;
    if (typeof p.a !== "string" || typeof p.u !== "string" || typeof p.e !== "number") return null;
    return p.e > now ? p : null;
  } catch {
    return null;
  }
}
