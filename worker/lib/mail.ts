import type { Env } from "../env";
import { getDb, schema } from "../db/client";
import { newId } from "./ids";
import { createLogger } from "./logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The mail adapter. Development (or no MAIL_API_KEY): written to the dev outbox table and printed.
 * Otherwise: POST {MAIL_API_BASE}/emails with a bearer key (the Resend-style JSON API).
 */
export async function sendMail(env: Env, msg: MailMessage): Promise<void> {
  if (env.ENVIRONMENT === "development" || !env.MAIL_API_KEY) {
    await getDb(env.DB).insert(schema.devOutbox).values({ id: newId(), ...msg, html: msg.html ?? null, createdAt: Date.now() });
    createLogger({ component: "mail" }).info("dev outbox", { to: msg.to, subject: msg.subject, text: msg.text });
    return;
  }
  const res = await fetch(`${env.MAIL_API_BASE.replace(/\/$/, "")}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.MAIL_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ from: env.MAIL_FROM, to: [msg.to], subject: msg.subject, text: msg.text, html: msg.html }),
  });
  if (!res.ok) throw new Error(`mail provider answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

export function appUrl(env: Env, path: string, requestUrl?: string): string {
  const base = env.PUBLIC_URL || (requestUrl ? new URL(requestUrl).origin : "http://127.0.0.1:8787");
  return base.replace(/\/$/, "") + path;
}
