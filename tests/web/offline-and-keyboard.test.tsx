import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { BlankFrame } from "@/components/layouts/blank-frame";
import { BlankLayout } from "@/components/layouts/blank-layout";
import { DefaultLayout } from "@/components/layouts/default-layout";
import { OfflineBanner } from "@/components/shell/offline-banner";
import { BuiltInError } from "@/components/route-error";
import { i18n } from "@/lib/i18n";
import { loadPageModule, PRELOAD_ERROR_EVENT, reloadOnPreloadError, PRELOAD_RELOAD_KEY } from "@/lib/preload-error";
import { NavProvider } from "@/lib/nav";
import LoginPage from "@/routes/auth/login";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * Without a connection the shell says so (and is quiet again once it is back), a page whose code
 * cannot be fetched waits for the connection instead of reloading into the browser's "no internet"
 * page; the keyboard gets a skip link past the navigation, and the sign-in form goes e-mail →
 * password before «Забыли пароль?».
 */
let online = true;

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? "online" : "offline"));
  });
}

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common", "auth"]);
  stubLayout();
});
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  signOut();
});

describe("offline: the notice", () => {
  it("shows while the browser is offline and is gone when it is back online", () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    setOnline(false);
    expect(screen.getByTestId("offline-banner").textContent).toBe("Нет соединения с интернетом. Данные не загружаются и не сохраняются, пока связь не вернётся.");
    // A live region, so a screen reader hears it.
    expect(screen.getByRole("status").contains(screen.getByTestId("offline-banner"))).toBe(true);
    setOnline(true);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });
});

