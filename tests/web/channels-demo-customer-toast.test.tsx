import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { channelKeys } from "@/features/channels/api";
import { DemoCustomerCard } from "@/features/channels/components/demo-customer-card";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";
import { stubLayout } from "./signed-in";

/**
 * «Написать как клиент»: the toast after a send names the customer without declining the name
 * (QA: «Сообщение от Ольга Тестова доставлено…»): «Сообщение клиента «Ольга Тестова» доставлено в
 * Telegram…», and likewise in every locale.
 */
const ACCOUNT = "acc-1";
const on = { demo: true, connected: true, enabled: true };

async function send(lng: string) {
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(["channels", "common"]);
  stubFetch((url) => jsonResponse(200, url.includes("/dev/customer-message") ? { ok: true } : url.includes("platform-telegram") ? on : { demo: false }));
  const client = testQueryClient();
  client.setQueryData(channelKeys.telegram(ACCOUNT), on as never);
  client.setQueryData(channelKeys.whatsapp(ACCOUNT), { demo: false } as never);
  client.setQueryData(channelKeys.instagram(ACCOUNT), { demo: false } as never);
  renderWithClient(client, <DemoCustomerCard accountId={ACCOUNT} />, { router: true });
  fireEvent.change(screen.getByLabelText(i18n.t("channels:simulator.name")), { target: { value: "Ольга Тестова" } });
  fireEvent.click(screen.getByRole("button", { name: i18n.t("channels:simulator.send") }));
  await waitFor(() => expect(getNotifications()).toHaveLength(1));
  const toast = getNotifications()[0]!.message;
  expect(screen.getByTestId("demo-customer-sent").textContent).toBe(toast);
  return toast;
}

beforeAll(() => stubLayout());
beforeEach(() => clearNotifications());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("ru");
});

describe("demo customer: the sent toast", () => {
  it("ru: the name in quotes after «клиента», no declension needed", async () => {
    expect(await send("ru")).toBe("Сообщение клиента «Ольга Тестова» доставлено в Telegram. Ответ ассистента появится в чатах.");
  });

  it("en, fr, ar: the same wording", async () => {
    expect(await send("en")).toBe("The message from the customer “Ольга Тестова” reached Telegram. The assistant's answer will appear in the inbox.");
    cleanup();
    clearNotifications();
    expect(await send("fr")).toBe("Le message du client « Ольга Тестова » est arrivé sur Telegram. La réponse de l'assistant apparaîtra dans les conversations.");
    cleanup();
    clearNotifications();
    expect(await send("ar")).toBe("وصلت رسالة العميل «\u2068Ольга Тестова\u2069» إلى \u2068Telegram\u2069. سيظهر رد المساعد في المحادثات.");
  });
});
