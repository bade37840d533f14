import type { Env } from "../../env";
import { hmacSha256Hex, timingSafeEqualStr } from "../../lib/crypto";
import { appUrl } from "../../lib/mail";
import { derivedKey } from "../../lib/signed-url";

/**
 * Tracked links of broadcast buttons: `/api/b/<broadcastId>.<contactId>.<button>.<sig>` records the
 * contact's click and redirects to the button's url. The token is signed (HMAC with a key of its
 * own purpose), so nobody can count clicks for others or redirect anywhere else; no session needed.
 */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

async function sig(env: Pick<Env, "ENCRYPTION_KEY">, broadcastId: string, contactId: string, button: number) {
  return (await hmacSha256Hex(await derivedKey(env, "broadcast-click"), `${broadcastId}:${contactId}:${button}`)).slice(0, 32);
}

export async function clickUrl(env: Env, broadcastId: string, contactId: string, button: number): Promise<string> {
  return appUrl(env, `/api/b/${broadcastId}.${contactId}.${button}.${await sig(env, broadcastId, contactId, button)}`);
}

export async function readClickToken(env: Pick<Env, "ENCRYPTION_KEY">, token: string): Promise<{ broadcastId: string; contactId: string; button: number } | null> {
  const [broadcastId, contactId, b, s] = token.split(".");
  if (!broadcastId || !contactId || !b || !s || !ID.test(broadcastId) || !ID.test(contactId) || !/^\d{1,2}$/.test(b) || !/^[0-9a-f]{32}$/.test(s)) return null;
  const button = Number(b);
  return timingSafeEqualStr(await sig(env, broadcastId, contactId, button), s) ? { broadcastId, contactId, button } : null;
}

/**
 * Records a contact's click on a broadcast (the first one counts; later ones change nothing) and
 * answers the button's url, or null when the broadcast or the button is gone.
 */
export async function recordClick(env: Env, broadcastId: string, contactId: string, button: number | null): Promise<{ url: string | null; accountId: string } | null> {
  const now = Date.now();
  const [bc, upd] = await env.DB.batch<{ account_id: string; message: string; n?: number }>([
    env.DB.prepare("SELECT account_id, message FROM broadcasts WHERE id = ?").bind(broadcastId),
    env.DB.prepare("UPDATE broadcast_recipients SET clicked_at = ?3, updated_at = ?3 WHERE broadcast_id = ?1 AND contact_id = ?2 AND clicked_at IS NULL RETURNING 1 AS n").bind(broadcastId, contactId, now),
  ]);
  const row = bc!.results[0];
  if (!row) return null;
  if (upd!.results.length) await env.DB.prepare("UPDATE broadcasts SET clicks = clicks + 1, updated_at = ?2 WHERE id = ?1").bind(broadcastId, now).run();
  const message = JSON.parse(row.message) as { buttons?: { label: string; url?: string }[] };
  const url = button === null ? null : (message.buttons?.[button]?.url ?? null);
  return { url, accountId: row.account_id };
}
