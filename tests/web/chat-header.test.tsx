import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactDto } from "@/features/chat/api";
import { ChatHeader, NARROW_HEADER_PX } from "@/features/chat/components/chat-header";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { contactDto, jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * The chat header gives the contact's name its room (QA: "Игор…" at 390 px, "Анна Смир…" next to
 * the contact pane): where the header is narrow the thread status leaves it for the "more" menu.
 */
const contact: ContactDto = contactDto({ platformUsername: "anna_smirnova", platformUserId: "500100200", status: "online" }, { status: "pending" });

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "flows", "common"]);
  stubLayout();
});
beforeEach(() => {
  stubFetch(() => jsonResponse(200, { data: [] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  signOut();
});

/** jsdom has no layout: the header's width is what getBoundingClientRect says. */
function renderAt(width: number) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ width, height: 64, x: 0, y: 0, top: 0, left: 0, right: width, bottom: 64, toJSON: () => ({}) } as DOMRect);
  renderWithClient(sessionClient("owner"), <ChatHeader accountId="acc-1" contact={contact} detailsOpen={false} onToggleDetails={() => {}} onContactChange={() => {}} onBack={() => {}} />, { router: true });
  return screen.getByTestId("chat-header");
}

function openMore() {
  const trigger = screen.getByTestId("chat-menu");
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
  return screen.findByRole("menu");
}

describe("chat header", () => {
  it("keeps the status menu in a wide header, and the more menu without it", async () => {
    const header = renderAt(800);
    expect(header.dataset.narrow).toBeUndefined();
    expect(within(header).getByTestId("thread-status").dataset.status).toBe("pending");
    const menu = await openMore();
    expect(within(menu).queryByTestId("status-pending")).toBeNull();
    expect(within(menu).getByText("Очистить чат")).toBeTruthy();
  });

  it(`below ${NARROW_HEADER_PX} px moves the status into the more menu, the current one checked`, async () => {
    const header = renderAt(358);
    expect(header.dataset.narrow).toBe("true");
    expect(within(header).queryByTestId("thread-status")).toBeNull();
    expect(within(header).getByTestId("chat-title").textContent).toBe("Анна Смирнова");
    const menu = await openMore();
    expect(within(menu).getByText("Статус диалога")).toBeTruthy();
    expect(within(menu).getByTestId("status-pending").getAttribute("aria-checked")).toBe("true");
    expect(within(menu).getByTestId("status-closed").getAttribute("aria-checked")).toBe("false");
  });
});
