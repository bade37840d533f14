import { cleanup, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { MessageDto } from "@/features/chat/api";
import { ChatHeader } from "@/features/chat/components/chat-header";
import { ContactDetails } from "@/features/chat/components/contact-details";
import { ContactRow } from "@/features/chat/components/contact-list";
import { MessageItem } from "@/features/chat/components/message-item";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { contactDto, contactProfileReply, jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * Text people write, in a page of the other direction (QA, Arabic: "?Доставка в Химки — сколько
 * будет стоить", "120-45-67 495 7+", "anna_smirnova@"): messages, names and previews take their own
 * direction (dir="auto"), usernames, phone numbers and ids read left to right, and typed text runs in
 * its own direction while the field keeps the page's (its padding and placeholder).
 */
const contact = contactDto(
  { platformUsername: "anna_smirnova", platformUserId: "500100200", status: "online", about: "Постоянный клиент, заказывает текстиль для дачи.", phone: "+7 495 120-45-67" },
  { lastMessage: "Доставка в Химки — сколько будет стоить?", lastMessageType: "text" },
);

const message = {
  messageId: "m1",
  messageDirection: "incoming",
  messageType: "text",
  senderType: "contact",
  content: "Доставка в Химки — сколько будет стоить?",
  createdAt: 0,
  metadata: null,
} as unknown as MessageDto;

beforeAll(async () => {
  await i18n.changeLanguage("ar");
  await i18n.loadNamespaces(["chat", "flows", "common", "contacts"]);
  stubLayout();
});
beforeEach(() => {
  // A contact's own request gets a contact (tags, fields, subscription), lists an empty page.
  stubFetch((url) => contactProfileReply(url) ?? jsonResponse(200, { data: [] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});
afterAll(() => i18n.changeLanguage("ru"));

/** The element with `dir="ltr"` that holds exactly `text`. */
const ltrRun = (root: HTMLElement, text: string) => [...root.querySelectorAll<HTMLElement>('[dir="ltr"]')].find((el) => el.textContent === text);

describe("user text in its own direction", () => {
  it("a message bubble's text, the thread list's name and preview", () => {
    renderWithClient(sessionClient("owner"), <MessageItem message={message} first />);
    expect(screen.getByTestId("chat-message-text").getAttribute("dir")).toBe("auto");
    cleanup();
    renderWithClient(sessionClient("owner"), <ContactRow contact={contact} selected={false} onSelect={() => {}} />);
    expect(screen.getByTestId("chat-contact-name").getAttribute("dir")).toBe("auto");
    expect(screen.getByTestId("chat-contact-preview").getAttribute("dir")).toBe("auto");
  });

  it("the chat header: the name in its own direction, the @username left to right", () => {
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ width: 800, height: 64, x: 0, y: 0, top: 0, left: 0, right: 800, bottom: 64, toJSON: () => ({}) } as DOMRect);
    renderWithClient(sessionClient("owner"), <ChatHeader accountId="acc-1" contact={contact} detailsOpen={false} onToggleDetails={() => {}} onContactChange={() => {}} />, { router: true });
    const header = screen.getByTestId("chat-header");
    expect(within(header).getByTestId("chat-title").getAttribute("dir")).toBe("auto");
    expect(ltrRun(within(header).getByTestId("chat-subtitle"), "@anna_smirnova")).toBeTruthy();
  });

  it("the contact panel: username, phone number and id left to right, the note in its own direction", () => {
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={contact} />, { router: true });
    const panel = screen.getByTestId("contact-details");
    for (const text of ["@anna_smirnova", "+7 495 120-45-67", "500100200"]) expect(ltrRun(panel, text), text).toBeTruthy();
    expect(within(panel).getByText(contact.about!).getAttribute("dir")).toBe("auto");
    // a missing phone is the page language's "not set", not an ltr run
    cleanup();
    renderWithClient(sessionClient("owner"), <ContactDetails accountId="acc-1" contact={{ ...contact, phone: null }} />, { router: true });
    expect(ltrRun(screen.getByTestId("contact-details"), i18n.t("chat:details.notSet"))).toBeUndefined();
  });
});

describe("typed text", () => {
  it("text fields lay out what is typed in its own direction unless the caller sets one", () => {
    render(
      <>
        <Input data-testid="text" />
        <Input data-testid="search" type="search" />
        <Input data-testid="number" type="number" />
        <Input data-testid="fixed" dir="ltr" />
        <Textarea data-testid="area" />
        <Textarea data-testid="area-rtl" dir="rtl" />
      </>,
    );
    const plain = (id: string) => screen.getByTestId(id).classList.contains("bidi-plaintext");
    expect([plain("text"), plain("search"), plain("area")]).toEqual([true, true, true]);
    expect([plain("number"), plain("fixed"), plain("area-rtl")]).toEqual([false, false, false]);
    // the field keeps the page's direction (no dir of its own), so its padding and placeholder stay put
    expect(screen.getByTestId("text").hasAttribute("dir")).toBe(false);
  });
});
