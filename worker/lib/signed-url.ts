import type { Env } from "../env";
import { hmacSha256Hex, timingSafeEqualStr } from "./crypto";
import { AppError } from "./errors";
import { appUrl } from "./mail";

/** How long a signed media link stays valid: long enough for Meta to fetch the file once. */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;
export const PUBLIC_MEDIA_PREFIX = "/api/media-public/";

const derived = new Map<string, Promise<string>>();

/**
 * A key of its own per purpose, derived from ENCRYPTION_KEY: a signature made for one purpose
 * (a media link, an OAuth state) can never be replayed as another.
 */
export function derivedKey(env: Pick<Env, "ENCRYPTION_KEY">, purpose: string): Promise<string> {
  const secret = env.ENCRYPTION_KEY;
  if (!secret) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Отправка файлов на этой установке платформы ещё не настроена: нет ключа для подписи ссылок. Обратитесь к администратору платформы");
  const id = `${purpose}\u0000${secret}`;
  let k = derived.get(id);
  if (!k) {
    k = hmacSha256Hex(secret, `assistly-key:${purpose}`);
    derived.set(id, k);
  }
  return k;
}

const mediaInput = (accountId: string, key: string, exp: number) => `${accountId}/${key}:${exp}`;

/**
 * `/api/media-public/<accountId>/<key…>?exp=<unix s>&sig=<hex>` for a file of the account in R2,
 * readable without a session until `exp`. `key` is the path inside `accounts/<accountId>/`.
 */
export async function signedMediaPath(env: Pick<Env, "ENCRYPTION_KEY">, accountId: string, key: string, ttlSeconds = MEDIA_URL_TTL_SECONDS, now = Date.now()): Promise<string> {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const sig = await hmacSha256Hex(await derivedKey(env, "media-url"), mediaInput(accountId, key, exp));
  const path = key.split("/").map(encodeURIComponent).join("/");
  return `${PUBLIC_MEDIA_PREFIX}${encodeURIComponent(accountId)}/${path}?exp=${exp}&sig=${sig}`;
}

/** The absolute signed URL (PUBLIC_URL + path) of an R2 object key `accounts/<accountId>/…`. */
export async function publicMediaUrl(env: Env, accountId: string, r2Key: string, ttlSeconds = MEDIA_URL_TTL_SECONDS): Promise<string> {
  const prefix = `accounts/${accountId}/`;
  if (!r2Key.startsWith(prefix)) throw new Error("the object does not belong to the account");
  return appUrl(env, await signedMediaPath(env, accountId, r2Key.slice(prefix.length), ttlSeconds));
}

/** True when `sig` was made by us for exactly this account, key and expiry, and `exp` has not passed. */
export async function verifyMediaSignature(
  env: Pick<Env, "ENCRYPTION_KEY">,
  accountId: string,
  key: string,
  exp: string | null | undefined,
  sig: string | null | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/i.test(sig)) return false;
  if (Number(exp) * 1000 <= now) return false;
  const expected = await hmacSha256Hex(await derivedKey(env, "media-url"), mediaInput(accountId, key, Number(exp)));
  return timingSafeEqualStr(expected, sig.toLowerCase());
}
