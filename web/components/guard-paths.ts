// Apart from ./guards so that ./session-gate (which guards loads lazily) can use them without an import circle.

/** A same-origin path from `redirect_url`, or null (no open redirects). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export function loginPath(location: { pathname: string; search: string; hash: string }): string {
  return `/login?redirect_url=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}
