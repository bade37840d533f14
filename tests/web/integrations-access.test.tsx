import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Role } from "@worker/db/schema/accounts";
import { i18n } from "@/lib/i18n";
import type { IntegrationState } from "@/features/integrations/api";
import { IntegrationCard } from "@/features/integrations/components/integration-card";
import AccountSettingsPage from "@/routes/account/account-settings";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * QA I0: an operator was offered «Подключить» on the outgoing webhooks, a link to the settings'
 * webhooks tab they cannot see, which then silently opened «Общие». The card now offers a way on
 * only where the role has one, and the settings page says why a requested tab is not shown.
 */
const ACC = "acc-1";
const item = (id: string, status: IntegrationState["status"], path: string): IntegrationState =>
  ({ id, status, lastError: null, lastOkAt: null, detail: null, path, disconnectApi: null }) as IntegrationState;
const webhooks = (status: IntegrationState["status"]) => item("webhooks", status, "/:accountId/account-settings?tab=webhook");
const bitrix = (status: IntegrationState["status"]) => item("bitrix24", status, "/:accountId/integration/bitrix");

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["integrations", "settings", "accounts", "auth", "common"]);
  stubLayout();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function card(role: Role, state: IntegrationState) {
  renderWithClient(sessionClient(role), <IntegrationCard accountId={ACC} item={state} canEdit={role !== "operator"} />, { router: true });
  return screen.getByTestId(`integration-${state.id}`);
}

describe("an integration card's way on", () => {
  it("gives an operator no «Подключить» for webhooks, and says who connects them", () => {
    const c = card("operator", webhooks("not_connected"));
    expect(within(c).queryByRole("link")).toBeNull();
    expect(within(c).queryByText("Подключить")).toBeNull();
    expect(within(c).getByText("Подключают и настраивают владельцы и администраторы аккаунта")).toBeTruthy();
  });

  it("gives an operator no «Открыть» for connected webhooks either (their page is the settings' tab)", () => {
    const c = card("operator", webhooks("connected"));
    expect(within(c).queryByRole("link")).toBeNull();
    expect(within(c).getByTestId("integration-webhooks-forbidden")).toBeTruthy();
  });

  it("lets an operator open a connected Bitrix24 (its page is theirs to read), not connect one", () => {
    expect(within(card("operator", bitrix("connected"))).getByRole("link", { name: "Открыть" }).getAttribute("href")).toBe(`/${ACC}/integration/bitrix`);
    cleanup();
    expect(within(card("operator", bitrix("not_connected"))).queryByRole("link")).toBeNull();
  });

  it("offers an owner and an admin «Подключить» to the webhooks tab", () => {
    for (const role of ["owner", "admin"] as const) {
      expect(within(card(role, webhooks("not_connected"))).getByRole("link", { name: "Подключить" }).getAttribute("href")).toBe(`/${ACC}/account-settings?tab=webhook`);
      cleanup();
    }
  });
});

function openSettings(role: Role, search: string) {
  stubFetch((url) => {
    const path = new URL(url, "http://x").pathname.replace(/^\/api/, "");
    if (path === `/accounts/${ACC}`) return jsonResponse(200, { accountId: ACC, name: "Демо", timezone: "Europe/Moscow", language: "ru", description: null, website: null, industry: null, wizard: { at: null, completed: [], skipped: [], steps: [] }, blocked: null, role, createdAt: 0, updatedAt: 0, memberCount: 1 });
    if (path.endsWith("/members")) return jsonResponse(200, { data: [], invitations: [] });
    return jsonResponse(404, { statusCode: 404, error: "Not Found", message: "Не найдено" });
  });
  render(
    <QueryClientProvider client={sessionClient(role)}>
      <MemoryRouter initialEntries={[`/${ACC}/account-settings${search}`]}>
        <Routes>
          <Route path="/:accountId/account-settings" element={<AccountSettingsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("account settings opened on a tab", () => {
  it("tells an operator the webhooks tab is not theirs instead of silently showing «Общие»", async () => {
    openSettings("operator", "?tab=webhook");
    const notice = await screen.findByTestId("tab-refused");
    expect(notice.textContent).toBe("Раздел «Вебхуки» открыт только владельцам и администраторам аккаунта, поэтому показан раздел «Общие».");
    expect(screen.getByTestId("tab-general").getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByTestId("tab-webhook")).toBeNull();
  });

  it("says nothing when the tab is there (an owner on webhooks) or no tab was asked for", async () => {
    openSettings("owner", "?tab=webhook");
    await waitFor(() => expect(screen.getByTestId("tab-webhook").getAttribute("aria-selected")).toBe("true"));
    expect(screen.queryByTestId("tab-refused")).toBeNull();
    cleanup();
    openSettings("operator", "");
    await screen.findByTestId("tab-general");
    expect(screen.queryByTestId("tab-refused")).toBeNull();
  });
});
