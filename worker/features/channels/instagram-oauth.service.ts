import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { MetaOauthClient, MetaOauthError, metaDialogUrl } from "../../channels/instagram/meta-oauth";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { decryptSecret, encryptSecret, hmacSha256Hex, timingSafeEqualStr } from "../../lib/crypto";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { base64url, fromBase64url, newId, randomToken } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { appUrl } from "../../lib/mail";
import { derivedKey } from "../../lib/signed-url";
import { connectInstagram } from "./instagram.service";

/**
 * Connecting Instagram through Facebook Login: start → Meta's dialog → callback (code → long-lived
 * user token → Pages with their Instagram accounts, kept encrypted server-side) → the person picks
 * one account → connected exactly like the manual form (connectInstagram with the Page's token).
 */

/** How long the person may stay in Meta's dialog. */
export const STATE_TTL_MS = 15 * 60 * 1000;
/** How long the found accounts wait for a pick. */
export const PICK_TTL_MS = 10 * 60 * 1000;
export const CALLBACK_PATH = "/api/oauth/meta/callback";
/** The browser that started the login carries its nonce back (login CSRF: nobody else's login lands in this account). */
export const NONCE_COOKIE = "meta_oauth_nonce";

/** Codes in `?instagram_error=` of the redirect back to the connect page (the page explains each). */
export type OauthErrorCode = "cancelled" | "expired" | "session" | "exchange" | "no_accounts" | "unavailable";

const log = createLogger({ component: "instagram-oauth" });

export function metaOauthAvailable(env: Env): boolean {
  return !!(env.META_APP_ID && env.META_APP_SECRET);
}

function requireAvailable(env: Env): { appId: string; appSecret: string } {
  if (!metaOauthAvailable(env)) throw new AppError(503, "META_OAUTH_UNAVAILABLE", "Вход через Facebook на этой установке платформы недоступен: она не связана с приложением Meta. Подключите аккаунт по id и токену");
  return { appId: env.META_APP_ID!, appSecret: env.META_APP_SECRET! };
}

interface StatePayload {
  /** accountId, userId, nonce, expiry (ms) */
  a: string;
  u: string;
  n: string;
  e: number;
}

/** `purpose` keys the signature (Google Calendar's login signs its state with its own). */
export async function signState(env: Env, p: StatePayload, purpose = "meta-oauth-state"): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(p)));
  return `${body}.${await hmacSha256Hex(await derivedKey(env, purpose), body)}`;
}

/** The state's payload when we signed it; `expired` is told apart so the page can say so. */
export async function readState(env: Env, state: string | undefined, now = Date.now(), purpose = "meta-oauth-state"): Promise<{ ok: true; p: StatePayload } | { ok: false; expired?: StatePayload }> {
  const m = state && state.length <= 1000 ? /^([A-Za-z0-9_-]+)\.([0-9a-f]{64})$/.exec(state) : null;
  if (!m) return { ok: false };
  const expected = await hmacSha256Hex(await derivedKey(env, purpose), m[1]!);
  if (!timingSafeEqualStr(expected, m[2]!)) return { ok: false };
  let p: StatePayload;
  try {
    p = JSON.parse(new TextDecoder().decode(fromBase64url(m[1]!))) as StatePayload;
  } catch {
    return { ok: false };
  }
  if (typeof p.a !== "string" || typeof p.u !== "string" || typeof p.n !== "string" || typeof p.e !== "number") return { ok: false };
  return p.e > now ? { ok: true, p } : { ok: false, expired: p };
}

export function redirectUri(env: Env, requestUrl?: string): string {
  return appUrl(env, CALLBACK_PATH, requestUrl);
}

/** The dialog URL for this member and a nonce the route puts in a cookie. */
export async function startInstagramOauth(env: Env, accountId: string, userId: string, requestUrl?: string): Promise<{ url: string; nonce: string }> {
  const { appId } = requireAvailable(env);
  const nonce = randomToken(18);
  const state = await signState(env, { a: accountId, u: userId, n: nonce, e: Date.now() + STATE_TTL_MS });
  return { url: metaDialogUrl(env.META_OAUTH_BASE || "https://www.facebook.com", { appId, redirectUri: redirectUri(env, requestUrl), state }), nonce };
}

export interface Candidate {
  instagramId: string;
  username: string | null;
  pictureUrl: string | null;
  pageId: string;
  pageName: string | null;
}
interface SealedCandidate extends Candidate {
  pageToken: string;
}

function encryptionKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Подключение мессенджеров на этой установке платформы ещё не настроено: нет ключа для хранения токенов. Обратитесь к администратору платформы");
  return env.ENCRYPTION_KEY;
}

/**
 * `GET /api/oauth/meta/callback`: where the browser goes back to. Answers the path (with query) of the
 * connect page to redirect to, or throws 400 when the state is not ours (nothing is exchanged then).
 */
