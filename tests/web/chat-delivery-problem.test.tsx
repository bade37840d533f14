import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MessageItem } from "@/features/chat/components/message-item";
import { ReplyBubble } from "@/features/comments/components/comment-item";
import { i18n } from "@/lib/i18n";
import { messageDto } from "./support/fixtures";

/**
 * An outgoing message that did not go out (or may not have) says so under its bubble with the
 * sender's reason (#22): the operator sees "Не доставлено: …" or "Возможно, доставлено: …".
 */
const out = (over: Parameters<typeof messageDto>[0]) =>
  messageDto({ messageDirection: "outgoing", senderType: "operator", content: "Ваш заказ готов", isSent: false, isDelivered: false, ...over });

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "comments"]);
});
afterEach(cleanup);

describe("chat: delivery problems under the bubble", () => {
  it("a failed send shows «Не доставлено» with its reason", () => {
    render(<MessageItem first message={out({ deliveryStatus: "failed", metadata: { deliveryError: "Не удалось отправить после 9 попыток: Internal Server Error", deliveryErrorCode: "SEND_FAILED" } })} />);
    const p = screen.getByTestId("delivery-problem");
    expect(p.dataset.state).toBe("failed");
    expect(p.textContent).toBe("Не доставлено: Не удалось отправить после 9 попыток: Internal Server Error");
    expect(screen.getByTestId("delivery").dataset.state).toBe("failed");
  });

  it("a send with no answer (SEND_UNCERTAIN) shows «Возможно, доставлено» with its reason", () => {
    render(<MessageItem first message={out({ deliveryStatus: "failed", metadata: { deliveryError: "Связь с мессенджером оборвалась во время отправки", deliveryErrorCode: "SEND_UNCERTAIN" } })} />);
    const p = screen.getByTestId("delivery-problem");
    expect(p.dataset.state).toBe("uncertain");
    expect(p.textContent).toBe("Возможно, доставлено: Связь с мессенджером оборвалась во время отправки");
    expect(screen.getByTestId("delivery").getAttribute("title")).toBe("Возможно, доставлено");
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
    expect(p.textContent).toBe("Возможно, доставлено: Связь с мессенджером оборвалась во время отправки");
  });
});
