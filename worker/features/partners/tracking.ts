import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { clientIp } from "../../lib/rate-limit";
import { partnerConfig } from "./partners.config";

const log = createLogger({ component: "partners" });
export const VISITOR_COOKIE = "asl_pv";
const VISITOR_RE = /^[A-Za-z0-9_-]{8,64}$/;

function cookieValue(headers: Headers, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return rest.join("=");
  }
  return null;
}

async function hashHex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The visitor: our first-party cookie, else a hash of the address and the browser (so cookie-less clients still count once a day). */
export async function visitorOf(headers: Headers): Promise<{ id: string; fromCookie: boolean }> {
  const c = cookieValue(headers, VISITOR_COOKIE);
  if (c && VISITOR_RE.test(c)) return { id: c, fromCookie: true };
  return { id: `h${(await hashHex(`${clientIp(headers)}|${headers.get("user-agent") ?? ""}`)).slice(0, 31)}`, fromCookie: false };
}

export function visitorCookie(id: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${id}; Path=/api; Max-Age=${400 * 86400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * A visit through a partner link (SPEC §7.7): one row per code, visitor and UTC day (a unique index;
 * repeats insert nothing). The code is resolved to an active code of an active partner, or kept
 * with no code id (unknown or deactivated codes are recorded, never credited).
 */
export async function trackClick(env: Env, code: string, headers: Headers, now = Date.now()): Promise<{ counted: boolean; visitor: string }> {
  const visitor = await visitorOf(headers);
  const res = await env.DB.prepare(
    `INSERT INTO partner_clicks (id, code, ip, user_agent, visitor, day, code_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, (SELECT c.id FROM partner_codes c JOIN partners p ON p.id = c.partner_id WHERE c.code_key = ? AND c.active = 1 AND p.status = 'active'), ?)
     ON CONFLICT (code, visitor, day) DO NOTHING`,
  )
    .bind(newId(), code, clientIp(headers), headers.get("user-agent")?.slice(0, 300) ?? null, visitor.id, new Date(now).toISOString().slice(0, 10), code.toLowerCase(), now)
    .run();
  return { counted: (res.meta.changes ?? 0) > 0, visitor: visitor.id };
}

interface Touch {
  partnerId: string;
  partnerUserId: string;
  codeId: string;
  touchedAt: number;
}

/** The visitor's first click within the window on a code that is active now (first touch). */
async function firstTouch(env: Env, visitor: string, since: number): Promise<Touch | null> {
  return env.DB.prepare(
    `SELECT c.partner_id AS partnerId, p.user_id AS partnerUserId, c.id AS codeId, k.created_at AS touchedAt
     FROM partner_clicks k JOIN partner_codes c ON c.id = k.code_id JOIN partners p ON p.id = c.partner_id
     WHERE k.visitor = ? AND k.created_at >= ? AND c.active = 1 AND p.status = 'active'
     ORDER BY k.created_at, k.id LIMIT 1`,
  )
    .bind(visitor, since)
    .first<Touch>();
}

/** A code sent with the registration (the browser's `partnerCode`) when no click of this visitor is known. */
async function codeTouch(env: Env, code: string, now: number): Promise<Touch | null> {
  return env.DB.prepare(
    `SELECT c.partner_id AS partnerId, p.user_id AS partnerUserId, c.id AS codeId, ? AS touchedAt
     FROM partner_codes c JOIN partners p ON p.id = c.partner_id WHERE c.code_key = ? AND c.active = 1 AND p.status = 'active'`,
  )
    .bind(now, code.toLowerCase())
    .first<Touch>();
}

/** The part of an e-mail that names its owner: lower case, without a +tag. */
export function emailIdentity(email: string): string {
  const [local = "", domain = ""] = email.toLowerCase().split("@");
  return `${local.split("+")[0]}@${domain}`;
}

/** Whether the new user is the partner under another name: the partner's own e-mail or the application's contact e-mail (tags ignored). */
async function isSelfReferral(env: Env, touch: Touch, user: { id: string; email: string }): Promise<boolean> {
  if (touch.partnerUserId === user.id) return true;
  const rows = await env.DB.prepare(
    `SELECT u.email AS email FROM users u WHERE u.id = ?1 UNION ALL SELECT a.email FROM partner_applications a WHERE a.user_id = ?1`,
  )
    .bind(touch.partnerUserId)
    .all<{ email: string }>();
  const mine = emailIdentity(user.email);
  return rows.results.some((r) => emailIdentity(r.email) === mine);
}

export type AttributionOutcome = "attributed" | "none" | "self_referral" | "exists";

/**
 * Attributes a newly registered user to a partner: the visitor's first touch within the window
 * (PARTNER_ATTRIBUTION_DAYS), else the code the browser sent; unknown or deactivated codes are
 * ignored, and a self-referral is refused. The user's accounts follow (accounts.created_by).
 */
export async function attributeRegistration(env: Env, user: { id: string; email: string }, sentCode: string | undefined, headers: Headers, now = Date.now()): Promise<AttributionOutcome> {
  try {
    const { windowMs } = partnerConfig(env);
    const visitor = await visitorOf(headers);
    const touch = (await firstTouch(env, visitor.id, now - windowMs)) ?? (sentCode ? await codeTouch(env, sentCode, now) : null);
    if (!touch) return "none";
    if (await isSelfReferral(env, touch, user)) {
      log.info("self-referral refused", { userId: user.id, partnerId: touch.partnerId });
      return "self_referral";
    }
    const res = await env.DB.prepare(
      `INSERT INTO partner_attributions (user_id, partner_id, code_id, touched_at, source, created_at, updated_at) VALUES (?, ?, ?, ?, 'link', ?, ?) ON CONFLICT (user_id) DO NOTHING`,
    )
      .bind(user.id, touch.partnerId, touch.codeId, touch.touchedAt, now, now)
      .run();
    return (res.meta.changes ?? 0) > 0 ? "attributed" : "exists";
  } catch (error) {
    // Attribution never fails a registration.
    log.error("attribution failed", { error, userId: user.id });
    return "none";
  }
}
