import type { Env } from "../env";
import { settingsSchema } from "../features/accounts/accounts.schemas";
import { appUrl, sendMail } from "../lib/mail";

/** Who a hand-off mail is about: the account (its notification settings), the contact and its conversation. */
export interface HandoffMailTarget {
  account: { id: string; settings: unknown; timezone?: string };
  contact: { id: string; name: string; isTestContact: boolean };
  thread?: { id: string };
}

/** Mails of one kind an account gets one by one within a window; the next one is a summary, the rest wait for the next window. */
export const OPERATOR_MAILS_PER_WINDOW = 5;
export const OPERATOR_MAIL_WINDOW_MS = 15 * 60_000;

/**
 * Counts this mail in the account's current window (operator_mail_windows): "one" while the window
 * has had fewer than OPERATOR_MAILS_PER_WINDOW, "summary" for the next one, "none" after it.
 */
async function mailSlot(env: Env, accountId: string, kind: string, now: number): Promise<{ slot: "one" | "summary" | "none"; windowStart: number }> {
  const row = await env.DB.prepare(
    `INSERT INTO operator_mail_windows (account_id, kind, window_start, count) VALUES (?1, ?2, ?3, 1)
     ON CONFLICT (account_id, kind) DO UPDATE SET
       count = CASE WHEN window_start <= ?3 - ?4 THEN 1 ELSE count + 1 END,
       window_start = CASE WHEN window_start <= ?3 - ?4 THEN ?3 ELSE window_start END
     RETURNING count, window_start`,
  )
    .bind(accountId, kind, now, OPERATOR_MAIL_WINDOW_MS)
    .first<{ count: number; window_start: number }>();
  const count = row?.count ?? 1;
  const windowStart = row?.window_start ?? now;
  return { slot: count <= OPERATOR_MAILS_PER_WINDOW ? "one" : count === OPERATOR_MAILS_PER_WINDOW + 1 ? "summary" : "none", windowStart };
}

/**
 * Mails the account's members that a conversation waits for an operator (unless the account's
 * notifications say otherwise, or the contact is a test contact: the tester is looking at the
 * screen). The assistant's hand-off and a flow's hand-off action both use it.
 */
export async function notifyOperatorsByMail(env: Env, t: HandoffMailTarget, subject: string, text: string, kind: "handoff" | "ai_error" = "handoff"): Promise<void> {
  const settings = settingsSchema.safeParse(t.account.settings ?? {});
  if (settings.success && !settings.data.notifications.emailOnHandoff) return;
  if (t.contact.isTestContact) return;
  // A burst (a campaign's replies, an outage of the assistant) is one summary, not a mail per conversation.
  const { slot, windowStart } = await mailSlot(env, t.account.id, kind, Date.now());
  if (slot === "none") return;
  const rows = await env.DB.prepare(
    `SELECT u.email AS email FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND m.role IN ('owner','admin','operator') LIMIT 20`,
  )
    .bind(t.account.id)
    .all<{ email: string }>();
  let mail: { subject: string; text: string };
  if (slot === "summary") {
    const minutes = Math.round(OPERATOR_MAIL_WINDOW_MS / 60_000);
    const resumesAt = new Date(windowStart + OPERATOR_MAIL_WINDOW_MS);
    mail = {
      subject: "Несколько клиентов ждут оператора",
      text:
        `За последние ${minutes} минут оператора ждут уже больше ${OPERATOR_MAILS_PER_WINDOW} диалогов. Чтобы не засыпать вас письмами, следующие уведомления придут не раньше ${timeOf(resumesAt, t.account.timezone)}.` +
        `\n\nДиалоги, которые ждут оператора: ${appUrl(env, `/${t.account.id}/apps/chat?status=pending`)}`,
    };
  } else {
    const query = new URLSearchParams({ c: t.contact.id, ...(t.thread ? { t: t.thread.id } : {}) });
    mail = { subject, text: `${text}\n\nОткрыть диалог: ${appUrl(env, `/${t.account.id}/apps/chat?${query}`)}` };
  }
  await Promise.all(rows.results.map((r) => sendMail(env, { to: r.email, ...mail }).catch(() => undefined)));
}

/** "14:35" in the account's time zone (UTC when it has none or an unknown one). */
function timeOf(at: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: timeZone || "UTC" }).format(at);
  } catch {
    return new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(at);
  }
}

/** The subject of a hand-off mail. */
export const handoffSubject = (contactName: string) => `Клиент ${contactName || "без имени"} ждёт оператора`;
