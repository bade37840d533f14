/**
 * Standard Webhooks 1.0 signing: `v1,<base64 HMAC-SHA256(key, "{id}.{timestamp}.{body}")>`, the key
 * being the base64-decoded part of `whsec_<base64>`. One signature per live secret, space-separated
 * (two during a rotation's overlap).
 */
const enc = new TextEncoder();

function b64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function unb64(s: string): Uint8Array<ArrayBuffer> {
  const raw = atob(s);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** A new endpoint secret: 32 random bytes (the standard asks for 24–64). */
export function newWebhookSecret(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return `whsec_${b64(bytes)}`;
}

// Importing a key costs more than the HMAC itself; an isolate keeps one per secret.
const keys = new Map<string, Promise<CryptoKey>>();
function keyOf(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", unb64(secret.replace(/^whsec_/, "")), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, k);
    if (keys.size > 1_000) keys.delete(keys.keys().next().value!);
  }
  return k;
}

export async function signature(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyOf(secret), enc.encode(`${id}.${timestamp}.${body}`));
  return `v1,${b64(new Uint8Array(mac))}`;
}

export async function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): Promise<string> {
  return (await Promise.all(secrets.map((s) => signature(s, id, timestamp, body)))).join(" ");
}
