/** Opaque ids: time-ordered prefix so ids sort by creation, random suffix so they cannot be guessed. */
export function newId(): string {
  const time = Date.now().toString(36).padStart(9, "0");
  const rand = new Uint8Array(10);
  crypto.getRandomValues(rand);
  let suffix = "";
  for (const b of rand) suffix += (b % 36).toString(36);
  return time + suffix;
}

export function randomToken(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return base64url(buf);
}

export function base64url(buf: Uint8Array): string {
  let s = "";
  for (const b of buf) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}
