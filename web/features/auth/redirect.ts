// Kept apart from ./schemas (zod), which the auth pages load only at their first validation.

/** Accepts only same-origin paths as a post-login destination (no open redirect). */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value.startsWith("/login") || value.startsWith("/register")) return fallback;
  return value;
}
