import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MessageItem } from "@/features/chat/components/message-item";
import { i18n } from "@/lib/i18n";
import { messageDto } from "./support/fixtures";

/**
 * The buttons a message carries (`metadata.buttons`) show under its text in the inbox, as the customer
 * got them: a flow's menu sent to Telegram («Выберите, что вас интересует:» with «Цены», «Адрес…»), a
 * broadcast's buttons, a product card's link. The operator saw only the text before.
 */
const flowSend = (content: string, buttons: unknown[]) =>
  messageDto({ messageId: "f1", messageDirection: "outgoing", senderType: "assistant", deliveryStatus: "sent", content, metadata: { flowId: "fl1", flowStepId: "s1", runId: "r1", buttons } });

const MENU = [
  { label: "Цены", data: "fl:b1" },
  { label: "Адрес и часы работы", data: "fl:b2" },
  { label: "Сайт", url: "https://shop.example/" },
];

beforeAll(async () => {
  await i18n.loadNamespaces(["chat"]);
});
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

const buttons = () => within(screen.getByTestId("message-buttons")).getAllByTestId("message-button");

describe("chat: a message's buttons under its text", () => {
  it("a flow's menu sent to Telegram shows its options; the link opens in a new tab, the reply buttons are labels", async () => {
    await i18n.changeLanguage("ru");
    render(<MessageItem first message={flowSend("Выберите, что вас интересует:", MENU)} />);
    expect(screen.getByTestId("chat-message-text").textContent).toBe("Выберите, что вас интересует:");
    expect(screen.getByRole("list", { name: "Кнопки сообщения" })).toBeTruthy();
    expect(buttons().map((b) => [b.textContent, b.dataset.kind])).toEqual([
      ["Цены", "reply"],
      ["Адрес и часы работы", "reply"],
      ["Сайт", "link"],
    ]);
    const link = within(buttons()[2]!).getByRole("link", { name: "Сайт" });
    expect(link.getAttribute("href")).toBe("https://shop.example/");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(within(buttons()[0]!).queryByRole("link")).toBeNull();
    expect(within(buttons()[0]!).getByTitle("Кнопка ответа: клиент нажимает её в мессенджере")).toBeTruthy();
    cleanup();

    // where the messenger has no buttons the flow's text already lists them: not shown twice
    render(<MessageItem first message={flowSend("Выберите, что вас интересует:\n\n1. Цены\n2. Адрес и часы работы\nСайт: https://shop.example/", MENU)} />);
    expect(screen.getByTestId("chat-message-text").textContent).toContain("1. Цены");
    expect(screen.queryByTestId("message-buttons")).toBeNull();
  });

  it("a broadcast's buttons show too; its tracked link is not opened by the operator (it would count as the customer's click), a product card's link is", async () => {
    await i18n.changeLanguage("ru");
    const tracked = "https://app.assistly.example/api/b/bc1.c1.0.0123456789abcdef0123456789abcdef";
    render(
      <MessageItem
        first
        message={messageDto({
          messageDirection: "outgoing",
          senderType: "operator",
          content: "Скидка 20% на всё до воскресенья!",
          metadata: { broadcastId: "bc1", buttons: [{ label: "Каталог", url: tracked }, { label: "Записаться", data: "bc:bc1:1" }] },
        })}
      />,
    );
    expect(buttons().map((b) => [b.textContent, b.dataset.kind])).toEqual([
      ["Каталог", "tracked"],
      ["Записаться", "reply"],
    ]);
    expect(screen.queryByRole("link")).toBeNull();
    expect(within(buttons()[0]!).getByTitle("Ссылка рассылки считает переходы клиента, поэтому здесь она не открывается")).toBeTruthy();
    cleanup();

    // a product card's «Подробнее» (no broadcast) stays a link under the photo
    render(
      <MessageItem
        first
        message={messageDto({
          messageType: "image",
          messageDirection: "outgoing",
          senderType: "assistant",
          content: "Кроссовки Runner — 5 990 ₽",
          payloadUrl: "acc/products/p1.jpg",
          metadata: { productCard: { productId: "p1" }, buttons: [{ label: "Подробнее", url: "https://shop.example/runner" }] },
        })}
      />,
    );
    expect(screen.getByRole("link", { name: "Подробнее" }).getAttribute("href")).toBe("https://shop.example/runner");
  });

  it("the labels read in the interface language", async () => {
    for (const [lng, list, reply] of [
      ["en", "Message buttons", "Reply button: the customer taps it in the messenger"],
      ["fr", "Boutons du message", "Bouton de réponse : le client appuie dessus dans la messagerie"],
      ["ar", "أزرار الرسالة", "زر رد: يضغطه العميل في تطبيق المراسلة"],
    ] as const) {
      await i18n.changeLanguage(lng);
      render(<MessageItem first message={flowSend("Choose:", MENU)} />);
      expect(screen.getByRole("list", { name: list })).toBeTruthy();
      expect(within(buttons()[0]!).getByTitle(reply)).toBeTruthy();
      cleanup();
    }
  });
});
