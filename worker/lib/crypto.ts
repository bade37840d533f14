import { base64url, fromBase64url } from "./ids";

const enc = new TextEncoder();
export const PBKDF2_ITERATIONS = 100_000; // the Workers runtime maximum

/** `pbkdf2_sha256$<iterations>$<salt>$<hash>`, salt and hash base64url. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = new Uint8Array(16);
  crypto.getRandomValues(salt);
  const hash = await pbkdf2(password, salt, iterations);
  return `pbkdf2_sha256$${iterations}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iter, saltS, hashS] = stored.split("$");
  if (scheme !== "pbkdf2_sha256" || !iter || !saltS || !hashS) return false;
  const expected = fromBase64url(hashS);
  const actual = await pbkdf2(password, fromBase64url(saltS), Number(iter));
  return timingSafeEqual(actual, expected);
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export function timingSafeEqualStr(a: string, b: string): boolean {
  return timingSafeEqual(enc.encode(a), enc.encode(b));
}

export async function sha256Hex(input: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const data = typeof input === "string" ? enc.encode(input) : input;
  const digest = await crypto.subtle.digest("SHA-256", data);
  return toHex(new Uint8Array(digest));
}

// Imported HMAC keys by secret, kept by the isolate (webhook signatures use the same app secret on every call).
const hmacKeys = new Map<string, CryptoKey>();

async function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    if (hmacKeys.size >= 100) hmacKeys.clear();
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function hmacSha256Hex(secret: string, data: Uint8Array<ArrayBuffer> | string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), typeof data === "string" ? enc.encode(data) : data);
  return toHex(new Uint8Array(sig));
}

/**
 * Whether `hex` (64 hex digits) is the HMAC-SHA256 of `data` under `secret`. WebCrypto's verify
 * compares in constant time, with no digest turned into a string on the way (webhooks' hot path).
 */
export async function hmacSha256HexVerify(secret: string, data: Uint8Array<ArrayBuffer>, hex: string): Promise<boolean> {
  const given = fromHex(hex);
  if (!given || given.length !== 32) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), given, data);
}

/** Bytes of an even-length hex string; null when it is not one. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (hex.length % 2) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = hexValue(hex.charCodeAt(2 * i));
    const lo = hexValue(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) return null;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

export function toHex(buf: Uint8Array): string {
  let s = "";
  for (const b of buf) s += b.toString(16).padStart(2, "0");
  return s;
}

/** AES-GCM with a key derived from the ENCRYPTION_KEY secret; output `v1.<iv>.<ciphertext>` base64url. */
export async function encryptSecret(plain: string, secret: string): Promise<string> {
  const key = await aesKey(secret);
  const iv = new Uint8Array(12);
  crypto.getRandomValues(iv);
  const ct = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, enc.encode(plain));
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(ct))}`;
}

export async function decryptSecret(sealed: string, secret: string): Promise<string> {
  const [v, ivS, ctS] = sealed.split(".");
  if (v !== "v1" || !ivS || !ctS) throw new Error("unknown secret format");
  const key = await aesKey(secret);
  const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64url(ivS) }, key, fromBase64url(ctS));
  return new TextDecoder().decode(pt);
}

const keyCache = new Map<string, Promise<CryptoKey>>();
function aesKey(secret: string): Promise<CryptoKey> {
  let k = keyCache.get(secret);
  if (!k) {
    k = crypto.subtle
      .digest("SHA-256", enc.encode(secret))
      .then((raw) => crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
    keyCache.set(secret, k);
  }
  return k;
}

/** Shows the last characters of a secret only, for the API and the UI. */
export function maskSecret(value: string, visible = 4): string {
  if (value.length <= visible) return "•".repeat(value.length);
  return "•".repeat(Math.min(8, value.length - visible)) + value.slice(-visible);
}
