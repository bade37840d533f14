import type { QueryClient } from "@tanstack/react-query";
import type { ContactDto } from "@worker/features/inbox/serialize";
import { onSocketEvent } from "@/lib/socket";
import { removeMessage, testChatKeys, upsertChat, upsertMessage } from "./api";
import type { TestChatContact } from "./types";

/** The list row of a test chat, as the server lists it (playground.service `testChat`). */
export function testChatRow(c: ContactDto): TestChatContact {
  return { ...c, lastMessage: c.thread?.lastMessage ?? null, updatedAt: Math.max(c.updatedAt, c.thread?.updatedAt ?? 0) };
}

/**
 * The test chats follow the room: a message lands in its chat's cached log (only chats already
 * open here: other contacts belong to the inbox), a test contact's new state moves its row to the
 * top. A resync refetches them with every other query of the account (web/lib/socket.ts).
 */
export function installTestChatRealtime(qc: QueryClient): () => void {
  const onContact = (accountId: string, c: ContactDto) => {
    if (c.isTestContact) upsertChat(qc, accountId, testChatRow(c));
  };
  const offMessage = onSocketEvent("message", (m, { accountId }) => {
    if (m.contactId && qc.getQueryData(testChatKeys.messages(accountId, m.contactId))) upsertMessage(qc, accountId, m.contactId, m);
    // The frame carries the contact as committed with the message (no separate updateContact).
    if (m.contact) onContact(accountId, m.contact);
  });
  const offContact = onSocketEvent("updateContact", (c, { accountId }) => onContact(accountId, c));
  const offRemove = onSocketEvent("removeMessage", ({ contactId, messageId }, { accountId }) => removeMessage(qc, accountId, contactId, messageId));
  return () => {
    offMessage();
    offRemove();
    offContact();
  };
}
