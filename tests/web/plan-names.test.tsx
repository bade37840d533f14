import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PlanCard as BillingPlanCard } from "@/features/billing-account/components/plan-card";
import type { BillingState } from "@/features/billing-account/api";
import { PlanDialog } from "@/features/billing-admin/components/plan-dialog";
import type { AdminPlan } from "@/features/billing-admin/api";
import { PlanCard } from "@/features/billing/components/plan-card";
import { describePayment } from "@/features/billing/describe";
import { packageName, planDescription, planName } from "@/features/billing/localized-name";
import type { Payment, Plan } from "@/features/billing/pay-api";
import { PackageDialog } from "@/features/broadcast-packages/components/package-dialog";
import type { BroadcastPackage } from "@/features/broadcast-packages/api";
import { QuotaGrants } from "@/features/broadcasts/components/quota-grants";
import { i18n } from "@/lib/i18n";
import { jsonResponse, stubFetch, stubResizeObserver } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * Plans and broadcast packages are administrators' data stored in Russian; their `translations`
 * give the English, French and Arabic names (and plans' descriptions). Every page names them in the
 * interface's language and falls back to the Russian text where a language has none; the admin
 * editors save the translations.
 */
const CYRILLIC = /[а-яё]/i;

beforeAll(async () => {
  stubResizeObserver();
  await i18n.loadLanguages(["ru", "en", "ar"]);
  await i18n.loadNamespaces(["billing", "admin", "broadcasts", "common"]);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("ru");
});

const units = { aiReplies: 10000, messagesIn: 50000, messagesOut: 50000, broadcastRecipients: 5000, assistants: 10, channels: 10, seats: 10 };
const business = {
  id: "0000000planbusiness",
  code: "business",
  name: "Бизнес",
  description: "Растущая команда: все мессенджеры, рассылки, операторы",
  translations: { en: { name: "Business", description: "Growing team: every messenger, broadcasts, operators" }, ar: { name: "الأعمال" } },
  monthlyPriceKopecks: 499000,
  yearlyPriceKopecks: 4990000,
  yearlyDiscountPercent: 17,
  free: false,
  included: units,
  overage: { aiReplies: 200, messagesIn: 3, messagesOut: 3, broadcastRecipients: 0 },
  active: true,
  archived: false,
  sortOrder: 2,
  createdAt: 0,
  updatedAt: 0,
} satisfies Plan;
/** A plan an administrator made without translating it. */
const family: Plan = { ...business, id: "p-family", code: "family", name: "Семейный", description: "Для семьи", translations: {} };

describe("localized names", () => {
  it("picks the interface language's text, else the Russian one", () => {
    expect(planName(business, "en")).toBe("Business");
    expect(planName(business, "ru")).toBe("Бизнес");
    expect(planName(business, "ar")).toBe("الأعمال");
    expect(planName(business, "fr")).toBe("Бизнес");
    expect(planName(family, "en")).toBe("Семейный");
    expect(planDescription(business, "en")).toBe("Growing team: every messenger, broadcasts, operators");
    expect(planDescription(business, "ar")).toBe(business.description);
    expect(packageName({ name: "Старт", translations: { en: { name: "Start" }, fr: { name: "  " } } }, "fr")).toBe("Старт");
    expect(packageName({ name: "Старт", translations: null }, "en")).toBe("Старт");
  });
});

describe("pricing and billing show plans in the interface's language", () => {
  const card = (plan: Plan) => renderWithClient(testQueryClient(), <PlanCard plan={plan} period="month" current={false} choice={{ kind: "choose", to: "/checkout" }} featured={false} />, { router: true });

  it("the English pricing card says «Business» with its English description", async () => {
    await i18n.changeLanguage("en");
    card(business);
    const c = screen.getByTestId("plan-business");
    expect(within(c).getByRole("heading", { level: 2 }).textContent).toBe("Business");
    expect(c.textContent).toContain("Growing team: every messenger, broadcasts, operators");
    expect(c.textContent).not.toMatch(CYRILLIC);
    expect(within(c).getByTestId("plan-choose").getAttribute("aria-label")).toContain("Business");
  });

  it("the Russian pricing card says «Бизнес»", async () => {
    card(business);
    expect(within(screen.getByTestId("plan-business")).getByRole("heading", { level: 2 }).textContent).toBe("Бизнес");
  });

  it("a plan without an English name shows its Russian one in English", async () => {
    await i18n.changeLanguage("en");
    card(family);
    const c = screen.getByTestId("plan-family");
    expect(within(c).getByRole("heading", { level: 2 }).textContent).toBe("Семейный");
    expect(c.textContent).toContain("Для семьи");
  });

  it("the billing page's plan card names the plan in Arabic", async () => {
    await i18n.changeLanguage("ar");
    const billing = {
      plan: business,
      subscription: { status: "active", billingPeriod: "month", periodStart: Date.UTC(2026, 10, 1), periodEnd: Date.UTC(2026, 11, 1), graceUntil: null, lastRenewalError: null, downgradedFromPlanId: null, paymentMethod: null, autoTopup: null },
      balanceKopecks: 0,
      unsettledKopecks: 0,
      units: [],
      limits: { state: "ok", aiStopped: false, exhausted: [], warning: [], graceUntil: null },
      notifications: [],
    } as unknown as BillingState;
    renderWithClient(testQueryClient(), <BillingPlanCard accountId="acc-1" billing={billing} canPay />, { router: true });
    expect(screen.getByTestId("billing-plan-name").textContent!.trim()).toBe("الأعمال");
  });

  it("payments and the broadcasts' quota name the plan and the package in English", async () => {
    await i18n.changeLanguage("en");
    const t = i18n.getFixedT("en", "billing");
    const paid = { description: "Тариф «Бизнес» на месяц", details: { kind: "plan", plan: "Бизнес", planTranslations: business.translations, period: "month" } } as Pick<Payment, "details" | "description">;
    expect(describePayment(t, paid)).toBe("“Business” plan for a month");
    expect(describePayment(i18n.getFixedT("ru", "billing"), paid)).toBe("Тариф «Бизнес» на месяц");

    const grant = { id: "g1", packageId: "pkg-business", packageName: "Бизнес", packageTranslations: { en: { name: "Business" } }, recipients: 10000, used: 0, reserved: 0, remaining: 10000, expired: false, source: "admin", createdAt: 0, expiresAt: Date.UTC(2027, 1, 20) };
    const plan = { name: "Пробный", translations: { en: { name: "Trial" } }, included: 100, used: 3, reserved: 0, remaining: 97, periodEnd: Date.UTC(2026, 5, 12) };
    renderWithClient(testQueryClient(), <QuotaGrants quota={{ grants: [grant], reserved: 0, plan } as never} />);
    const text = screen.getByTestId("quota-grants").textContent!;
    expect(text).toContain("Trial");
    expect(text).toContain("Business");
    expect(text).not.toMatch(CYRILLIC);
  });
});

describe("the admin editors save the translations", () => {
  it("the plan dialog sends the English, French and Arabic names and descriptions; Arabic is typed right to left", async () => {
    const admin: AdminPlan = { ...business, translations: { en: { name: "Business" } }, subscribers: 3 } as AdminPlan;
    const calls = stubFetch((_url, init) => jsonResponse(200, { ...admin, ...JSON.parse(String(init.body)), message: "Тариф сохранён" }));
    renderWithClient(testQueryClient(), <PlanDialog plan={admin} onClose={() => {}} />);
    const dialog = await screen.findByTestId("plan-dialog");
    expect(within(dialog).getByText("Переводы")).toBeTruthy();
    const en = within(dialog).getByLabelText("Название (английский)") as HTMLInputElement;
    expect(en.value).toBe("Business");
    const arName = within(dialog).getByLabelText("Название (арабский)") as HTMLInputElement;
    expect(arName.getAttribute("dir")).toBe("rtl");
    expect(within(dialog).getByLabelText("Описание (арабский)").getAttribute("dir")).toBe("rtl");
    fireEvent.change(within(dialog).getByLabelText("Название (французский)"), { target: { value: "Business FR" } });
    fireEvent.change(arName, { target: { value: "الأعمال" } });
    fireEvent.change(within(dialog).getByLabelText("Описание (английский)"), { target: { value: "Growing team" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Сохранить тариф" }));
    await waitFor(() => expect(calls.some((c) => c.init.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.init.method === "PATCH")!;
    expect(patch.url).toContain("/api/admin/plans/0000000planbusiness");
    expect(JSON.parse(String(patch.init.body)).translations).toEqual({
      en: { name: "Business", description: "Growing team" },
      fr: { name: "Business FR", description: "" },
      ar: { name: "الأعمال", description: "" },
    });
  });

  it("the plan dialog refuses an English name longer than the Russian one may be", async () => {
    const calls = stubFetch(() => jsonResponse(200, {}));
    renderWithClient(testQueryClient(), <PlanDialog plan={{ ...business, subscribers: 0 } as AdminPlan} onClose={() => {}} />);
    const dialog = await screen.findByTestId("plan-dialog");
    fireEvent.change(within(dialog).getByLabelText("Название (английский)"), { target: { value: "B".repeat(61) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Сохранить тариф" }));
    expect(await within(dialog).findByText("Название — не длиннее 60 символов")).toBeTruthy();
    expect(calls.filter((c) => c.init.method === "PATCH")).toHaveLength(0);
  });

  it("the package dialog sends the translated names", async () => {
    const pkg = { id: "pkg-start", name: "Старт", translations: {}, recipients: 1000, priceKopecks: 49000, validityDays: 30, active: true, archived: false, archivedAt: null, grantCount: 0, createdAt: 0, updatedAt: 0 } as BroadcastPackage;
    const calls = stubFetch((_url, init) => jsonResponse(200, { ...pkg, message: "Пакет сохранён" }));
    renderWithClient(testQueryClient(), <PackageDialog pkg={pkg} open onOpenChange={() => {}} />);
    const dialog = await screen.findByTestId("package-dialog");
    expect(within(dialog).getByTestId("package-translation-ar").getAttribute("dir")).toBe("rtl");
    fireEvent.change(within(dialog).getByTestId("package-translation-en"), { target: { value: "Start" } });
    fireEvent.change(within(dialog).getByTestId("package-translation-ar"), { target: { value: "البداية" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Сохранить" }));
    await waitFor(() => expect(calls.some((c) => c.init.method === "PATCH")).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.init.method === "PATCH")!.init.body)).translations).toEqual({ en: { name: "Start" }, fr: { name: "" }, ar: { name: "البداية" } });
  });
});
