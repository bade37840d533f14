import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Broadcast } from "@/features/broadcasts/api";
import { BroadcastComposer } from "@/features/broadcasts/components/broadcast-composer";
import { BroadcastDetail } from "@/features/broadcasts/components/broadcast-detail";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { jsonResponse as json, stubFetch, stubResizeObserver, type FetchCall, broadcastDraftDto } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";
import { sessionClient, signOut } from "./signed-in";

/**
 * The composer when no messenger is connected (the demo account's channels have no credentials):
 * the draft is saved without a channel, and the start and the test send stop with a readable
 * reason on the channel field, which takes the focus, with the link to the messengers' page —
 * never silently. A draft's page fills its main column with the audience and the message, and says
 * why the draft cannot start while its channel is not connected.
 */
const ACCOUNT = "acc-1";

const draft = (body: Record<string, unknown>) => broadcastDraftDto(body, null);

let calls: FetchCall[];

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
    if (path.endsWith("/broadcast-channels")) return json(200, { data: [] });
    if (path.endsWith("/broadcast-quota")) return json(200, { remaining: 100, reserved: 0, reservations: [], grants: [] });
    if (path.endsWith("/audience/count")) return json(200, { total: 3, byChannel: { telegram: 1, whatsapp: 2, instagram: 0 } });
    if (path === `/api/accounts/${ACCOUNT}`) return json(200, { accountId: ACCOUNT, name: "Уют", timezone: "Europe/Moscow" });
    return json(200, { data: [], meta: { total: 0, limit: 20, lastPage: 1, page: 1 } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

async function composeWithoutChannel() {
  renderWithClient(testQueryClient(), <BroadcastComposer accountId={ACCOUNT} broadcast={null} />, { router: true });
  // The first render loads the page's translations and queries: generous on a busy machine.
  await screen.findByTestId("broadcast-no-channel", undefined, { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText("Название"), { target: { value: "Весенняя акция" } });
  fireEvent.change(screen.getByLabelText("Текст"), { target: { value: "Скидка 20% до пятницы" } });
}

const writes = () => calls.filter((c) => c.init?.method && c.init.method !== "GET");

describe("broadcast composer without a connected messenger", () => {
  it("saves the draft without a channel", async () => {
    await composeWithoutChannel();
    await act(async () => fireEvent.click(screen.getByTestId("broadcast-save")));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = JSON.parse(String(writes()[0]!.init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Весенняя акция", content: { text: "Скидка 20% до пятницы" } });
    expect(body).not.toHaveProperty("channelId");
    await waitFor(() => expect(getNotifications().map((n) => n.message)).toContain("Черновик сохранён"));
    expect(screen.queryByTestId("broadcast-channel-error")).toBeNull();
  });

  it.each([
    ["broadcast-start", "Чтобы запустить рассылку, сначала подключите мессенджер."],
    ["broadcast-test", "Чтобы отправить тестовое сообщение, сначала подключите мессенджер."],
  ])("%s: says why at the channel field, focuses the link to the messengers' page and sends nothing", async (button, message) => {
    await composeWithoutChannel();
    await act(async () => fireEvent.click(screen.getByTestId(button)));
    const error = await screen.findByTestId("broadcast-channel-error");
    expect(error.textContent).toBe(message);
    expect(error.getAttribute("role")).toBe("alert");
    const block = screen.getByTestId("broadcast-no-channel");
    const connect = within(block).getByRole("link", { name: "Подключить канал" });
    expect(connect.getAttribute("href")).toBe(`/${ACCOUNT}/connect`);
    expect(document.activeElement).toBe(connect);
    expect(connect.getAttribute("aria-describedby")).toBe(error.id);
    expect(writes()).toEqual([]);
    // The draft still saves, and saving clears the refusal.
    await act(async () => fireEvent.click(screen.getByTestId("broadcast-save")));
    await waitFor(() => expect(writes()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId("broadcast-channel-error")).toBeNull());
  });

  it("shows the channel's reason together with the other fields' errors, focusing the first field", async () => {
    renderWithClient(testQueryClient(), <BroadcastComposer accountId={ACCOUNT} broadcast={null} />, { router: true });
    await screen.findByTestId("broadcast-no-channel");
    await act(async () => fireEvent.click(screen.getByTestId("broadcast-start")));
    await screen.findByTestId("broadcast-channel-error");
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(expect.arrayContaining(["Введите название", "Чтобы запустить рассылку, сначала подключите мессенджер.", "Введите текст сообщения"]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Название")));
    expect(writes()).toEqual([]);
  });
});

describe("a draft's page", () => {
  const showroom = {
    ...draft({ name: "Приглашение в шоурум", audience: { filter: {} }, content: { text: "{{name}}, приглашаем в наш шоурум", buttons: [{ label: "Записаться" }] } }),
    channelId: "ch-tg",
    channel: { channelId: "ch-tg", platform: "TELEGRAM", name: "@uyut_shop_bot" },
    pacing: { perSecond: 25 },
  } as unknown as Broadcast;

  it("puts the audience and the message in the main column, the facts beside, and says the channel is not connected", async () => {
    const { container } = renderWithClient(sessionClient("owner"), <BroadcastDetail accountId={ACCOUNT} broadcast={showroom} onDeleted={() => {}} />, { router: true });
    const gap = await screen.findByTestId("broadcast-channel-gap");
    expect(gap.textContent).toContain("Нет подключённых мессенджеров");
    expect(within(gap).getByRole("link", { name: "Подключить канал" }).getAttribute("href")).toBe(`/${ACCOUNT}/connect`);
    const [main, side] = [...container.querySelector(".grid")!.children] as HTMLElement[];
    expect(within(main!).getByTestId("broadcast-audience").textContent).toContain("Все контакты");
    expect(within(main!).getByTestId("broadcast-preview-text").textContent).toBe("Анна, приглашаем в наш шоурум");
    expect(within(side!).getByText("Сведения")).toBeTruthy();
    expect(within(side!).queryByTestId("broadcast-preview")).toBeNull();
  });
});
