import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ContactDetails } from "@/features/chat/components/contact-details";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { contactDto, contactProfileReply, jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * The contact panel's «Состояние ИИ» tells the truth (QA: with the plan's AI replies and the balance
 * used up it said «ИИ отвечает в этом диалоге» and «Ответ получен» while nothing was answered).
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "common", "contacts"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

const withBanner = (state: string) =>
  stubFetch((url) => (url.includes("/billing/banner") ? jsonResponse(200, { state }) : (contactProfileReply(url) ?? jsonResponse(200, { data: [] }))));

describe("the contact panel's AI state", () => {
  it("AI stopped for billing: «ИИ не отвечает» and why, not «Ответ получен»", async () => {
    withBanner("ai_stopped");
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { isGptActive: true, gptStatus: "COMPLETED" })} />, { router: true });
    await waitFor(() => expect(screen.getByTestId("details-ai-status").textContent).toBe("Не отвечает: ответы ИИ по тарифу закончились"));
    expect(screen.getByTestId("details-ai-not-replying").textContent).toBe("ИИ не отвечает");
    expect(screen.queryByText("ИИ отвечает в этом диалоге")).toBeNull();
    // The contact's own answer came and the panel shows its tags (the panel stays whole).
    await waitFor(() => expect(screen.getByTestId("contact-tags")).toBeTruthy());
    expect(screen.getByTestId("details-ai-status").textContent).toBe("Не отвечает: ответы ИИ по тарифу закончились");
  });

  it("AI off in the thread: the operator answers; AI on and nothing stopped: as before", async () => {
    withBanner("ok");
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { isGptActive: false, gptStatus: "COMPLETED" })} />, { router: true });
    expect(screen.getByTestId("details-ai-status").textContent).toBe("ИИ выключен — отвечает оператор");
    cleanup();
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { isGptActive: true, gptStatus: "WAITING_RESPONSE" })} />, { router: true });
    await waitFor(() => expect(screen.getByTestId("details-ai-status").textContent).toBe("Ожидает ответа ассистента"));
    expect(screen.getByText("ИИ отвечает в этом диалоге")).toBeTruthy();
  });

  it("after a hand-off the customer waits for an operator (AI off, or switched back on), not «Ответ получен»", async () => {
    withBanner("ok");
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { status: "pending", isGptActive: false, gptStatus: "COMPLETED" })} />, { router: true });
    expect(screen.getByTestId("details-ai-status").textContent).toBe("Клиент ждёт оператора: ассистент передал диалог");
    cleanup();
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { status: "pending", isGptActive: true, gptStatus: "COMPLETED" })} />, { router: true });
    await waitFor(() => expect(screen.getByTestId("details-ai-status").textContent).toBe("Клиент ждёт оператора: ассистент передал диалог"));
    expect(screen.queryByText("Ответ получен")).toBeNull();
    // an operator answered (the thread is active again): back to the AI's own state
    cleanup();
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contactDto({}, { status: "active", isGptActive: false, gptStatus: "COMPLETED" })} />, { router: true });
    expect(screen.getByTestId("details-ai-status").textContent).toBe("ИИ выключен — отвечает оператор");
  });
});
