import { api } from "./api";

/** Partner click tracking (SPEC §7.7): a new `?partner=` code is reported once and remembered. */
export const PARTNER_CODE_KEY = "partnerCode";
const PARTNER_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function trackPartner(search: string | URLSearchParams): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const code = params.get("partner")?.trim();
  if (!code || !PARTNER_CODE_RE.test(code)) return false;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(PARTNER_CODE_KEY);
  } catch {
    /* storage unavailable: still report */
  }
  if (stored === code) return false;
  try {
    // Stored before the call so two quick navigations cannot report the same code twice.
    localStorage.setItem(PARTNER_CODE_KEY, code);
  } catch {
    /* ignore */
  }
  api.get("/partners/codes/track-click", { query: { partner: code }, silent: true, background: true }).catch(() => undefined);
  return true;
}

/** The kept code, sent with the registration (the server credits the first touch, or this code). */
export function storedPartnerCode(): string | undefined {
  try {
    const code = localStorage.getItem(PARTNER_CODE_KEY);
    return code && PARTNER_CODE_RE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where `/` sends a signed-out visitor: a partner's link (`/?partner=CODE`) brings someone new, so
 * registration (the code rides along, kept by trackPartner); anyone else signs in.
 */
export function signedOutHome(search: string | URLSearchParams): "/register" | "/login" {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const code = params.get("partner")?.trim();
  return code && PARTNER_CODE_RE.test(code) ? "/register" : "/login";
}
