import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialogHost } from "@/components/confirm-dialog";
import { contactKeys, type ContactProfile } from "@/features/contacts/api";
import { SubscriptionSwitch } from "@/features/contacts/components/subscription-switch";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch, type FetchCall } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * The broadcast subscription on the contact card and the chat's panel: switching off unsubscribes
 * at once, switching on asks for the customer's consent first; operators may do it; a test
 * contact only says it gets no broadcasts.
 */
const ACCOUNT = "acc-1";
let calls: FetchCall[];
const puts = () => calls.filter((c) => c.init?.method === "PUT").map((c) => [c.url, JSON.parse(String(c.init.body))]);

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["contacts", "common"]);
  stubLayout();
});
beforeEach(() => {
  clearNotifications();
  calls = stubFetch((_url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    return jsonResponse(200, { contactId: "c1", subscription: body.subscription, changed: true, message: body.subscription === "subscribed" ? "Контакт подписан на рассылки" : "Контакт отписан от рассылок" });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function renderSwitch(role: "owner" | "operator", contact: Pick<ContactProfile, "contactId" | "subscription" | "isTestContact">) {
  const client = sessionClient(role);
  client.setQueryData(contactKeys.detail(ACCOUNT, contact.contactId), contact as never);
  renderWithClient(
    client,
    <>
      <SubscriptionSwitch accountId={ACCOUNT} contact={contact} />
      <ConfirmDialogHost />
    </>,
  );
  return client;
}

describe("contact's broadcast subscription", () => {
  it("an operator unsubscribes a customer who asked, at once", async () => {
    const client = renderSwitch("operator", { contactId: "c1", subscription: "subscribed", isTestContact: false });
    expect(screen.getByTestId("contact-subscription-state").textContent).toBe("Подписан: получает рассылки");
    const sw = screen.getByRole("switch", { name: "Рассылки" });
    expect(sw.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(sw);
    await waitFor(() => expect(puts()).toEqual([[`/api/accounts/${ACCOUNT}/contacts/c1/subscription`, { subscription: "unsubscribed" }]]));
    expect(screen.queryByTestId("confirm-dialog")).toBeNull();
    await waitFor(() => expect(getNotifications().map((n) => n.message)).toContain("Контакт отписан от рассылок"));
    expect((client.getQueryData(contactKeys.detail(ACCOUNT, "c1")) as ContactProfile).subscription).toBe("unsubscribed");
  });

  it("in the French interface the success toast is French, not the server's Russian sentence", async () => {
    await i18n.changeLanguage("fr");
    await i18n.loadNamespaces(["contacts", "common"]);
    try {
      renderSwitch("operator", { contactId: "c1", subscription: "subscribed", isTestContact: false });
      fireEvent.click(screen.getByRole("switch"));
      await waitFor(() => expect(getNotifications().map((n) => n.message)).toContain("Le contact est désabonné des diffusions"));
      expect(getNotifications().map((n) => n.message).join(" ")).not.toMatch(/[а-яё]/i);
    } finally {
      await i18n.changeLanguage("ru");
    }
  });

  it("subscribing again asks for the customer's consent first", async () => {
    renderSwitch("owner", { contactId: "c1", subscription: "unsubscribed", isTestContact: false });
    expect(screen.getByTestId("contact-subscription-state").textContent).toBe("Отписан: рассылки ему не отправляются");
    fireEvent.click(screen.getByRole("switch", { name: "Рассылки" }));
    let dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Подписывайте, только если клиент сам согласился их получать.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Отмена" }));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(puts()).toEqual([]);
    fireEvent.click(screen.getByRole("switch", { name: "Рассылки" }));
    dialog = await screen.findByTestId("confirm-dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Подписать" }));
    await waitFor(() => expect(puts()).toEqual([[`/api/accounts/${ACCOUNT}/contacts/c1/subscription`, { subscription: "subscribed" }]]));
  });

  it("a test contact has no switch: it never gets broadcasts", () => {
    renderSwitch("owner", { contactId: "c1", subscription: "subscribed", isTestContact: true });
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByTestId("contact-subscription-state").textContent).toBe("Тестовым контактам рассылки не отправляются");
  });
});
