import { cleanup, screen, within } from "@testing-library/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { LedgerTable } from "@/features/billing/components/ledger-table";
import { PaymentsTable } from "@/features/billing/components/payments-table";
import { describeEntry, describePayment, methodLabel } from "@/features/billing/describe";
import type { LedgerEntry, LedgerPage, Payment, PaymentsPage } from "@/features/billing/pay-api";
import { formatRub, i18n } from "@/lib/i18n";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The billing pages word payments, ledger rows and cards in the reader's language, from what the API
 * says they are about (`details`, `method`), not from the Russian text the server stores; the card
 * is named one way everywhere (type and last four digits, as /payment-info shows it).
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const t = (lng: string) => i18n.getFixedT(lng, "billing");
const CYRILLIC = /[а-яё]/i;

beforeAll(async () => {
  await i18n.loadLanguages(["ru", "en"]);
  await i18n.loadNamespaces(["billing"]);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("ru");
});

const card = { type: "bank_card", cardType: "MasterCard", cardLast4: "4444", invoiceNumber: null, title: "MasterCard •••• 4444" };
const payment = (over: Partial<Payment>): Payment =>
  ({
    id: "p1",
    providerPaymentId: "2f1d04b2",
    purpose: "auto_topup",
    planId: null,
    billingPeriod: null,
    packageId: null,
    amountKopecks: 200000,
    refundedKopecks: 0,
    status: "succeeded",
    final: true,
    description: "Автопополнение баланса на 2 000 ₽",
    details: { kind: "autoTopup", amountKopecks: 200000 },
    confirmationUrl: null,
    receiptEmail: "demo@assistly.local",
    methodTitle: "MasterCard •••• 4444",
    method: card,
    cancellationReason: null,
    error: null,
    applied: true,
    createdAt: Date.UTC(2026, 0, 10, 9),
    updatedAt: Date.UTC(2026, 0, 10, 9),
    ...over,
  }) as Payment;
const entry = (over: Partial<LedgerEntry>): LedgerEntry =>
  ({ id: "e1", type: "charge", amountKopecks: -48000, description: "Сверх тарифа: 240 ответов ИИ", details: { kind: "usage", metric: "aiReplies", units: 240 }, metric: "aiReplies", units: 240, periodStart: 0, paymentId: null, reason: null, createdAt: Date.UTC(2026, 0, 9), ...over }) as LedgerEntry;
const page = <T,>(rows: T[]) => ({ data: { data: rows, meta: { total: rows.length, limit: 20, lastPage: 1, page: 1 } }, isPending: false, isError: false, isPlaceholderData: false }) as unknown;

