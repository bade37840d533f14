import type { Channel, Contact, Thread } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { announceContactChange } from "../custom-fields/announce";
import { insertMessageStatement, lastMessageFields, messageRow, threadFollowStatement } from "../inbox/message-writer";
import { publishSafe } from "../inbox/realtime";
import { rowToContact, rowToMessage, rowToThread } from "../inbox/rows";
import { serializeMessage } from "../inbox/serialize";

/**
 * The messenger told us a person blocked the bot, or unblocked it (Telegram's my_chat_member).
 * Blocking unsubscribes the contact (before any broadcast's send fails: INTEGRATIONS §5); either
 * way the contact's conversation on that channel gets a system line, so the operators see why
 * broadcasts no longer reach them. Unblocking leaves the subscription as it is: whether they want
 * broadcasts again is theirs to say (the line tells the operators how to subscribe them again).
 * A redelivered update (same `dedupeKey`) writes its line once; a person we have no conversation
 * with gets no line.
 */
export async function botBlockChanged(
  env: Env,
  channel: Pick<Channel, "id" | "accountId" | "platform">,
  ev: { platformUserId: string; blocked: boolean; dedupeKey?: string },
): Promise<void> {
  const now = Date.now();
  const { accountId } = channel;
  const [changed, found] = await env.DB.batch<Record<string, unknown>>([
    ev.blocked
      ? env.DB.prepare(
          "UPDATE contacts SET subscription = 'unsubscribed', updated_at = ?4 WHERE account_id = ?1 AND platform = ?2 AND platform_user_id = ?3 AND subscription = 'subscribed' RETURNING id",
        ).bind(accountId, channel.platform, ev.platformUserId, now)
      : env.DB.prepare("SELECT NULL AS id WHERE 0"),
    env.DB.prepare("SELECT * FROM contacts WHERE account_id = ?1 AND platform = ?2 AND platform_user_id = ?3").bind(accountId, channel.platform, ev.platformUserId),
  ]);
  const raw = found!.results[0];
  if (!raw) return;
  const contact = rowToContact(raw);
  // The conversation on this channel; the contact's newest one when none is (a thread whose channel was replaced).
  const threadRaw =
    (await env.DB.prepare("SELECT * FROM threads WHERE +account_id = ?1 AND contact_id = ?2 ORDER BY (channel_id = ?3) DESC, updated_at DESC LIMIT 1")
      .bind(accountId, contact.id, channel.id)
      .first<Record<string, unknown>>()) ?? null;
  if (threadRaw) await writeNote(env, contact, rowToThread(threadRaw), ev, now);
  if (changed!.results.length) await announceContactChange(env, accountId, contact.id);
}

async function writeNote(env: Env, contact: Contact, thread: Thread, ev: { blocked: boolean; dedupeKey?: string }, now: number) {
  const note = ev.blocked
    ? { content: "Клиент заблокировал бота — рассылки ему не отправляются", metadata: { event: "bot_blocked" } }
    : contact.subscription === "unsubscribed"
      ? {
          content: "Клиент разблокировал бота, но по-прежнему отписан от рассылок. Если он согласен их получать, включите подписку в карточке контакта",
          metadata: { event: "bot_unblocked", subscription: contact.subscription },
        }
      : { content: "Клиент разблокировал бота", metadata: { event: "bot_unblocked", subscription: contact.subscription } };
  const row = messageRow({
    type: "text",
    direction: "system",
    content: note.content,
    metadata: note.metadata,
    dedupeKey: ev.dedupeKey ? `${ev.blocked ? "bot-blocked" : "bot-unblocked"}:${ev.dedupeKey}` : null,
    createdAt: now,
  });
  const at = { accountId: contact.accountId, threadId: thread.id, contactId: contact.id };
  const [inserted, followed] = await env.DB.batch<Record<string, unknown>>([
    insertMessageStatement(env.DB, at, row),
    threadFollowStatement(env.DB, contact.accountId, thread.id, { last: lastMessageFields({ type: "text", content: note.content }, now, contact), onlyIfInserted: [String(row.id)] }),
  ]);
  const message = inserted!.results[0];
  if (!message) return;
  const fresh = followed!.results[0] ? rowToThread(followed!.results[0]) : thread;
  await publishSafe(env, contact.accountId, [{ event: "message", data: serializeMessage(rowToMessage(message), contact, fresh) }]);
}
