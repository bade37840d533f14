// @shared-with-spa: pure code the SPA imports at run time (the id shape tells an account id from a typo); no bindings, no server imports.
/** Opaque ids: time-ordered prefix so ids sort by creation, random suffix so they cannot be guessed. */
export function newId(): string {
  const time = Date.now().toString(36).padStart(9, "0");
  const rand = new Uint8Array(10);
  crypto.getRandomValues(rand);
  let suffix = "";
  for (const b of rand) suffix += (b % 36).toString(36);
  return time + suffix;
}

/**
 * The shape of every id newId() makes (19 lowercase base-36 digits). The SPA uses it to tell an
 * account id in a path from a typo: a segment of another shape is no account, so it is a plain 404
 * and never opens that account's scope or socket.
 */
export const ID_PATTERN = /^[0-9a-z]{19}$/;

export function isIdShape(value: string | null | undefined): value is string {
  return !!value && ID_PATTERN.test(value);
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