describe("billing texts in the reader's language", () => {
  it("formats the amounts of the details in the interface's language", async () => {
    await i18n.changeLanguage("en");
    expect(describePayment(t("en"), payment({}))).toBe(`Auto top-up of ${formatRub(200000)}`);
    expect(formatRub(200000)).not.toMatch(CYRILLIC);
  });

  it("words payments from their details, in Russian and in English", () => {
    const plan = payment({ purpose: "plan", description: "Тариф «Бизнес» на месяц", details: { kind: "plan", plan: "Бизнес", planTranslations: {}, period: "month" } });
    expect(describePayment(t("ru"), plan)).toBe("Тариф «Бизнес» на месяц");
    expect(describePayment(t("en"), plan)).toBe("“Бизнес” plan for a month");
    expect(nbsp(describePayment(t("ru"), payment({})))).toBe("Автопополнение баланса на 2 000 ₽");
    expect(describePayment(t("en"), payment({}))).toMatch(/^Auto top-up of /);
    const pkg = payment({ purpose: "package", details: { kind: "package", name: "Старт", translations: {}, recipients: 1000 } });
    expect(nbsp(describePayment(t("ru"), pkg))).toBe("Пакет рассылок «Старт»: 1 000 получателей");
    expect(describePayment(t("en"), { ...pkg, details: { kind: "package", name: "Старт", translations: {}, recipients: 500 } })).toBe("Broadcast package “Старт”: 500 recipients");
    expect(describePayment(t("en"), { ...pkg, details: { kind: "package", name: "Старт", translations: {}, recipients: 1 } })).toBe("Broadcast package “Старт”: 1 recipient");
    const transfer = payment({ purpose: "topup", details: { kind: "topup", amountKopecks: 1_000_000, invoiceNumber: "СЧ-00003" } });
    expect(describePayment(t("en"), transfer)).toBe("Balance top-up by invoice No. СЧ-00003");
    // A payment the server could not describe keeps its stored text.
    expect(describePayment(t("en"), payment({ details: null, description: "Старый платёж" }))).toBe("Старый платёж");
  });

  it("words ledger rows: usage beyond the plan, an administrator's credit, a payment and what it bought", () => {
    const usage = entry({});
    expect(describeEntry(t("ru"), usage)).toBe("Сверх тарифа: 240 ответов ИИ");
    expect(describeEntry(t("en"), usage)).toBe("Beyond the plan: 240 AI replies");
    expect(describeEntry(t("en"), entry({ details: { kind: "usage", metric: "messagesOut", units: 1 } }))).toBe("Beyond the plan: 1 outgoing message");
    const bonus = entry({ type: "adjustment", amountKopecks: 50000, description: "Начисление администратором", details: { kind: "adjustment", credit: true } });
    expect(describeEntry(t("ru"), bonus)).toBe("Начисление администратором");
    expect(describeEntry(t("en"), bonus)).toBe("Credited by an administrator");
    const item = { kind: "plan" as const, plan: "Бизнес", planTranslations: {}, period: "month" as const };
    expect(describeEntry(t("ru"), entry({ type: "topup", details: { kind: "payment", item } }))).toBe("Оплата: Тариф «Бизнес» на месяц");
    expect(describeEntry(t("en"), entry({ type: "topup", details: { kind: "payment", item } }))).toBe("Payment: “Бизнес” plan for a month");
    expect(describeEntry(t("en"), entry({ type: "subscription", details: { kind: "purchase", item } }))).toBe("“Бизнес” plan for a month");
    expect(describeEntry(t("en"), entry({ type: "subscription", details: { kind: "renewalFromBalance", plan: "Старт", planTranslations: {} } }))).toBe("“Старт” plan renewed from the balance");
    expect(describeEntry(t("ru"), entry({ type: "subscription", details: { kind: "renewalFromBalance", plan: "Старт", planTranslations: {} } }))).toBe("Продление тарифа «Старт» с баланса");
  });

  it("names a card one way: type and last four digits, a generic word when the type is unknown", () => {
    expect(methodLabel(t("ru"), card)).toBe("MasterCard •••• 4444");
    expect(methodLabel(t("en"), card)).toBe("MasterCard •••• 4444");
    expect(methodLabel(t("ru"), { ...card, cardType: null })).toBe("Карта •••• 4444");
    expect(methodLabel(t("en"), { ...card, cardType: null })).toBe("Card •••• 4444");
    expect(methodLabel(t("ru"), { type: "bank_card", title: "Bank card" })).toBe("Банковская карта");
    expect(methodLabel(t("en"), { type: "bank_transfer", invoiceNumber: "СЧ-00001", title: "Банковский перевод, счёт № СЧ-00001" })).toBe("Bank transfer, invoice No. СЧ-00001");
    expect(methodLabel(t("en"), { type: "sbp", title: "SBP" })).toBe("SBP (Faster Payments)");
    expect(methodLabel(t("ru"), { type: null, title: "YooMoney wallet 410011758831136" })).toBe("YooMoney wallet 410011758831136");
  });

  it("the auto top-up text says the balance is topped up from the card, not that the card is topped up", () => {
    const ru = t("ru")("autoTopUp.description", { method: "MasterCard •••• 4444" });
    expect(ru).toContain("с карты MasterCard •••• 4444 будет списана выбранная сумма и зачислена на баланс");
    expect(ru).not.toMatch(/карта .* будет пополнена/);
  });
});

describe("payments and ledger tables", () => {
  it("in English: no Russian stored text, the card by type and digits", async () => {
    await i18n.changeLanguage("en");
    renderWithClient(testQueryClient(), <PaymentsTable list={page([payment({})]) as UseQueryResult<PaymentsPage>} p={{ page: 1, limit: 20 }} filtered={false} update={() => {}} onReset={() => {}} onReceipt={() => {}} />);
    const row = screen.getByTestId("payment-description").closest("td")!;
    expect(nbsp(row.textContent!)).toMatch(/^Auto top-up of .*2,000Auto top-up · MasterCard •••• 4444$/);
    expect(row.textContent).not.toMatch(CYRILLIC);
    cleanup();
    renderWithClient(testQueryClient(), <LedgerTable list={page([entry({})]) as UseQueryResult<LedgerPage>} p={{ page: 1, limit: 20 }} filtered={false} update={() => {}} onReset={() => {}} onReceipt={() => {}} />);
    expect(screen.getByTestId("ledger-description").textContent).toBe("Beyond the plan: 240 AI replies");
  });

  it("in Russian: the purpose and the card as /payment-info names it", async () => {
    await i18n.changeLanguage("ru");
    renderWithClient(testQueryClient(), <PaymentsTable list={page([payment({ purpose: "plan", description: "Тариф «Бизнес» на месяц", details: { kind: "plan", plan: "Бизнес", planTranslations: {}, period: "month" } })]) as UseQueryResult<PaymentsPage>} p={{ page: 1, limit: 20 }} filtered={false} update={() => {}} onReset={() => {}} onReceipt={() => {}} />);
    const cell = screen.getByTestId("payment-description").closest("td")!;
    expect(within(cell).getByText("Оплата тарифа · MasterCard •••• 4444")).toBeTruthy();
    expect(cell.textContent).not.toContain("Bank card");
  });
});
