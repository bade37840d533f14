import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { appUrl, sendMail } from "../../lib/mail";

const log = createLogger({ component: "billing" });

/**
 * A billing notice: one row per (account, key) — the key names the notice and its period — shown by
 * GET /billing (and the app's banner); when the row is new, the account's owners get it by e-mail.
 */
export async function notifyAccount(env: Env, accountId: string, n: { kind: string; key: string; subject: string; message: string; data?: Record<string, unknown> }): Promise<boolean> {
  const inserted = await env.DB.prepare(
    `INSERT INTO billing_notifications (id, account_id, kind, key, message, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (account_id, key) DO NOTHING RETURNING id`,
  )
    .bind(newId(), accountId, n.kind, n.key, n.message, JSON.stringify(n.data ?? {}), Date.now())
    .first();
  if (!inserted) return false;
  const owners = await env.DB.prepare(`SELECT u.email AS email FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND m.role = 'owner' LIMIT 10`)
    .bind(accountId)
    .all<{ email: string }>();
  const link = appUrl(env, `/${accountId}/billing`);
  await Promise.all(
    owners.results.map((o) => sendMail(env, { to: o.email, subject: n.subject, text: `${n.message}\n\nОплата и тариф: ${link}` }).catch((error) => log.warn("billing mail failed", { error, accountId }))),
  );
  return true;
}
