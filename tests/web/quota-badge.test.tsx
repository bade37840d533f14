import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { QuotaBadge } from "@/features/broadcasts/components/quota-badge";
import { i18n } from "@/lib/i18n";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The broadcasts page's quota badge: the account's remaining recipients from
 * GET /api/accounts/{id}/broadcast-quota (the plan's for this period plus the packages'), with the
 * plan's part and the unexpired packages and their expiry on hover, in the order they are spent.
 */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["broadcasts"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const grant = (over: Record<string, unknown>) => ({ id: "g", packageId: "p", packageName: "Старт", recipients: 1000, used: 0, reserved: 0, remaining: 1000, expired: false, source: "admin", createdAt: 0, expiresAt: Date.UTC(2026, 11, 31), ...over });
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const plan = (over: Record<string, unknown> = {}) => ({ name: "Пробный", included: 100, used: 0, reserved: 0, remaining: 100, periodEnd: Date.UTC(2026, 5, 12), ...over });

function renderBadge(answer: { status: number; body: unknown }) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const client = testQueryClient();
  renderWithClient(client, <QuotaBadge accountId="acc-1" />);
  return fetch;
}

describe("quota badge", () => {
  it("shows the remaining recipients and lists the packages with their expiry in the tooltip", async () => {
    const fetch = renderBadge({
      status: 200,
      body: {
        remaining: 10_697,
        reserved: 400,
        plan: plan({ used: 3, remaining: 97 }),
        packagesRemaining: 10_600,
        reservations: [{ broadcastId: "b1", reserved: 400, since: 0 }],
        grants: [
          grant({ id: "g1", packageName: "Бизнес", recipients: 10_000, remaining: 10_000, expiresAt: Date.UTC(2027, 1, 20) }),
          grant({ id: "g2", packageName: "Старт", recipients: 1000, reserved: 400, remaining: 600, expiresAt: Date.UTC(2026, 11, 31) }),
          grant({ id: "g3", packageName: "Профи", recipients: 50_000, remaining: 0, expired: true, expiresAt: Date.UTC(2026, 0, 1) }),
        ],
      },
    });
    expect(screen.getByTestId("quota-badge-loading")).toBeTruthy();
    const badge = await screen.findByTestId("quota-badge");
    expect(nbsp(badge.textContent!)).toBe("Осталось 10 697 получателей");
    expect(String(fetch.mock.calls[0]![0])).toContain("/api/accounts/acc-1/broadcast-quota");

    fireEvent.focus(badge);
    const lines = await screen.findAllByTestId("quota-grants");
    const text = nbsp(lines[0]!.textContent!);
    // the plan's part first, then the earliest expiry (the order broadcasts spend them in); the expired package is not listed
    expect(text).toContain("По тарифу «Пробный»: 97 из 100 · до 12.06.2026");
    expect(text.indexOf("Пробный")).toBeLessThan(text.indexOf("Старт"));
    expect(text.indexOf("Старт")).toBeLessThan(text.indexOf("Бизнес"));
    expect(text).toContain("600 из 1 000 · до 31.12.2026");
    expect(text).toContain("10 000 из 10 000 · до 20.02.2027");
    expect(text).toContain("400 получателей заняты идущими рассылками");
    expect(text).not.toContain("Профи");
  });

  it("warns when nothing is left and says so when the quota cannot be loaded", async () => {
    renderBadge({ status: 200, body: { remaining: 0, reserved: 0, reservations: [], grants: [], packagesRemaining: 0, plan: plan({ used: 100, remaining: 0 }) } });
    const empty = await screen.findByTestId("quota-badge");
    expect(nbsp(empty.textContent!)).toBe("Осталось 0 получателей");
    fireEvent.focus(empty);
    expect((await screen.findAllByText("Нет действующих пакетов рассылок")).length).toBeGreaterThan(0);
    expect(nbsp((await screen.findAllByTestId("quota-plan-line"))[0]!.textContent!)).toBe("По тарифу «Пробный»: 0 из 100 · до 12.06.2026");
    cleanup();

    renderBadge({ status: 500, body: { statusCode: 500, error: "Internal Server Error", message: "Внутренняя ошибка сервера. Попробуйте позже." } });
    await waitFor(() => expect(screen.getByTestId("quota-badge").textContent).toBe("Не удалось загрузить остаток получателей"));
  });
});