export async function handleMetaCallback(
  env: Env,
  q: { code?: string; state?: string; error?: string; error_reason?: string },
  cookieNonce: string | undefined,
  requestUrl?: string,
): Promise<string> {
  const st = await readState(env, q.state);
  const back = (accountId: string, param: string) => appUrl(env, `/${encodeURIComponent(accountId)}/connect?${param}`, requestUrl);
  const fail = (accountId: string, code: OauthErrorCode) => back(accountId, `instagram_error=${code}`);
  if (!st.ok) {
    if (st.expired) return fail(st.expired.a, "expired");
    throw badRequest("Недействительный параметр state: начните подключение заново", "OAUTH_STATE_INVALID");
  }
  const { a: accountId, u: userId, n: nonce } = st.p;
  if (!cookieNonce || !timingSafeEqualStr(cookieNonce, nonce)) return fail(accountId, "session");
  if (q.error) return fail(accountId, q.error === "access_denied" || q.error_reason === "user_denied" ? "cancelled" : "exchange");
  if (!q.code) return fail(accountId, "exchange");
  if (!metaOauthAvailable(env)) return fail(accountId, "unavailable");
  const { appId, appSecret } = requireAvailable(env);

  const db = getDb(env.DB);
  // The same state once more (a reload of the callback): its login already produced its result.
  const seen = await db.select({ id: schema.metaOauthPicks.id }).from(schema.metaOauthPicks).where(eq(schema.metaOauthPicks.nonce, nonce)).get();
  if (seen) return fail(accountId, "expired");

  const client = new MetaOauthClient(env.META_GRAPH_BASE, appId, appSecret);
  let pages;
  try {
    const short = await client.exchangeCode(q.code, redirectUri(env, requestUrl));
    pages = await client.pages(await client.longLived(short));
  } catch (error) {
    if (!(error instanceof MetaOauthError)) throw error;
    log.warn("meta login exchange failed", { error, accountId });
    return fail(accountId, "exchange");
  }
  const candidates: SealedCandidate[] = pages
    .filter((p) => p.instagram_business_account?.id && p.access_token)
    .map((p) => ({
      instagramId: p.instagram_business_account!.id,
      username: p.instagram_business_account!.username ?? null,
      pictureUrl: p.instagram_business_account!.profile_picture_url ?? null,
      pageId: p.id,
      pageName: p.name ?? null,
      pageToken: p.access_token!,
    }));
  if (!candidates.length) return fail(accountId, "no_accounts");

  const now = Date.now();
  await db.delete(schema.metaOauthPicks).where(lt(schema.metaOauthPicks.expiresAt, now - PICK_TTL_MS));
  const id = newId() + randomToken(9);
  const inserted = await db
    .insert(schema.metaOauthPicks)
    .values({ id, accountId, userId, nonce, candidates: await encryptSecret(JSON.stringify(candidates), encryptionKey(env)), createdAt: now, expiresAt: now + PICK_TTL_MS })
    .onConflictDoNothing({ target: schema.metaOauthPicks.nonce })
    .returning({ id: schema.metaOauthPicks.id });
  // Two callbacks of one state racing: the first one's result stands.
  if (!inserted.length) return fail(accountId, "expired");
  return back(accountId, `instagram=${encodeURIComponent(id)}`);
}

/** This member's pick in this account; 404 for anyone else's, 410 once used or expired. */
async function loadPick(env: Env, accountId: string, userId: string, pickId: string) {
  const row = await getDb(env.DB)
    .select()
    .from(schema.metaOauthPicks)
    .where(and(eq(schema.metaOauthPicks.id, pickId), eq(schema.metaOauthPicks.accountId, accountId), eq(schema.metaOauthPicks.userId, userId)))
    .get();
  if (!row) throw notFound("Результат входа через Facebook не найден", "OAUTH_PICK_NOT_FOUND");
  if (row.usedAt || row.expiresAt <= Date.now()) throw new AppError(410, "OAUTH_PICK_EXPIRED", "Результат входа через Facebook устарел: войдите через Facebook ещё раз");
  return row;
}

async function openCandidates(env: Env, sealed: string): Promise<SealedCandidate[]> {
  return JSON.parse(await decryptSecret(sealed, encryptionKey(env))) as SealedCandidate[];
}

/** The Instagram accounts a login found, without any token. */
export async function getOauthCandidates(env: Env, accountId: string, userId: string, pickId: string) {
  const row = await loadPick(env, accountId, userId, pickId);
  const accounts: Candidate[] = (await openCandidates(env, row.candidates)).map(({ pageToken: _secret, ...c }) => c);
  return { pickId: row.id, expiresAt: row.expiresAt, accounts };
}

/** Connects the picked account with its Page's token, like the manual PUT; the pick is used up on success. */
export async function connectFromOauth(env: Env, accountId: string, userId: string, input: { pickId: string; instagramId: string; assistantId?: string | null; commentsAutoReply?: boolean }) {
  const row = await loadPick(env, accountId, userId, input.pickId);
  const picked = (await openCandidates(env, row.candidates)).find((c) => c.instagramId === input.instagramId);
  if (!picked) throw badRequest("Этот аккаунт Instagram не найден среди найденных", "VALIDATION_ERROR", { fields: { instagramId: ["Выберите аккаунт из списка"] } });
  const db = getDb(env.DB);
  const claimed = await db
    .update(schema.metaOauthPicks)
    .set({ usedAt: Date.now() })
    .where(and(eq(schema.metaOauthPicks.id, row.id), eq(schema.metaOauthPicks.accountId, accountId), isNull(schema.metaOauthPicks.usedAt), gt(schema.metaOauthPicks.expiresAt, Date.now())))
    .returning({ id: schema.metaOauthPicks.id });
  if (!claimed.length) throw new AppError(410, "OAUTH_PICK_EXPIRED", "Результат входа через Facebook устарел: войдите через Facebook ещё раз");
  try {
    return await connectInstagram(env, accountId, { instagramAccountId: picked.instagramId, accessToken: picked.pageToken, assistantId: input.assistantId, commentsAutoReply: input.commentsAutoReply });
  } catch (e) {
    // Not connected after all (Meta refused, a network error): the person may try the same pick again.
    await db.update(schema.metaOauthPicks).set({ usedAt: null }).where(and(eq(schema.metaOauthPicks.id, row.id), eq(schema.metaOauthPicks.accountId, accountId)));
    throw e;
  }
}
