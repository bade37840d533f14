import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@worker/db/schema/accounts";
import { i18n } from "@/lib/i18n";
import DashboardPage from "@/routes/account/dashboard";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch } from "./support/fixtures";

/**
 * The control panel (QA 22): a card whose data failed says so with a retry instead of zeros and
 * "nobody waits"; the team card counts every role (administrators too); operators are not sent to
 * the setup wizard or to pages where they cannot do a first step.
 */
const ACC = "acc-1";
const account = {
  accountId: ACC,
  name: "Демо-магазин",
  timezone: "Europe/Moscow",
  language: "ru",
  description: null,
  website: null,
  industry: null,
  wizard: { at: null, completed: ["assistant"], skipped: [], steps: ["account", "assistant", "channel", "test", "team"] },
  blocked: null,
  createdAt: 0,
  updatedAt: 0,
  memberCount: 4,
};
const member = (userId: string, role: Role) => ({ userId, name: `Участник ${userId}`, email: `${userId}@example.test`, role, createdAt: 0 });
const members = { data: [member("a", "admin"), member("o", "owner"), member("p", "operator"), member("b", "admin")], invitations: [] };
const panel = {
  timezone: "Europe/Moscow",
  today: { day: "2026-05-11", conversations: 16, aiReplies: 18, handoffs: 2, firstResponseP50Ms: 20_000, waiting: 0 },
  yesterday: { day: "2026-05-10", conversations: 16, aiReplies: 22, handoffs: 3, firstResponseP50Ms: 20_000 },
  waiting: [],
  channels: [],
  billing: null,
};

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["dashboard", "analytics", "accounts", "common"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

/** The page as `role` with the API answering `answer(path)` (200 with the demo's data unless it says otherwise). */
function renderDashboard(role: Role, answer: (path: string) => Response | undefined = () => undefined) {
  const calls = stubFetch((url) => {
    const path = new URL(url, "http://x").pathname.replace(/^\/api/, "");
    const own = answer(path);
    if (own) return own;
    if (path === `/accounts/${ACC}`) return jsonResponse(200, { ...account, role });
    if (path === `/accounts/${ACC}/members`) return jsonResponse(200, members);
    if (path === `/accounts/${ACC}/dashboard`) return jsonResponse(200, panel);
    if (path === `/accounts/${ACC}/settings`) return jsonResponse(200, { downtime: { enabled: false, intervals: [] } });
    return jsonResponse(404, { statusCode: 404, error: "Not Found", message: "Не найдено" });
  });
  render(
    <QueryClientProvider client={sessionClient(role)}>
      <MemoryRouter initialEntries={[`/${ACC}/dashboard`]}>
        <Routes>
          <Route path="/:accountId/dashboard" element={<DashboardPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const serverError = () => jsonResponse(500, { statusCode: 500, error: "Internal Server Error", message: "Внутренняя ошибка сервера" });

describe("dashboard cards when their data fails", () => {
  it("say so with a retry, and show no zeros, no «Никто не ждёт», no «Каналы не подключены»", async () => {
    let failing = true;
    const calls = renderDashboard("owner", (path) => (failing && path.endsWith("/dashboard") ? serverError() : undefined));
    const waiting = await screen.findByTestId("waiting-list");
    await waitFor(() => expect(within(waiting).getByTestId("card-load-error")).toBeTruthy());
    expect(within(waiting).getByText("Внутренняя ошибка сервера")).toBeTruthy();
    expect(within(waiting).queryByText("Никто не ждёт")).toBeNull();

    const channels = screen.getByTestId("channel-health");
    expect(within(channels).getByTestId("card-load-error")).toBeTruthy();
    expect(within(channels).queryByText("Каналы не подключены")).toBeNull();

    for (const id of ["today-conversations", "today-ai", "today-waiting", "today-first-response"]) {
      const card = screen.getByTestId(id);
      expect(card.dataset.failed).toBe("true");
      expect(within(card).getByText("Не удалось загрузить данные")).toBeTruthy();
      expect(within(card).queryByTestId(`${id}-value`)).toBeNull();
      expect(card.textContent).not.toMatch(/\b0\b|Сравнить пока не с чем|сегодня 0/);
    }

    // One retry brings the figures back.
    failing = false;
    const before = calls.filter((c) => c.url.includes("/dashboard")).length;
    fireEvent.click(within(waiting).getByRole("button", { name: /Повторить/ }));
    await waitFor(() => expect(screen.getByTestId("today-conversations-value").textContent).toBe("16"));
    expect(calls.filter((c) => c.url.includes("/dashboard")).length).toBe(before + 1);
    expect(within(screen.getByTestId("waiting-list")).getByText("Никто не ждёт")).toBeTruthy();
  });

  it("a failed member list leaves the invitations figure unknown, not «Все приглашения приняты»", async () => {
    renderDashboard("owner", (path) => (path.endsWith("/members") ? serverError() : undefined));
    const card = await screen.findByTestId("stat-invitations");
    await waitFor(() => expect(card.dataset.failed).toBe("true"));
    expect(within(card).queryByText("Все приглашения приняты")).toBeNull();
    expect(within(card).queryByTestId("stat-invitations-value")).toBeNull();
  });
});

describe("the team figure", () => {
  it("counts every role, administrators too", async () => {
    renderDashboard("operator");
    const card = await screen.findByTestId("stat-members");
    await waitFor(() => expect(card.textContent).toContain("1\u00a0владелец, 2\u00a0администратора и 1\u00a0оператор"));
  });

  it("speaks each locale's plural forms", async () => {
    const { teamComposition } = await import("@/features/dashboard/components/dashboard-stats");
    const many = [...Array(5)].map(() => ({ role: "operator" as const }));
    const t = i18n.getFixedT("ru", "dashboard");
    expect(teamComposition([{ role: "owner" }, ...many], t)).toBe("1\u00a0владелец и 5\u00a0операторов");
    await i18n.loadLanguages(["en", "fr", "ar"]);
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces("dashboard");
    expect(teamComposition([{ role: "owner" }, { role: "admin" }, { role: "admin" }], i18n.getFixedT("en", "dashboard"))).toBe("1\u00a0owner and 2\u00a0administrators");
    await i18n.changeLanguage("fr");
    await i18n.loadNamespaces("dashboard");
    expect(teamComposition([{ role: "admin" }, { role: "operator" }, { role: "operator" }], i18n.getFixedT("fr", "dashboard"))).toBe("1\u00a0administrateur et 2\u00a0opérateurs");
    await i18n.changeLanguage("ar");
    await i18n.loadNamespaces("dashboard");
    expect(teamComposition([{ role: "owner" }, { role: "operator" }, { role: "operator" }], i18n.getFixedT("ar", "dashboard"))).toBe("مالك واحد ومشغّلان");
    await i18n.changeLanguage("ru");
  });
});

describe("the first steps", () => {
  it("an operator gets neither the wizard nor «Перейти» to pages where the step is not theirs", async () => {
    renderDashboard("operator");
    const steps = await screen.findByTestId("setup-steps");
    expect(within(steps).queryByTestId("open-wizard")).toBeNull();
    for (const step of ["account", "channel"]) expect(within(steps).queryByTestId(`step-open-${step}`)).toBeNull();
    expect(within(steps).getByText(/Шаги настройки проходят владельцы и администраторы аккаунта/)).toBeTruthy();
    // The test chat is the operator's too.
    expect(within(steps).getByTestId("step-open-test")).toBeTruthy();
  });

  it("an owner gets the wizard and the way to each step", async () => {
    renderDashboard("owner");
    const steps = await screen.findByTestId("setup-steps");
    expect(within(steps).getByTestId("open-wizard").getAttribute("href")).toBe(`/${ACC}/wizard`);
    for (const step of ["account", "channel", "test"]) expect(within(steps).getByTestId(`step-open-${step}`)).toBeTruthy();
  });

  it("on a phone the wizard's button takes a row of its own under the description (QA, fr at 390 px: the title was a 75 px column)", async () => {
    renderDashboard("owner");
    const action = await screen.findByTestId("setup-steps-action");
    expect(action.className.split(" ")).toEqual(expect.arrayContaining(["max-sm:col-start-1", "max-sm:row-start-auto"]));
    // …in a header of one column there (title and description keep the card's width).
    expect(action.parentElement!.className.split(" ")).toContain("max-sm:has-data-[slot=card-action]:grid-cols-1");
    // Beside the title from the sm breakpoint on, as every card's action.
    expect(action.className.split(" ")).toEqual(expect.arrayContaining(["col-start-2", "row-start-1"]));
  });
});
