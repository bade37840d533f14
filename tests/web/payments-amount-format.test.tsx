import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CheckoutForm } from "@/features/billing/components/checkout-form";
import { PaymentOutcome } from "@/features/billing/components/payment-outcome";
import type { Payment } from "@/features/billing/pay-api";
import { i18n } from "@/lib/i18n";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { testQueryClient } from "./support/render";

/**
 * The checkout's order summary groups the package's recipients as the lists do ("1 000", not
 * "1000"), and the return page from the payment names what was paid and its amount once: a
 * top-up, whose description is its amount, is not followed by the same amount again.
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["billing", "common"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string, ui: React.ReactElement) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const payment = (over: Partial<Payment>): Payment =>
  ({
    id: "p1",
    providerPaymentId: "2f1d04b2",
    purpose: "topup",
    planId: null,
    billingPeriod: null,
    packageId: null,
    amountKopecks: 250000,
    refundedKopecks: 0,
    status: "canceled",
    final: true,
    description: "Пополнение баланса на 2 500 ₽",
    details: { kind: "topup", amountKopecks: 250000, invoiceNumber: null },
    confirmationUrl: null,
    receiptEmail: "demo@assistly.local",
    methodTitle: null,
    method: null,
    cancellationReason: "card_expired",
    error: null,
    applied: false,
    createdAt: 0,
    updatedAt: 0,
    ...over,
  }) as Payment;

describe("checkout summary", () => {
  it("groups the digits of the package's recipients", async () => {
    stubFetch((url) => {
      if (url.includes("/broadcast-packages")) return jsonResponse(200, { data: [{ id: "pk1", name: "Старт", recipients: 1000, priceKopecks: 49000, validityDays: 30 }] });
      if (url.includes("/plans")) return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: "Не найдено" });
    });
    renderAt("/checkout?accountId=acc-1&kind=package", <CheckoutForm accountId="acc-1" defaultEmail="demo@assistly.local" />);
    const summary = await screen.findByTestId("order-summary");
    await waitFor(() => expect(nbsp(summary.textContent!)).toContain("1 000 получателей, действует 30 дн."));
    expect(summary.textContent).not.toContain("1000");
  });
});

describe("payment outcome", () => {
  function renderOutcome(p: Payment) {
    stubFetch((url) => (url.includes("/payments/p1") ? jsonResponse(200, p) : jsonResponse(404, { message: "Не найдено" })));
    renderAt("/checkout?accountId=acc-1&paymentId=p1", <PaymentOutcome accountId="acc-1" paymentId="p1" />);
  }

  it("does not repeat a top-up's amount after its description", async () => {
    renderOutcome(payment({}));
    const card = await screen.findByTestId("payment-outcome");
    expect(card.getAttribute("data-state")).toBe("declined");
    const text = nbsp(card.textContent!);
    expect(text).toContain("Пополнение баланса на 2 500 ₽");
    expect(text.split("2 500 ₽")).toHaveLength(2);
  });

  it("shows the amount after a description that does not state it", async () => {
    renderOutcome(payment({ purpose: "package", amountKopecks: 49000, packageId: "pk1", description: "Пакет рассылок «Старт»: 1 000 получателей", details: { kind: "package", name: "Старт", translations: {}, recipients: 1000 } }));
    const card = await screen.findByTestId("payment-outcome");
    expect(nbsp(card.textContent!)).toContain("Пакет рассылок «Старт»: 1 000 получателей · 490 ₽");
  });
});
