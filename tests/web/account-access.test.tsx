import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rulesFor } from "@worker/lib/permissions";
import type { Role } from "@worker/db/schema/accounts";
import { AccountScope } from "@/components/account-scope";
import { Can } from "@/lib/ability";
import { ApiError } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { NavProvider } from "@/lib/nav";
import { useNotifications } from "@/lib/notify";
import { queryClient, queryKeys } from "@/lib/query";
import type { MeResponse } from "@/lib/session";
import InvitePage from "@/routes/auth/invite";
import { stubLayout } from "./signed-in";
import { FakeWebSocket } from "./support/fake-websocket";

/**
 * A member who loses access, or whose role changes, while a page of the account is open (QA: a
 * removed operator kept the live chat, then saw «Не удалось загрузить сообщения» and after a
 * reload a 404; a demoted admin kept «Пригласить»). The account scope and the socket are the real
 * ones; a fake WebSocket plays the room and a stubbed fetch the API.
 */
vi.mock("@/features/test-chat/components/test-chat-launcher", () => ({ TestChatLauncher: () => null }));

const ACC = "acc_access_1";
const NAME = "Демо-магазин «Уют»";
const user = { id: "u1", name: "Ольга Операторова", email: "oper1@example.test" };
const me = (role: Role | null): MeResponse =>
  ({ user, accounts: role ? [{ accountId: ACC, name: NAME, role }] : [], currentAccountId: role ? ACC : null, abilityRules: rulesFor(role) }) as unknown as MeResponse;

/** What GET /auth/me answers now; the invitation the invite page reads. */
let meNow: MeResponse = me("admin");
let invitation: unknown = null;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url.includes("/auth/me")) return json(200, meNow);
  if (url.includes("/invitations/")) return json(200, invitation);
  return json(404, { statusCode: 404, error: "Not Found", message: "Аккаунт не найден", code: "ACCOUNT_NOT_FOUND" });
});
const meCalls = () => fetchStub.mock.calls.filter(([u]) => String(u).includes("/auth/me")).length;

function Page() {
  return (
    <div data-testid="page">
      <Can I="create" a="Member">
        <button type="button">Пригласить</button>
      </Can>
    </div>
  );
}

/** The snackbars shown, as text. */
function Snackbars() {
  return <ul data-testid="snackbars">{useNotifications().map((n) => <li key={n.id}>{n.message}</li>)}</ul>;
}

function renderAccount(children = <Page />) {
  return render(
    <QueryClientProvider client={queryClient}>
      <Snackbars />
      <MemoryRouter initialEntries={[`/${ACC}/apps/chat`]}>
        <Routes>
          <Route path="/:accountId" element={<AccountScope />}>
            <Route path="apps/chat" element={children} />
          </Route>
          <Route path="/accounts" element={<p>accounts page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The account's socket as the room sees it: opened and joined (a test before may have left it open: the socket outlives its page by a second). */
async function joinedSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect([0, 1]).toContain(FakeWebSocket.instances.at(-1)?.readyState));
  const ws = FakeWebSocket.instances.at(-1)!;
  if (ws.readyState === 1) return ws;
  act(() => ws.open());
  act(() => ws.push({ event: "joinedAccount", data: { accountId: ACC, seq: 0, replayed: 0, resync: false } }));
  return ws;
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common", "auth", "accounts"]);
  stubLayout();
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal("fetch", fetchStub);
  document.cookie = "accessToken=test-token; path=/";
});

afterEach(() => {
  cleanup();
  queryClient.clear();
});

