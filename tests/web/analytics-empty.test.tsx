import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@worker/db/schema/accounts";
import { i18n } from "@/lib/i18n";
import AnalyticsPage from "@/routes/account/analytics";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch } from "./support/fixtures";

/**
 * The analytics page with nothing to draw (QA): a new account sees what will be there and where to
 * start instead of bare chart axes; a period without activity says so in each chart's place.
 */
const ACC = "acc-1";
const account = {
  accountId: ACC,
  name: "Новый магазин",
  timezone: "Europe/Moscow",
  language: "ru",
  description: null,
  website: null,
  industry: null,
  wizard: { at: null, completed: [], skipped: [], steps: ["account", "assistant", "channel", "test", "team"] },
  blocked: null,
  createdAt: 0,
  updatedAt: 0,
  memberCount: 1,
};
const days = ["2026-05-05", "2026-05-06", "2026-05-07", "2026-05-08", "2026-05-09", "2026-05-10", "2026-05-11"];
const zero = { conversations: 0, messagesIn: 0, messagesOut: 0, aiReplies: 0, operatorReplies: 0, handoffs: 0, aiOnly: 0 };
const hist = { count: 0, p50Ms: null, p90Ms: null, histogram: Array(15).fill(0) };
const figures = (over: Record<string, unknown> = {}) => ({
  range: { from: days[0], to: days[6], timezone: "Europe/Moscow", days, channel: null, assistantId: null },
  filters: { channels: [], assistants: [] },
  totals: { ...zero, aiOnlyShare: null },
  daily: days.map((day) => ({ day, ...zero, byChannel: {} })),
  channels: [],
  times: { firstResponse: { ai: hist, operator: hist }, resolution: { ai: hist, operator: hist } },
  statuses: [],
  models: [],
  broadcasts: [],
  flows: [],
  ...over,
});

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["analytics", "dashboard", "accounts", "common"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function renderPage(role: Role, answer: ReturnType<typeof figures>) {
  stubFetch((url) => {
    const path = new URL(url, "http://x").pathname.replace(/^\/api/, "");
    if (path === `/accounts/${ACC}`) return jsonResponse(200, { ...account, role });
    if (path === `/accounts/${ACC}/analytics`) return jsonResponse(200, answer);
    return jsonResponse(404, { statusCode: 404, error: "Not Found", message: "Не найдено" });
  });
  return render(
    <QueryClientProvider client={sessionClient(role)}>
      <MemoryRouter initialEntries={[`/${ACC}/analytics`]}>
        <Routes>
          <Route path="/:accountId/analytics" element={<AnalyticsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("analytics with nothing to show", () => {
  it("a new account: «Пока нет данных», what will appear and the way to connect a messenger; no charts, no zero cards", async () => {
    const { container } = renderPage("owner", figures());
    const empty = await screen.findByTestId("analytics-empty");
    expect(within(empty).getByRole("heading", { name: "Пока нет данных" })).toBeTruthy();
    expect(empty.textContent).toContain("как только клиенты напишут в подключённые мессенджеры");
    expect(within(empty).getByRole("link", { name: "Подключить мессенджер" }).getAttribute("href")).toBe(`/${ACC}/connect`);
    expect(screen.queryByTestId("analytics-totals")).toBeNull();
    expect(container.querySelector(".recharts-wrapper, .recharts-cartesian-axis")).toBeNull();
  });

  it("an operator, who connects nothing, gets the sentence without the button", async () => {
    renderPage("operator", figures());
    const empty = await screen.findByTestId("analytics-empty");
    expect(within(empty).getByText("Пока нет данных")).toBeTruthy();
    expect(within(empty).queryByRole("link")).toBeNull();
  });

  it("an account with conversations but none in the period: the cards stay, each chart says the period was empty", async () => {
    const { container } = renderPage("owner", figures({ statuses: [{ status: "closed", count: 12 }] }));
    await screen.findByTestId("analytics-totals");
    expect(screen.queryByTestId("analytics-empty")).toBeNull();
    expect(screen.getByTestId("chart-empty-conversations").textContent).toBe("За период диалогов не было");
    expect(screen.getByTestId("chart-empty-messages").textContent).toBe("За период сообщений не было");
    expect(screen.getByTestId("chart-empty-replies").textContent).toBe("За период не было ни ответов, ни передач оператору");
    expect(container.querySelector(".recharts-wrapper")).toBeNull();
  });

  it("says it in every language", async () => {
    for (const lng of ["en", "fr", "ar"]) {
      await i18n.loadLanguages(lng);
      await i18n.loadNamespaces("analytics");
      const t = i18n.getFixedT(lng, "analytics");
      for (const key of ["empty.noDataTitle", "empty.noDataText", "empty.connect", "empty.conversations", "empty.messages", "empty.replies"]) {
        expect(i18n.exists(key, { lng, ns: "analytics" }), `${lng}: ${key}`).toBe(true);
        expect(t(key)).not.toBe(i18n.getFixedT("ru", "analytics")(key));
      }
    }
  });
});
