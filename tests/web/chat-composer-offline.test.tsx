import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactDto } from "@/features/chat/api";
import { Composer } from "@/features/chat/components/composer";
import { ContactRow } from "@/features/chat/components/contact-list";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { contactDto, jsonResponse, messageDto } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * A reply typed without a connection is not lost: it waits, in view («Отправится, когда появится
 * связь»), and goes out when the connection returns; one that fails comes back into the box with a
 * sentence saying why. A conversation opened from the list with the keyboard hands the focus to its
 * reply box.
 */
let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

const contact = contactDto({ contactId: "c1", name: "Анна Смирнова" });
const sentAnswer = (content: string) => jsonResponse(201, { data: [messageDto({ messageId: "m9", messageDirection: "outgoing", content, contactId: "c1" })], contact });

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "common"]);
  stubLayout();
});
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(() => {
  setOnline(true);
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

function typeAndSend(text: string) {
  const input = screen.getByTestId("composer-input") as HTMLTextAreaElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter" });
  return input;
}

describe("chat composer without a connection", () => {
  it("keeps the reply in view while offline and sends it when the connection returns", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => sentAnswer(JSON.parse(String(init?.body)).content));
    vi.stubGlobal("fetch", fetchMock);
    renderWithClient(sessionClient("owner"), <Composer accountId="acc1" contact={contact} />);
    await waitFor(() => expect((screen.getByTestId("composer-input") as HTMLTextAreaElement).disabled).toBe(false));

    setOnline(false);
    const input = typeAndSend("Доставим завтра до обеда");
    const waiting = await screen.findByTestId("composer-waiting");
    await waitFor(() => expect(waiting.textContent).toContain("Доставим завтра до обеда"));
    expect(waiting.textContent).toContain("Отправится, когда появится связь");
    expect(input.value).toBe("");
    expect(fetchMock).not.toHaveBeenCalled();

    setOnline(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/accounts/acc1/contacts/c1/messages");
    expect(JSON.parse(String(init!.body))).toMatchObject({ content: "Доставим завтра до обеда", threadId: "t1" });
    await waitFor(() => expect(screen.getByTestId("composer-waiting").textContent).toBe(""));
  });

  it("a reply that could not reach the server comes back into the box with a sentence, and goes again with the same id", async () => {
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>().mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fetchMock.mockImplementation(async (_url, init) => sentAnswer(JSON.parse(String(init?.body)).content));
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithClient(sessionClient("owner"), <Composer accountId="acc1" contact={contact} />);
    await waitFor(() => expect((screen.getByTestId("composer-input") as HTMLTextAreaElement).disabled).toBe(false));

    const input = typeAndSend("Счёт отправила на почту");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Сообщение не отправлено: нет связи с сервером. Текст вернулся в поле — отправьте его ещё раз.");
    expect(input.value).toBe("Счёт отправила на почту");

    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const ids = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init!.body)).clientMessageId);
    expect(ids[1]).toBe(ids[0]);
    await waitFor(() => expect(input.value).toBe(""));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("opening a conversation with the keyboard", () => {
  function Inbox() {
    const [open, setOpen] = useState<ContactDto | null>(null);
    return (
      <>
        <ContactRow contact={contact} selected={false} onSelect={setOpen} />
        {open && <Composer accountId="acc1" contact={open} />}
      </>
    );
  }

  it("Enter on a conversation moves the focus to its reply box; a mouse click leaves it alone", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(200, {})));
    const first = renderWithClient(sessionClient("owner"), <Inbox />);
    const row = screen.getByTestId("chat-contact");
    row.focus();
    fireEvent.click(row, { detail: 1 });
    const input = await screen.findByTestId("composer-input");
    expect(document.activeElement).not.toBe(input);
    first.unmount();

    renderWithClient(sessionClient("owner"), <Inbox />);
    const row2 = screen.getByTestId("chat-contact");
    row2.focus();
    // A button activated with Enter or Space fires a click with detail 0.
    fireEvent.click(row2, { detail: 0 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("composer-input")));
  });
});
