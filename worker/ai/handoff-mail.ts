import type { Env } from "../env";
import { settingsSchema } from "../features/accounts/accounts.schemas";
import { appUrl, sendMail } from "../lib/mail";

/** Who a hand-off mail is about: the account (its notification settings) and the contact. */
export interface HandoffMailTarget {
  account: { id: string; settings: unknown };
  contact: { id: string; name: string; isTestContact: boolean };
}

/**
 * Mails the account's members that a conversation waits for an operator (unless the account's
 * notifications say otherwise, or the contact is a test contact: the tester is looking at the
 * screen). The assistant's hand-off and a flow's hand-off action both use it.
 */
export async function notifyOperatorsByMail(env: Env, t: HandoffMailTarget, subject: string, text: string): Promise<void> {
  const settings = settingsSchema.safeParse(t.account.settings ?? {});
  if (settings.success && !settings.data.notifications.emailOnHandoff) return;
  if (t.contact.isTestContact) return;
  const rows = await env.DB.prepare(
    `SELECT u.email AS email FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND m.role IN ('owner','admin','operator') LIMIT 20`,
  )
    .bind(t.account.id)
    .all<{ email: string }>();
  const link = appUrl(env, `/${t.account.id}/chat?contactId=${t.contact.id}`);
  await Promise.all(rows.results.map((r) => sendMail(env, { to: r.email, subject, text: `${text}\n\nОткрыть диалог: ${link}` }).catch(() => undefined)));
}

/** The subject of a hand-off mail. */
export const handoffSubject = (contactName: string) => `Клиент ${contactName || "без имени"} ждёт оператора`;
