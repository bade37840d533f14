import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MessageItem } from "@/features/chat/components/message-item";
import { ReplyBubble } from "@/features/comments/components/comment-item";
import { i18n } from "@/lib/i18n";
import { messageDto } from "./support/fixtures";

/**
 * An outgoing message that did not go out (or may not have) says so under its bubble with the
 * sender's reason (#22): the operator sees "Не доставлено: …" or "Возможно, доставлено: …". The
 * reason comes as a code (metadata.deliveryErrorCode) told in the interface's language, the
 * messenger's raw answer in the tooltip; a row with only a stored text shows that text.
 */
const out = (over: Parameters<typeof messageDto>[0]) =>
  messageDto({ messageDirection: "outgoing", senderType: "operator", content: "Ваш заказ готов", isSent: false, isDelivered: false, ...over });

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "comments"]);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("ru");
});

describe("chat: delivery problems under the bubble", () => {
  it("a failed send shows «Не доставлено» with its reason by code, the messenger's answer in the tooltip", () => {
    render(
      <MessageItem
        first
        message={out({
          deliveryStatus: "failed",
          metadata: { deliveryError: "Не удалось отправить после 9 попыток: Internal Server Error", deliveryErrorCode: "SEND_FAILED", deliveryErrorDetail: "Internal Server Error", deliveryErrorAttempts: 9 },
        })}
      />,
    );
    const p = screen.getByTestId("delivery-problem");
    expect(p.dataset.state).toBe("failed");
    expect(p.textContent).toBe("Не доставлено: Не удалось отправить после 9 попыток");
    expect(p.getAttribute("title")).toBe("Ответ мессенджера: Internal Server Error");
    expect(screen.getByTestId("delivery").dataset.state).toBe("failed");
  });

  it("a send with no answer (SEND_UNCERTAIN) shows «Возможно, доставлено» with its reason", () => {
    render(<MessageItem first message={out({ deliveryStatus: "failed", metadata: { deliveryError: "Связь с мессенджером оборвалась во время отправки", deliveryErrorCode: "SEND_UNCERTAIN" } })} />);
    const p = screen.getByTestId("delivery-problem");
    expect(p.dataset.state).toBe("uncertain");
    expect(p.textContent).toMatch(/^Возможно, доставлено: Связь с мессенджером оборвалась во время отправки: неизвестно, дошло ли сообщение/);
    expect(screen.getByTestId("delivery").getAttribute("title")).toBe("Возможно, доставлено");
  });

  it("the English interface tells the reason in English (the stored Russian sentence stays out of the bubble)", async () => {
    await i18n.changeLanguage("en");
    render(
      <MessageItem
        first
        message={out({
          deliveryStatus: "failed",
          metadata: { deliveryError: "Мессенджер отклонил сообщение: Bad Request: chat not found", deliveryErrorCode: "SEND_REJECTED", deliveryErrorDetail: "Bad Request: chat not found" },
        })}
      />,
    );
    const p = screen.getByTestId("delivery-problem");
    expect(p.textContent).toBe("Not delivered: The messenger rejected the message");
    expect(p.getAttribute("title")).toBe("Messenger's answer: Bad Request: chat not found");
    expect(p.textContent).not.toMatch(/[а-яё]/i);
    cleanup();
    // a row stored before the codes had attempts: still English, the old sentence only in the tooltip
    render(<MessageItem first message={out({ deliveryStatus: "failed", metadata: { deliveryError: "Не удалось отправить после 9 попыток: Internal Server Error", deliveryErrorCode: "SEND_FAILED" } })} />);
    expect(screen.getByTestId("delivery-problem").textContent).toBe("Not delivered: Could not send after several attempts");
  });

  it("an old row with only a stored Russian text (no code) still shows that text", async () => {
    await i18n.changeLanguage("en");
    render(<MessageItem first message={out({ deliveryStatus: "failed", metadata: { deliveryError: "Файл вложения не найден" } })} />);
    expect(screen.getByTestId("delivery-problem").textContent).toBe("Not delivered: Файл вложения не найден");
  });

  it("a sent message and an incoming one show nothing of the kind", () => {
    render(<MessageItem first message={out({ deliveryStatus: "sent", isSent: true })} />);
    render(<MessageItem first message={messageDto({ messageId: "m2", deliveryStatus: "failed", metadata: { deliveryError: "x" } })} />);
    expect(screen.queryByTestId("delivery-problem")).toBeNull();
  });

  it("an Instagram comment reply that may have gone out says so with its reason", () => {
    render(
      <ul>
        <ReplyBubble kind="private" reply={out({ deliveryStatus: "failed", metadata: { privateReplyToCommentId: "c1", deliveryError: "Связь с мессенджером оборвалась во время отправки", deliveryErrorCode: "SEND_UNCERTAIN" } })} />
      </ul>,
    );
    const p = screen.getByTestId("reply-problem");
    expect(p.dataset.state).toBe("uncertain");
    expect(p.textContent).toMatch(/^Возможно, доставлено: Связь с мессенджером оборвалась во время отправки: неизвестно/);
  });

  it("an Instagram comment reply in English: the reply window's reason in English", async () => {
    await i18n.changeLanguage("en");
    render(
      <ul>
        <ReplyBubble kind="private" reply={out({ deliveryStatus: "failed", metadata: { privateReplyToCommentId: "c1", deliveryError: "Прошло больше 24 часов…", deliveryErrorCode: "INSTAGRAM_WINDOW_CLOSED" } })} />
      </ul>,
    );
    expect(screen.getByTestId("reply-problem").textContent).toMatch(/: More than 24 hours have passed since the customer's last message/);
  });
});