describe("offline: the notice on signed-out pages", () => {
  it("the public layout (sign-in, registration, invitations…) shows it too, and drops it when the connection is back", async () => {
    const router = createMemoryRouter([{ element: <BlankLayout />, children: [{ path: "/register", element: <h1>Регистрация</h1> }] }], { initialEntries: ["/register"] });
    renderWithClient(new QueryClient(), <RouterProvider router={router} />);
    await screen.findByRole("heading", { name: "Регистрация" });
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    setOnline(false);
    expect(screen.getByTestId("offline-banner").textContent).toBe("Нет соединения с интернетом. Данные не загружаются и не сохраняются, пока связь не вернётся.");
    setOnline(true);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  it("so does the frame the sign-in pages boot in without the router (web/guest-app.tsx)", () => {
    render(
      <NavProvider value={{ location: { pathname: "/login", search: "", hash: "" }, navigate: vi.fn() }}>
        <BlankFrame>
          <LoginPage />
        </BlankFrame>
      </NavProvider>,
    );
    setOnline(false);
    expect(screen.getByTestId("offline-banner").textContent).toContain("Нет соединения с интернетом.");
  });
});

describe("offline: «Обновить страницу» of the error page", () => {
  it("does not reload into the browser's no-internet page: it says it will reload and does when the connection returns", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    render(
      <RouterProvider router={createMemoryRouter([{ path: "/", element: <BuiltInError /> }])} />,
    );
    setOnline(false);
    fireEvent.click(await screen.findByRole("button", { name: "Обновить страницу" }));
    expect(reload).not.toHaveBeenCalled();
    const waiting = screen.getByRole("button", { name: "Страница обновится, когда связь вернётся" }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    setOnline(true);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("online, it reloads at once", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    render(<RouterProvider router={createMemoryRouter([{ path: "/", element: <BuiltInError /> }])} />);
    fireEvent.click(await screen.findByRole("button", { name: "Обновить страницу" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("offline: a page's code that cannot load", () => {
  it("waits for the connection (no preload-error, so no reload), says so with «Повторить», and loads when the connection returns", async () => {
    render(<OfflineBanner />);
    setOnline(false);
    const page = { default: () => null };
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValue(page);
    const preloadError = vi.fn();
    window.addEventListener(PRELOAD_ERROR_EVENT, preloadError);
    let loaded: unknown = null;
    void loadPageModule("account/contacts", load).then((m) => (loaded = m));

    await screen.findByText("Нет соединения с интернетом.", { exact: false });
    await waitFor(() => expect(screen.getByTestId("offline-banner").textContent).toContain("Страница откроется, когда связь вернётся."));
    expect(screen.getByRole("button", { name: "Повторить" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(true);
    await waitFor(() => expect(loaded).toBe(page));
    expect(load).toHaveBeenCalledTimes(2);
    expect(preloadError).not.toHaveBeenCalled();
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    window.removeEventListener(PRELOAD_ERROR_EVENT, preloadError);
  });

  it("«Повторить» tries again at once; still offline, it goes on waiting", async () => {
    render(<OfflineBanner />);
    setOnline(false);
    const load = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    void loadPageModule("account/contacts", load);
    fireEvent.click(await screen.findByRole("button", { name: "Повторить" }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole("button", { name: "Повторить" })).toBeTruthy();
  });

  it("the reload rule of a failed page load never reloads while offline; online it reloads once", async () => {
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    const failure = () => new Event(PRELOAD_ERROR_EVENT, { cancelable: true });

    setOnline(false);
    const offlineEvent = failure();
    reloadOnPreloadError(offlineEvent);
    expect(offlineEvent.defaultPrevented).toBe(false);
    expect(sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBeNull();

    setOnline(true);
    const onlineEvent = failure();
    reloadOnPreloadError(onlineEvent);
    expect(onlineEvent.defaultPrevented).toBe(true);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});

describe("the shell", () => {
  function renderShell() {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: /min-width/.test(query), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(200, { data: [], meta: { total: 0, page: 1, limit: 20, lastPage: 1 } })));
    const client = sessionClient("owner");
    const router = createMemoryRouter([{ path: "/", element: <DefaultLayout />, children: [{ index: true, element: <button type="button">Кнопка страницы</button> }] }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it("starts with «Перейти к содержимому», which moves the focus to the page past the navigation", async () => {
    renderShell();
    await screen.findByText("Кнопка страницы");
    const focusable = [...document.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select, [tabindex]:not([tabindex='-1'])")];
    const skip = screen.getByRole("link", { name: "Перейти к содержимому" });
    expect(focusable[0]).toBe(skip);
    const main = document.getElementById(skip.getAttribute("href")!.slice(1))!;
    expect(main.tagName).toBe("MAIN");
    expect(main.contains(screen.getByText("Кнопка страницы"))).toBe(true);
    // Every link of the navigation comes after it.
    expect(screen.getByTestId("vertical-nav").compareDocumentPosition(skip) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    fireEvent.click(skip);
    expect(document.activeElement).toBe(main);
  });

  it("shows the offline notice above the page while offline", async () => {
    renderShell();
    await screen.findByText("Кнопка страницы");
    setOnline(false);
    expect(screen.getByTestId("offline-banner")).toBeTruthy();
    setOnline(true);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });
});

describe("the sign-in form and the keyboard", () => {
  it("goes e-mail → password, and «Забыли пароль?» only after the password field", async () => {
    render(
      <NavProvider value={{ location: { pathname: "/login", search: "", hash: "" }, navigate: vi.fn() }}>
        <LoginPage />
      </NavProvider>,
    );
    const email = await screen.findByLabelText("E-mail");
    const password = screen.getByLabelText("Пароль", { exact: true });
    const forgot = screen.getByRole("link", { name: "Забыли пароль?" });
    // The form's stops in document order (none has a positive tabindex, so this is the Tab order).
    const order = [...email.closest("form")!.querySelectorAll<HTMLElement>("a[href], button, input")].filter((el) => !el.hasAttribute("disabled") && el.tabIndex >= 0);
    expect(order.some((el) => el.tabIndex > 0)).toBe(false);
    expect(order.indexOf(email)).toBe(0);
    expect(order.indexOf(password)).toBe(1);
    expect(order.indexOf(forgot)).toBeGreaterThan(order.indexOf(password));
  });
});
