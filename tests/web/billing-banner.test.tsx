import { cleanup, render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BillingBanner } from "@/features/billing-account/components/billing-banner";
import { i18n } from "@/lib/i18n";
import { registerQueryClient } from "@/lib/query-client-store";
import { setCurrentAccountId } from "@/lib/session-store";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { testQueryClient } from "./support/render";

/** The app's «ИИ остановлен» banner: its «Пополнить баланс» opens the top-up checkout, not just /billing. */
const can = vi.hoisted(() => ({ update: true }));
vi.mock("@/lib/ability", () => ({ useAbility: () => ({ can: (action: string) => action === "read" || can.update }) }));

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCurrentAccountId(null);
});

function renderBanner(state: string) {
  stubFetch((url) => (url.includes("/billing/banner") ? jsonResponse(200, { state, aiStopped: state === "ai_stopped", graceUntil: null, message: null }) : jsonResponse(404, { message: "Не найдено" })));
  const client = testQueryClient();
  registerQueryClient(client);
  setCurrentAccountId("acc-1");
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BillingBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("billing banner", () => {
  it("«Пополнить баланс» on the AI-stopped banner opens the top-up checkout", async () => {
    can.update = true;
    renderBanner("ai_stopped");
    const link = await screen.findByTestId("billing-banner-action");
    expect(link.textContent).toBe("Пополнить баланс");
    expect(link.getAttribute("href")).toBe("/checkout?accountId=acc-1&kind=topup");
  });

  it("an admin, who reads billing but does not pay, is sent to the billing page", async () => {
    can.update = false;
    renderBanner("ai_stopped");
    expect((await screen.findByTestId("billing-banner-action")).getAttribute("href")).toBe("/acc-1/billing");
  });
});