afterAll(() => {
  vi.unstubAllGlobals();
  document.cookie = "accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

describe("an open account page follows the membership", () => {
  it("a role change (membershipChanged) refetches the session: the demoted admin's «Пригласить» goes without a reload, with a sentence saying why", async () => {
    meNow = me("admin");
    queryClient.setQueryData(queryKeys.me(ACC), me("admin"));
    renderAccount();
    expect(await screen.findByRole("button", { name: "Пригласить" })).toBeTruthy();
    const ws = await joinedSocket();
    const before = meCalls();

    meNow = me("operator");
    act(() => ws.push({ event: "membershipChanged", data: { role: "operator" } }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Пригласить" })).toBeNull());
    expect(meCalls()).toBeGreaterThan(before);
    await waitFor(() =>
      expect(screen.getByTestId("snackbars").textContent).toContain("Ваша роль в аккаунте «Демо-магазин „Уют“» изменена на «Оператор». Разделы и действия обновлены."),
    );
    expect(screen.getByTestId("page")).toBeTruthy();
  });

  it("the room closing the socket for a removed member: a sentence saying so and the accounts page offered, no reconnect", async () => {
    meNow = me("operator");
    queryClient.setQueryData(queryKeys.me(ACC), me("operator"));
    renderAccount();
    await screen.findByTestId("page");
    const ws = await joinedSocket();
    const sockets = FakeWebSocket.instances.length;

    meNow = me(null);
    act(() => ws.close(4403, "removed"));
    const screenEl = await screen.findByTestId("account-unavailable");
    expect(screenEl.textContent).toContain("Нет доступа к аккаунту");
    expect(screenEl.textContent).toContain("Вас удалили из аккаунта «Демо-магазин „Уют“» — доступ к нему закрыт.");
    expect(screen.getByRole("link", { name: "Мои аккаунты" }).getAttribute("href")).toBe("/accounts");
    expect(screen.queryByTestId("page")).toBeNull();
    // partysocket would retry after 1–5 s; the revoked socket stays closed.
    await new Promise((r) => setTimeout(r, 1500));
    expect(FakeWebSocket.instances.length).toBe(sockets);
  });

  it("a request answered 404 ACCOUNT_NOT_FOUND (the socket missed the removal): the session is asked again and the page says access is gone instead of a load error", async () => {
    meNow = me("operator");
    queryClient.setQueryData(queryKeys.me(ACC), me("operator"));
    function Messages() {
      const q = useQuery({ queryKey: ["accounts", ACC, "chat", "messages"], queryFn: () => Promise.reject(new ApiError(404, { statusCode: 404, error: "Not Found", message: "Аккаунт не найден", code: "ACCOUNT_NOT_FOUND" })), retry: false });
      return <p>{q.isError ? "Не удалось загрузить сообщения" : "загрузка"}</p>;
    }
    meNow = me(null);
    renderAccount(<Messages />);
    const screenEl = await screen.findByTestId("account-unavailable");
    expect(screenEl.textContent).toContain("У вас больше нет доступа к аккаунту «Демо-магазин „Уют“»");
    expect(screen.queryByText("Не удалось загрузить сообщения")).toBeNull();
  });

  it("opened (or reloaded) without membership: not a 404, a sentence that there is no access and the way to one's accounts", async () => {
    meNow = me(null);
    queryClient.setQueryData(queryKeys.me(ACC), me(null));
    renderAccount();
    const screenEl = await screen.findByTestId("account-unavailable");
    expect(screenEl.textContent).toContain("У вас нет доступа к этому аккаунту");
    expect(screenEl.textContent).not.toMatch(/404|Страница не найдена/);
    expect(screen.getByRole("link", { name: "Мои аккаунты" })).toBeTruthy();
  });
});

describe("invite page", () => {
  it("an accepted invitation opened by a visitor: says it was accepted and offers to sign in, not to register", async () => {
    document.cookie = "accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    invitation = { accountId: ACC, accountName: NAME, email: "oper1@qa.local", role: "operator", invitedBy: "Демо Оператор", expired: false, accepted: true };
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/invite?token=0123456789abcdef"]}>
          <NavProvider value={{ location: { pathname: "/invite", search: "?token=0123456789abcdef", hash: "" }, navigate: () => {} }}>
            <Routes>
              <Route path="/invite" element={<InvitePage />} />
            </Routes>
          </NavProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Приглашение уже принято")).toBeTruthy();
    expect(screen.getByText("Приглашение в аккаунт «Демо-магазин „Уют“» для oper1@qa.local уже принято. Войдите с этим адресом, чтобы открыть аккаунт.")).toBeTruthy();
    expect(screen.queryByText("Зарегистрироваться и принять")).toBeNull();
    const signIn = screen.getByRole("link", { name: "Войти" }).getAttribute("href")!;
    expect(signIn).toContain("/login?redirect_url=");
    expect(decodeURIComponent(signIn)).toContain("/invite?token=0123456789abcdef");
    document.cookie = "accessToken=test-token; path=/";
  });
});
