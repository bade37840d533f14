import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlanCard as BillingPlanCard } from "@/features/billing-account/components/plan-card";
import type { BillingState } from "@/features/billing-account/api";
import { CheckoutForm } from "@/features/billing/components/checkout-form";
import { describeEntry, describePayment } from "@/features/billing/describe";
import { PaymentOutcome } from "@/features/billing/components/payment-outcome";
import type { LedgerEntry, Payment, Plan, PlanQuote } from "@/features/billing/pay-api";
import { i18n } from "@/lib/i18n";
import { jsonResponse, stubFetch, stubResizeObserver } from "./support/fixtures";
import { testQueryClient } from "./support/render";

/**
 * Checkout states what choosing a plan does before anything is paid: the plan the account has and
 * until when, the new plan's price, the credit of the unused days (an upgrade), what is paid now,
 * and when the new plan starts; a cheaper plan is scheduled for the period's end without a payment,
 * and the current plan is marked and not sold again. The typed top-up amount stays in the URL, and
 * «Попробовать снова» after a declined top-up keeps its kopecks.
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const DAY = 86_400_000;

beforeAll(async () => {
  stubResizeObserver();
  await i18n.loadLanguages(["ru", "en"]);
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["billing", "common"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const units = { aiReplies: 2000, messagesIn: 10000, messagesOut: 10000, broadcastRecipients: 1000, assistants: 3, channels: 3, seats: 3 };
const plan = (code: string, name: string, monthly: number): Plan =>
  ({
    id: `plan-${code}`,
    code,
    name,
    description: "",
    translations: {},
    monthlyPriceKopecks: monthly,
    yearlyPriceKopecks: monthly * 10,
    yearlyDiscountPercent: 17,
    free: false,
    included: units,
    overage: { aiReplies: 250, messagesIn: 5, messagesOut: 5, broadcastRecipients: 0 },
    active: true,
    archived: false,
    sortOrder: 1,
    createdAt: 0,
    updatedAt: 0,
  }) as Plan;
const start = plan("start", "Старт", 199000);
const business = plan("business", "Бизнес", 499000);

const now = Date.now();
const periodEnd = now + 20 * DAY + 3_600_000;
const current = { plan: start, period: "month" as const, status: "active" as const, periodStart: now - 10 * DAY, periodEnd, paid: true };
const upgrade: PlanQuote = {
  kind: "upgrade",
  plan: business,
  period: "month",
  current,
  priceKopecks: 499000,
  creditDays: 20,
  periodDays: 30,
  creditKopecks: 132666,
  payNowKopecks: 366334,
  balanceKopecks: 0,
  fromBalanceKopecks: 0,
  byCardKopecks: 366334,
  toBalanceKopecks: 0,
  startsAt: now,
  endsAt: now + 30 * DAY,
  scheduled: null,
} as PlanQuote;

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

function renderCheckout(url: string, quote: PlanQuote | null, billingPlan = start) {
  const calls = stubFetch((u, init) => {
    if (u.includes("/billing/plan-change") && init.method === "POST") return jsonResponse(200, { change: "scheduled", startsAt: periodEnd, message: "ok" });
    if (u.includes("/billing/plan-change")) return quote ? jsonResponse(200, quote) : jsonResponse(404, { message: "Не найдено" });
    if (u.includes("/billing")) return jsonResponse(200, { plan: billingPlan, subscription: { billingPeriod: "month", status: "active", periodStart: current.periodStart, periodEnd } });
    if (u.includes("/plans")) return jsonResponse(200, { data: [start, business] });
    return jsonResponse(404, { message: "Не найдено" });
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <CheckoutForm accountId="acc-1" defaultEmail="demo@assistly.local" />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe("checkout of a plan while another is paid", () => {
  it("an upgrade shows the current plan, the unused days' credit and what is paid now", async () => {
    renderCheckout("/checkout?accountId=acc-1&kind=plan&plan=plan-business&period=month", upgrade);
    const summary = await screen.findByTestId("order-summary");
    await waitFor(() => expect(within(summary).getByTestId("order-credit")).toBeTruthy());
    expect(nbsp(within(summary).getByTestId("order-current").textContent!)).toMatch(/^Сейчас: «Старт» на месяц, оплачен до \d+ \S+$/);
    expect(nbsp(within(summary).getByTestId("order-plan").textContent!)).toMatch(/^Тариф «Бизнес»С .+ по .+, на месяц4 990 ₽$/);
    expect(within(summary).getByTestId("order-line").textContent).toBe("Тариф «Бизнес»");
    expect(nbsp(within(summary).getByTestId("order-credit").textContent!)).toBe("Остаток тарифа «Старт»Неиспользованные дни: 20 из 30−1 326,66 ₽");
    expect(nbsp(within(summary).getByTestId("order-total").textContent!)).toBe("3 663,34 ₽");
    expect(within(summary).getByTestId("order-note").textContent).toMatch(/^«Бизнес» начнёт действовать сразу после оплаты, с новым периодом до .+\. Неиспользованные дни «Старт» зачтены в цену, и «Старт» закончится в момент перехода\.$/);
    expect(nbsp(screen.getByTestId("checkout-pay").textContent!)).toBe("Оплатить 3 663,34 ₽");
    // The account's plan is marked in the list.
    expect(within(screen.getByTestId("checkout-plan-start")).getByTestId("checkout-plan-current").textContent).toBe("Ваш тариф");
    expect(within(screen.getByTestId("checkout-plan-business")).queryByTestId("checkout-plan-current")).toBeNull();
  });

  it("a downgrade says nothing is paid now and schedules the plan for the period's end", async () => {
    const downgrade = { ...upgrade, kind: "downgrade", plan: start, current: { ...current, plan: business }, priceKopecks: 199000, creditDays: 0, periodDays: 0, creditKopecks: 0, payNowKopecks: 0, byCardKopecks: 0, startsAt: periodEnd, endsAt: periodEnd + 30 * DAY } as PlanQuote;
    const calls = renderCheckout("/checkout?accountId=acc-1&kind=plan&plan=plan-start&period=month", downgrade, business);
    const button = await screen.findByTestId("checkout-change");
    expect(button.textContent).toMatch(/^Перейти на «Старт» с \d+ \S+$/);
    const summary = screen.getByTestId("order-summary");
    expect(nbsp(within(summary).getByTestId("order-total").textContent!)).toBe("0 ₽");
    expect(nbsp(within(summary).getByTestId("order-note").textContent!)).toMatch(/^Сейчас ничего не списывается: «Бизнес» работает до .+, затем подключится «Старт», и при продлении спишется 1 990 ₽ — с баланса или с сохранённой карты\./);
    expect(screen.queryByTestId("checkout-pay")).toBeNull();
    expect(screen.queryByTestId("receipt-email")).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.init.method === "POST")).toBe(true));
    const post = calls.find((c) => c.init.method === "POST")!;
    expect(post.url).toContain("/api/accounts/acc-1/billing/plan-change");
    expect(JSON.parse(String(post.init.body))).toEqual({ planId: "plan-start", period: "month" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/acc-1/billing"));
  });

  it("the current plan is not sold again", async () => {
    const same = { ...upgrade, kind: "current", plan: start, priceKopecks: 199000, creditDays: 0, periodDays: 0, creditKopecks: 0, payNowKopecks: 0, byCardKopecks: 0 } as PlanQuote;
    renderCheckout("/checkout?accountId=acc-1&kind=plan&plan=plan-start&period=month", same);
    const button = await screen.findByTestId("checkout-current");
    expect(button.textContent).toBe("Это ваш текущий тариф");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("order-note").textContent).toMatch(/^Это ваш текущий тариф: он оплачен до .+ и продлится сам\./);
  });
});

describe("checkout of a plan with money on the balance", () => {
  const trial = { ...current, plan: { ...start, id: "plan-trial", code: "trial", name: "Пробный", free: true, monthlyPriceKopecks: 0 } as Plan, paid: false };
  const newStart = (useBalance: boolean, balance: number): PlanQuote =>
    ({
      ...upgrade,
      kind: "new",
      plan: start,
      current: trial,
      priceKopecks: 199000,
      creditDays: 0,
      periodDays: 0,
      creditKopecks: 0,
      payNowKopecks: 199000,
      balanceKopecks: balance,
      fromBalanceKopecks: useBalance ? Math.min(balance, 199000) : 0,
      byCardKopecks: useBalance ? Math.max(0, 199000 - balance) : 199000,
    }) as PlanQuote;
  function renderWithBalance(balance: number) {
    const calls = stubFetch((u, init) => {
      if (u.includes("/billing/plan-change") && init.method === "POST") return jsonResponse(200, { change: "applied", paymentId: "p1", message: "ok" });
      if (u.includes("/billing/plan-change")) return jsonResponse(200, newStart(!u.includes("useBalance=false"), balance));
      if (u.includes("/checkout")) return jsonResponse(201, { paymentId: "p2", confirmationUrl: null, status: "pending" });
      if (u.includes("/billing")) return jsonResponse(200, { plan: trial.plan, subscription: { billingPeriod: "month", status: "active", periodStart: current.periodStart, periodEnd } });
      if (u.includes("/plans")) return jsonResponse(200, { data: [start, business] });
      return jsonResponse(404, { message: "Не найдено" });
    });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={["/checkout?accountId=acc-1&kind=plan&plan=plan-start&period=month"]}>
          <CheckoutForm accountId="acc-1" defaultEmail="demo@assistly.local" />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return calls;
  }

  it("the balance pays first and the card the rest; unticked, the card pays it all", async () => {
    const calls = renderWithBalance(50000);
    const split = await screen.findByTestId("order-balance-split");
    expect(nbsp(split.textContent!)).toBe("С баланса: 500 ₽, к оплате картой: 1 490 ₽");
    const summary = screen.getByTestId("order-summary");
    expect(nbsp(within(summary).getByTestId("order-from-balance").textContent!)).toBe("С баланса−500 ₽");
    expect(nbsp(within(summary).getByTestId("order-total").textContent!)).toBe("1 490 ₽");
    expect(nbsp(screen.getByText(/^Оплатить с баланса/).textContent!)).toBe("Оплатить с баланса (на балансе 500 ₽)");
    expect(nbsp(screen.getByTestId("checkout-pay").textContent!)).toBe("Оплатить 1 490 ₽");

    fireEvent.click(screen.getByTestId("order-use-balance"));
    await waitFor(() => expect(nbsp(screen.getByTestId("checkout-pay").textContent!)).toBe("Оплатить 1 990 ₽"));
    expect(screen.queryByTestId("order-balance-split")).toBeNull();
    expect(nbsp(within(summary).getByTestId("order-total").textContent!)).toBe("1 990 ₽");
    expect(calls.some((c) => c.url.includes("/billing/plan-change") && c.url.includes("useBalance=false"))).toBe(true);
    fireEvent.click(screen.getByTestId("checkout-pay"));
    await waitFor(() => expect(calls.some((c) => c.url.includes("/checkout"))).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url.includes("/checkout"))!.init.body))).toMatchObject({ kind: "plan", planId: "plan-start", useBalance: false });
  });

  it("a balance that covers the price pays the plan without a card", async () => {
    const calls = renderWithBalance(300000);
    const button = await screen.findByTestId("checkout-change");
    expect(nbsp(button.textContent!)).toBe("Оплатить «Старт» с баланса — 1 990 ₽");
    expect(nbsp(screen.getByTestId("order-balance-split").textContent!)).toBe("С баланса: 1 990 ₽, картой платить не нужно");
    expect(screen.queryByTestId("checkout-pay")).toBeNull();
    expect(screen.queryByTestId("receipt-email")).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.init.method === "POST")).toBe(true));
    const post = calls.find((c) => c.init.method === "POST")!;
    expect(post.url).toContain("/api/accounts/acc-1/billing/plan-change");
    expect(JSON.parse(String(post.init.body))).toEqual({ planId: "plan-start", period: "month" });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/acc-1/billing"));
  });

  it("the ledger names a plan paid from the balance in every language", async () => {
    const item = { kind: "plan", plan: "Старт", planTranslations: { en: { name: "Start" } }, period: "month" } as const;
    const part = { details: { kind: "purchase", item: { ...item, fromBalance: { balanceKopecks: 50000, cardKopecks: 149000 } } }, description: "" } as unknown as LedgerEntry;
    const whole = { details: { kind: "purchase", item: { ...item, fromBalance: { balanceKopecks: 199000, cardKopecks: 0 } } }, description: "" } as unknown as LedgerEntry;
    const ru = i18n.getFixedT("ru", "billing");
    const en = i18n.getFixedT("en", "billing");
    expect(nbsp(describeEntry(ru, part))).toBe("Тариф «Старт» на месяц: с баланса 500 ₽, картой 1 490 ₽");
    expect(describeEntry(ru, whole)).toBe("Тариф «Старт» на месяц: оплата с баланса");
    expect(describeEntry(en, whole)).toMatch(/^.*Start.*: paid from the balance$/);
  });
});

describe("top-up amounts", () => {
  it("keeps the typed amount in the URL, replacing it", async () => {
    renderCheckout("/checkout?accountId=acc-1&kind=topup&amount=1000", null);
    const input = (await screen.findByTestId("topup-amount")) as HTMLInputElement;
    expect(input.value).toBe("1000");
    fireEvent.change(input, { target: { value: "700" } });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/checkout?accountId=acc-1&kind=topup&amount=700"));
    fireEvent.change(input, { target: { value: "1 234,56" } });
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/checkout?accountId=acc-1&kind=topup&amount=1234.56"));
    expect(nbsp(screen.getByTestId("checkout-pay").textContent!)).toBe("Оплатить 1 234,56 ₽");
  });

  it("reads an amount with kopecks from the URL", async () => {
    renderCheckout("/checkout?accountId=acc-1&kind=topup&amount=1234.56", null);
    const input = (await screen.findByTestId("topup-amount")) as HTMLInputElement;
    expect(input.value).toBe("1234,56");
  });

  it("«Попробовать снова» after a declined top-up keeps its kopecks", async () => {
    const p = {
      id: "p1",
      purpose: "topup",
      planId: null,
      billingPeriod: null,
      packageId: null,
      amountKopecks: 123456,
      refundedKopecks: 0,
      creditKopecks: 0,
      status: "canceled",
      final: true,
      description: "Пополнение баланса на 1 234,56 ₽",
      details: { kind: "topup", amountKopecks: 123456, invoiceNumber: null },
      confirmationUrl: null,
      receiptEmail: null,
      methodTitle: null,
      method: null,
      cancellationReason: "card_expired",
      error: null,
      applied: false,
      createdAt: 0,
      updatedAt: 0,
    } as unknown as Payment;
    stubFetch((u) => (u.includes("/payments/p1") ? jsonResponse(200, p) : jsonResponse(404, { message: "Не найдено" })));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={["/checkout?accountId=acc-1&paymentId=p1"]}>
          <PaymentOutcome accountId="acc-1" paymentId="p1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const retry = await screen.findByRole("link", { name: "Попробовать снова" });
    expect(retry.getAttribute("href")).toBe("/checkout?accountId=acc-1&kind=topup&amount=1234.56");
  });
});

describe("the subscription and the ledger say what a plan change did", () => {
  it("/billing shows the scheduled downgrade, and «Отменить переход» drops it", async () => {
    const calls = stubFetch((_u, init) => (init.method === "DELETE" ? jsonResponse(200, { message: "ok" }) : jsonResponse(404, { message: "Не найдено" })));
    const billing = {
      plan: business,
      subscription: { status: "active", billingPeriod: "month", periodStart: current.periodStart, periodEnd, graceUntil: null, lastRenewalError: null, downgradedFromPlanId: null, scheduledChange: { plan: start, period: "month", startsAt: periodEnd }, paymentMethod: null, autoTopup: null },
      balanceKopecks: 0,
      unsettledKopecks: 0,
      units: [],
      limits: { state: "ok", aiStopped: false, exhausted: [], warning: [], graceUntil: null },
      notifications: [],
    } as unknown as BillingState;
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <BillingPlanCard accountId="acc-1" billing={billing} canPay />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const line = screen.getByTestId("billing-scheduled");
    expect(nbsp(line.textContent!)).toMatch(/^С \d+ \S+ — «Старт», 1 990 ₽ в месяцОтменить переход$/);
    fireEvent.click(within(line).getByTestId("billing-scheduled-cancel"));
    await waitFor(() => expect(calls.some((c) => c.init.method === "DELETE" && c.url.includes("/api/accounts/acc-1/billing/plan-change"))).toBe(true));
  });

  it("/billing offers not to renew a paid plan and to move to the free one at the period's end, shown like a downgrade", async () => {
    const trialPlan = { ...start, id: "plan-trial", code: "trial", name: "Пробный", free: true, monthlyPriceKopecks: 0, yearlyPriceKopecks: 0 } as Plan;
    const calls = stubFetch((u, init) =>
      init.method === "POST" ? jsonResponse(200, { change: "scheduled", startsAt: periodEnd, message: "ok" }) : u.includes("/plans") ? jsonResponse(200, { data: [trialPlan, start, business] }) : jsonResponse(404, { message: "Не найдено" }),
    );
    const billing = (scheduledChange: unknown) =>
      ({
        plan: business,
        subscription: { status: "active", billingPeriod: "month", periodStart: current.periodStart, periodEnd, graceUntil: null, lastRenewalError: null, downgradedFromPlanId: null, scheduledChange, paymentMethod: null, autoTopup: null },
        balanceKopecks: 0,
        unsettledKopecks: 0,
        units: [],
        limits: { state: "ok", aiStopped: false, exhausted: [], warning: [], graceUntil: null },
        notifications: [],
      }) as unknown as BillingState;
    const { unmount } = render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <BillingPlanCard accountId="acc-1" billing={billing(null)} canPay />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = await screen.findByTestId("billing-to-free");
    expect(button.textContent).toMatch(/^Не продлевать: с \d+ \S+ перейти на «Пробный»$/);
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.init.method === "POST")).toBe(true));
    const post = calls.find((c) => c.init.method === "POST")!;
    expect(post.url).toContain("/api/accounts/acc-1/billing/plan-change");
    expect(JSON.parse(String(post.init.body))).toEqual({ planId: "plan-trial", period: "month" });
    unmount();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <BillingPlanCard accountId="acc-1" billing={billing({ plan: trialPlan, period: "month", startsAt: periodEnd })} canPay />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(nbsp(screen.getByTestId("billing-scheduled").textContent!)).toMatch(/^С \d+ \S+ — «Пробный», бесплатноОтменить переход$/);
    expect(screen.queryByTestId("billing-to-free")).toBeNull();
  });

  it("names an upgrade's payment and its credit row", () => {
    const t = i18n.getFixedT("ru", "billing");
    const tr = {};
    expect(describePayment(t, { description: "", details: { kind: "plan", plan: "Бизнес", planTranslations: tr, period: "month", upgradeFrom: { plan: "Старт", planTranslations: tr, creditKopecks: 132666, days: 20 } } } as Payment)).toBe(
      "Переход на тариф «Бизнес» на месяц с тарифа «Старт»",
    );
    expect(describeEntry(t, { description: "", details: { kind: "planCredit", plan: "Старт", planTranslations: tr, days: 21 } } as LedgerEntry)).toBe("Остаток тарифа «Старт» за 21 день — в счёт нового тарифа");
    expect(describeEntry(i18n.getFixedT("en", "billing"), { description: "", details: { kind: "planCredit", plan: "Старт", planTranslations: { en: { name: "Start" } }, days: 20 } } as LedgerEntry)).toBe(
      "Unused 20 days of “Start”, towards the new plan",
    );
  });
});
