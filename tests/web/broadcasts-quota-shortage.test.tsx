import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BroadcastComposer } from "@/features/broadcasts/components/broadcast-composer";
import { confirmStore, settleConfirm } from "@/lib/confirm";
import { i18n } from "@/lib/i18n";
import { clearNotifications } from "@/lib/notify";
import { jsonResponse as json, stubFetch, stubResizeObserver, type FetchCall, broadcastDraftDto } from "./support/fixtures";
import { renderWithClient } from "./support/render";
import { sessionClient, signOut } from "./signed-in";

/**
 * Starting a broadcast whose audience is beyond what is left (the plan's recipients and the
 * packages'): the composer keeps the draft and says so with the numbers, with a link to buy a
 * package (for the owner, who pays), instead of a confirmation the server would refuse; the
 * server's own refusal over quota shows the same way. Within what is left, the confirmation says
 * how much is available and where from.
 */
const ACCOUNT = "acc-1";
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

const draft = (body: Record<string, unknown>) => broadcastDraftDto(body, { channelId: "ch-tg", platform: "TELEGRAM", name: "@uyut_shop_bot" });

const REFUSAL = "Не хватает получателей: рассылке нужно 2, а доступно 1 — 0 по тарифу и 1 в пакетах. Купите пакет рассылок или сузьте аудиторию.";
let calls: FetchCall[];
let reach: { count: number; quotaRemaining: number; planRemaining: number; packagesRemaining: number };

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["broadcasts", "chat", "contacts", "common"]);
  stubResizeObserver();
});
beforeEach(() => {
  clearNotifications();
  calls = stubFetch((url, init) => {
    const path = new URL(url, "http://localhost").pathname;
    if (init?.method === "POST" && path === `/api/accounts/${ACCOUNT}/broadcasts`) return json(201, draft(JSON.parse(String(init.body))));
    if (init?.method === "PATCH" && path === `/api/accounts/${ACCOUNT}/broadcasts/bc-1`) return json(200, draft(JSON.parse(String(init.body))));
    if (init?.method === "POST" && path.endsWith("/start"))
      return json(400, { statusCode: 400, error: "Bad Request", code: "QUOTA_EXCEEDED", message: REFUSAL, details: { needed: 2, remaining: 1, planRemaining: 0, packagesRemaining: 1 } });
    if (path.endsWith("/broadcast-channels")) return json(200, { data: [{ channelId: "ch-tg", platform: "TELEGRAM", name: "@uyut_shop_bot" }] });
    if (path.endsWith("/broadcast-audience")) return json(200, { channelId: "ch-tg", platform: "TELEGRAM", ...reach });
    if (path.endsWith("/broadcast-quota")) return json(200, { remaining: reach.quotaRemaining, reserved: 0, reservations: [], grants: [], packagesRemaining: reach.packagesRemaining, plan: null });
    if (path.endsWith("/audience/count")) return json(200, { total: reach.count, byChannel: { telegram: reach.count, whatsapp: 0, instagram: 0 } });
    if (path === `/api/accounts/${ACCOUNT}`) return json(200, { accountId: ACCOUNT, name: "Уют", timezone: "Europe/Moscow" });
    return json(200, { data: [], meta: { total: 0, limit: 20, lastPage: 1, page: 1 } });
  });
});
afterEach(() => {
  settleConfirm(false);
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

async function composeAndStart(role: "owner" | "admin") {
  renderWithClient(sessionClient(role), <BroadcastComposer accountId={ACCOUNT} broadcast={null} />, { router: true });
  // The first render loads the page's translations and queries: generous on a busy machine.
  await waitFor(() => expect(calls.some((c) => c.url.includes("/broadcast-channels"))).toBe(true), { timeout: 10_000 });
  fireEvent.change(await screen.findByLabelText("Название", undefined, { timeout: 10_000 }), { target: { value: "Весенняя акция" } });
  fireEvent.change(screen.getByLabelText("Текст"), { target: { value: "Скидка 20% до пятницы" } });
  await act(async () => fireEvent.click(screen.getByTestId("broadcast-start")));
}

const starts = () => calls.filter((c) => c.init?.method === "POST" && c.url.endsWith("/start"));
const saves = () => calls.filter((c) => c.init?.method === "POST" && new URL(c.url, "http://localhost").pathname === `/api/accounts/${ACCOUNT}/broadcasts`);

describe("a start beyond the recipients left", () => {
  it("keeps the draft and offers a package instead of the start, with the numbers", async () => {
    reach = { count: 5, quotaRemaining: 3, planRemaining: 2, packagesRemaining: 1 };
    await composeAndStart("owner");
    const dialog = await screen.findByTestId("quota-shortage", undefined, { timeout: 10_000 });
    expect(within(dialog).getByText("Не хватает получателей")).toBeTruthy();
    expect(nbsp(dialog.textContent!)).toContain(
      "Рассылке нужно 5 получателей, а доступно 3: 2 по тарифу и 1 в пакетах. Купите пакет рассылок или сузьте аудиторию — черновик сохранён.",
    );
    const buy = within(dialog).getByRole("link", { name: "Купить пакет" });
    expect(buy.getAttribute("href")).toBe(`/checkout?accountId=${ACCOUNT}&kind=package`);
    expect(saves()).toHaveLength(1);
    expect(starts()).toEqual([]);
    expect(confirmStore.get()).toBeNull();
  });

  it("an administrator, who does not pay for the account, is told who can buy one", async () => {
    reach = { count: 5, quotaRemaining: 0, planRemaining: 0, packagesRemaining: 0 };
    await composeAndStart("admin");
    const dialog = await screen.findByTestId("quota-shortage", undefined, { timeout: 10_000 });
    expect(nbsp(dialog.textContent!)).toContain("а доступно 0: 0 по тарифу и 0 в пакетах");
    expect(within(dialog).getByText("Купить пакет рассылок может владелец аккаунта.")).toBeTruthy();
    expect(within(dialog).queryByRole("link", { name: "Купить пакет" })).toBeNull();
  });

  it("within what is left, the confirmation says how much is available and where from; the server's refusal then offers a package too", async () => {
    reach = { count: 2, quotaRemaining: 3, planRemaining: 2, packagesRemaining: 1 };
    await composeAndStart("owner");
    await waitFor(() => expect(confirmStore.get()).not.toBeNull(), { timeout: 10_000 });
    expect(nbsp(confirmStore.get()!.message!)).toBe("Сообщение получат 2 контакта этого канала. Доступно 3 получателя: 2 по тарифу и 1 в пакетах.");
    // Meanwhile another broadcast took the recipients: the server refuses, and the dialog offers a package.
    await act(async () => settleConfirm(true));
    const dialog = await screen.findByTestId("quota-shortage", undefined, { timeout: 10_000 });
    expect(within(dialog).getByText(REFUSAL)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Купить пакет" }).getAttribute("href")).toBe(`/checkout?accountId=${ACCOUNT}&kind=package`);
    expect(starts()).toHaveLength(1);
  });
});
