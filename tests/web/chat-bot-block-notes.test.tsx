import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ContactRow } from "@/features/chat/components/contact-list";
import { SystemItem } from "@/features/chat/components/message-item";
import { i18n } from "@/lib/i18n";
import { contactDto, messageDto } from "./support/fixtures";

/**
 * The customer blocking the bot (Telegram's my_chat_member) or unblocking it leaves a system line in
 * the chat (worker/features/broadcasts/bot-block.ts), stored in Russian with its meaning in the
 * metadata: told in the interface language in the chat and as the thread's preview in the inbox.
 */
const BLOCKED = "Клиент заблокировал бота — рассылки ему не отправляются";
const UNBLOCKED = "Клиент разблокировал бота";
const UNBLOCKED_UNSUBSCRIBED = "Клиент разблокировал бота, но по-прежнему отписан от рассылок. Если он согласен их получать, включите подписку в карточке контакта";
const NOTES = [
  { content: BLOCKED, metadata: { event: "bot_blocked" } },
  { content: UNBLOCKED, metadata: { event: "bot_unblocked", subscription: "subscribed" } },
  { content: UNBLOCKED_UNSUBSCRIBED, metadata: { event: "bot_unblocked", subscription: "unsubscribed" } },
];
const EN = [
  "The customer blocked the bot — broadcasts are not sent to them",
  "The customer unblocked the bot",
  "The customer unblocked the bot but is still unsubscribed from broadcasts. If they agree to receive them, turn the subscription on in the contact card",
];

function noteText(n: (typeof NOTES)[number]) {
  render(<SystemItem message={messageDto({ messageDirection: "system", senderType: "system", isSystem: true, ...n })} />);
  const text = screen.getByTestId("chat-message").querySelector("p")!.firstChild!.textContent;
  cleanup();
  return text;
}

async function preview(lastMessage: string) {
  render(<ContactRow contact={contactDto({ name: "Ольга" }, { isGptActive: true, lastMessage, lastMessageType: "text", updatedAt: Date.now(), channelId: "ch1" })} selected={false} onSelect={() => {}} />);
  const text = (await screen.findByTestId("chat-contact-preview")).textContent;
  cleanup();
  return text;
}

beforeAll(() => i18n.loadNamespaces(["chat"]));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("chat: the customer blocked or unblocked the bot", () => {
  it("in Russian, the lines read as stored", async () => {
    await i18n.changeLanguage("ru");
    expect(NOTES.map(noteText)).toEqual(NOTES.map((n) => n.content));
  });

  it("in English, the chat and the inbox's preview tell them from what they say", async () => {
    await i18n.changeLanguage("en");
    expect(NOTES.map(noteText)).toEqual(EN);
    const previews: (string | null)[] = [];
    for (const n of NOTES) previews.push(await preview(n.content));
    expect(previews).toEqual(EN);
  });
});
