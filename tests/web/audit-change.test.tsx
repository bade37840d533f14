import { cleanup, screen, within } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminQueries, type AuditEntry } from "@/features/admin/api";
import { auditChange, auditLineText } from "@/features/admin/audit-change";
import { AuditLogCard } from "@/features/admin/components/audit-log-card";
import { i18n } from "@/lib/i18n";
import { renderWithClient } from "./support/render";

/**
 * The administrators' audit log words its "before → after" for a person: one "Label: before → after"
 * line per field that changed, money as roubles, statuses and periods in words, ids short, a plan's
 * limits and prices as labelled lines, never the JSON the worker stores. The entries below are shaped
 * exactly as each `auditStatement` call in the worker writes them (worker/features/admin,
 * billing, partners).
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ").replace(/\u2212/g, "-");

beforeAll(async () => {
  await i18n.loadLanguages(["ru", "en"]);
  await i18n.loadNamespaces(["admin"]);
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("ru");
});

const at = Date.UTC(2026, 0, 15, 12);
const entry = (action: string, before: unknown, after: unknown, reason: string | null = null): AuditEntry =>
  ({ id: `a-${action}`, actorUserId: "u1", actorEmail: "admin@assistly.local", action, targetType: "x", targetId: "t1", accountId: null, before: before ?? null, after: after ?? null, reason, createdAt: at }) as AuditEntry;

/** worker/features/billing/plans.ts serializePlan. */
const plan = {
  id: "mk3b2c1a0q8w7e6r5t4",
  code: "business",
  name: "Бизнес",
  description: "Для растущих команд",
  monthlyPriceKopecks: 390000,
  yearlyPriceKopecks: 3900000,
  yearlyDiscountPercent: 17,
  free: false,
  included: { aiReplies: 1000, messagesIn: 10000, messagesOut: 10000, broadcastRecipients: 5000, assistants: 3, channels: 5, seats: 5 },
  overage: { aiReplies: 200, messagesIn: 0, messagesOut: 10, broadcastRecipients: 50 },
  active: true,
  archived: false,
  sortOrder: 2,
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1),
};

/** One entry per writer; `ru`/`en` are the lines expected in each language (a RegExp where the local time zone shows). */
const CASES: { name: string; e: AuditEntry; ru: (string | RegExp)[]; en: (string | RegExp)[] }[] = [
  {
    name: "account.block (admin-accounts.service setBlocked)",
    e: entry("account.block", { blocked: false, reason: null }, { blocked: true, reason: "Спам в рассылках" }, "Спам в рассылках"),
    ru: ["Состояние: активен → заблокирован"],
    en: ["State: active → blocked"],
  },
  {
    name: "account.block again with another reason",
    e: entry("account.block", { blocked: true, reason: "Спам" }, { blocked: true, reason: "Мошенничество" }, "Мошенничество"),
    ru: ["Причина блокировки: Спам → Мошенничество"],
    en: ["Block reason: Спам → Мошенничество"],
  },
  {
    name: "account.unblock",
    e: entry("account.unblock", { blocked: true, reason: "Спам в рассылках" }, { blocked: false, reason: null }),
    ru: ["Состояние: заблокирован → активен", "Причина блокировки: Спам в рассылках → —"],
    en: ["State: blocked → active", "Block reason: Спам в рассылках → —"],
  },
  {
    name: "account.plan (changePlan)",
    e: entry("account.plan", { plan: "trial", period: "month" }, { plan: "business", period: "year" }),
    ru: ["Тариф: trial → business", "Период: месяц → год"],
    en: ["Plan: trial → business", "Period: month → year"],
  },
  {
    name: "account.plan to the same plan and period (a new period starts)",
    e: entry("account.plan", { plan: "business", period: "month" }, { plan: "business", period: "month" }),
    ru: ["Тариф: business", "Период: месяц"],
    en: ["Plan: business", "Period: month"],
  },
  {
    name: "account.delete (deleteByAdmin)",
    e: entry("account.delete", { name: "ООО Ромашка", createdAt: at }, undefined),
    ru: ["Название: ООО Ромашка", /^Создан: 15\.01\.2026, \d\d:\d\d$/],
    en: ["Name: ООО Ромашка", /^Created: 15\/01\/2026, \d\d:\d\d$/],
  },
  {
    name: "balance.adjust (billing.service adjustBalance)",
    e: entry("balance.adjust", { balanceKopecks: -82500 }, { balanceKopecks: -32500, amountKopecks: 50000 }, "Компенсация за сбой"),
    ru: ["Сумма: 500 ₽", "Баланс: -825 ₽ → -325 ₽"],
    en: ["Amount: ₽500", "Balance: -₽825 → -₽325"],
  },
  {
    name: "payment.refund (refunds.ts)",
    e: entry("payment.refund", { refundedKopecks: 0, balanceKopecks: 120000 }, { refundedKopecks: 50050, refundId: "2f1d04b2-0015-5000-a000-1d8f3b8c1a2e", status: "succeeded" }, "Клиент передумал"),
    ru: ["Статус возврата: выполнен", "Возвращено: 0 ₽ → 500,50 ₽", "Баланс до возврата: 1 200 ₽", "Номер возврата: …3b8c1a2e"],
    en: ["Refund status: completed", "Refunded: ₽0 → ₽500.50", "Balance before the refund: ₽1,200", "Refund ID: …3b8c1a2e"],
  },
  {
    name: "plan.create (billing.admin.routes: after = the plan)",
    e: entry("plan.create", undefined, plan),
    ru: ["Название: Бизнес", "Код: business", "Цена за месяц: 3 900 ₽", "Цена за год: 39 000 ₽"],
    en: ["Name: Бизнес", "Code: business", "Monthly price: ₽3,900", "Yearly price: ₽39,000"],
  },
  {
    name: "plan.update (before and after are plans)",
    e: entry("plan.update", plan, {
      ...plan,
      monthlyPriceKopecks: 490000,
      yearlyDiscountPercent: 34,
      included: { ...plan.included, aiReplies: 2000 },
      overage: { ...plan.overage, aiReplies: 300 },
      updatedAt: Date.UTC(2026, 1, 1),
    }),
    ru: ["Тариф: Бизнес", "Цена за месяц: 3 900 ₽ → 4 900 ₽", "Включено · ответы ИИ: 1 000 → 2 000", "Цена сверх тарифа · ответы ИИ: 2 ₽ → 3 ₽"],
    en: ["Plan: Бизнес", "Monthly price: ₽3,900 → ₽4,900", "Included · AI replies: 1,000 → 2,000", "Price beyond the plan · AI replies: ₽2 → ₽3"],
  },
  {
    name: "plan.update of the name",
    e: entry("plan.update", plan, { ...plan, name: "Бизнес+", updatedAt: Date.UTC(2026, 1, 1) }),
    ru: ["Название: Бизнес → Бизнес+"],
    en: ["Name: Бизнес → Бизнес+"],
  },
  {
    name: "plan.update saved unchanged (only the stamp moves)",
    e: entry("plan.update", plan, { ...plan, updatedAt: Date.UTC(2026, 1, 1) }),
    ru: ["Тариф: Бизнес"],
    en: ["Plan: Бизнес"],
  },
  {
    name: "partner.update saved unchanged (a reason only)",
    e: entry("partner.update", { ratePercent: 20, status: "active" }, { ratePercent: 20, status: "active" }, "Проверка"),
    ru: ["Статус: активен", "Ставка: 20 %"],
    en: ["Status: active", "Rate: 20%"],
  },
  {
    name: "plan.archive",
    e: entry("plan.archive", plan, { ...plan, active: false, archived: true, updatedAt: Date.UTC(2026, 1, 1) }),
    ru: ["Тариф: Бизнес", "В архиве: нет → да", "Активен: да → нет"],
    en: ["Plan: Бизнес", "Archived: no → yes", "Active: yes → no"],
  },
  {
    name: "plan.delete (after = null)",
    e: entry("plan.delete", plan, null),
    ru: ["Название: Бизнес", "Код: business", "Цена за месяц: 3 900 ₽", "Цена за год: 39 000 ₽"],
    en: ["Name: Бизнес", "Code: business", "Monthly price: ₽3,900", "Yearly price: ₽39,000"],
  },
  {
    name: "invoice.mark_paid (documents.ts)",
    e: entry("invoice.mark_paid", { status: "issued" }, { status: "paid", amountKopecks: 1250000, number: "СЧ-00042", paymentId: "mk3b2c1a0q8w7e6r5t4" }),
    ru: ["Номер счёта: СЧ-00042", "Статус: ждёт оплаты → оплачен", "Сумма: 12 500 ₽"],
    en: ["Invoice number: СЧ-00042", "Status: awaiting payment → paid", "Amount: ₽12,500"],
  },
  {
    name: "invoice.cancel",
    e: entry("invoice.cancel", { status: "issued" }, { status: "canceled" }, "Клиент отказался"),
    ru: ["Статус: ждёт оплаты → отменён"],
    en: ["Status: awaiting payment → cancelled"],
  },
  {
    name: "partner.approve (partners.admin.ts)",
    e: entry("partner.approve", { status: "pending" }, { status: "approved", ratePercent: 20 }),
    ru: ["Статус: на рассмотрении → одобрена", "Ставка: 20 %"],
    en: ["Status: under review → approved", "Rate: 20%"],
  },
  {
    name: "partner.reject",
    e: entry("partner.reject", { status: "pending" }, { status: "rejected" }, "Нет аудитории"),
    ru: ["Статус: на рассмотрении → отклонена"],
    en: ["Status: under review → rejected"],
  },
  {
    name: "partner.update",
    e: entry("partner.update", { ratePercent: 20, status: "active" }, { ratePercent: 12.5, status: "deactivated" }),
    ru: ["Статус: активен → приостановлен", "Ставка: 20 % → 12,5 %"],
    en: ["Status: active → suspended", "Rate: 20% → 12.5%"],
  },
  {
    name: "partner.attribution set (no partner before)",
    e: entry("partner.attribution", null, { partnerId: "mk3b2c1a0p1a2r3t4n5", codeId: "mk3b2c1a0c1o2d3e4f5" }, "Пришёл по звонку"),
    ru: ["Партнёр: — → …a2r3t4n5"],
    en: ["Partner: — → …a2r3t4n5"],
  },
  {
    name: "partner.attribution removed",
    e: entry("partner.attribution", { partnerId: "mk3b2c1a0p1a2r3t4n5", codeId: null }, null, "Ошибка привязки"),
    ru: ["Партнёр: …a2r3t4n5 → —"],
    en: ["Partner: …a2r3t4n5 → —"],
  },
  {
    name: "payout.approve (movePayout)",
    e: entry("payout.approve", { status: "requested" }, { status: "approved", reference: null }),
    ru: ["Статус: запрошена → одобрена"],
    en: ["Status: requested → approved"],
  },
  {
    name: "payout.paid",
    e: entry("payout.paid", { status: "approved" }, { status: "paid", reference: "п/п 1234 от 20.01.2026" }),
    ru: ["Статус: одобрена → выплачена", "Платёжное поручение: п/п 1234 от 20.01.2026"],
    en: ["Status: approved → paid", "Payment order: п/п 1234 от 20.01.2026"],
  },
  {
    name: "payout.reject",
    e: entry("payout.reject", { status: "requested" }, { status: "rejected", reference: null }, "Реквизиты не совпадают"),
    ru: ["Статус: запрошена → отклонена"],
    en: ["Status: requested → rejected"],
  },
];

async function lines(lng: string, e: AuditEntry): Promise<string[]> {
  await i18n.changeLanguage(lng);
  const t = i18n.getFixedT(lng, "admin");
  return auditChange(t, e).map((l) => nbsp(auditLineText(t, l)));
}

function expectLines(got: string[], want: (string | RegExp)[]) {
  expect(got).toHaveLength(want.length);
  want.forEach((w, i) => (typeof w === "string" ? expect(got[i]).toBe(w) : expect(got[i]).toMatch(w)));
}

describe("the audit log's change column", () => {
  for (const c of CASES) {
    it(`${c.name}: Russian and English lines`, async () => {
      expectLines(await lines("ru", c.e), c.ru);
      expectLines(await lines("en", c.e), c.en);
      for (const l of [...(await lines("ru", c.e)), ...(await lines("en", c.e))]) expect(l).not.toMatch(/[{}"]/);
    });
  }

  it("covers every action the worker writes", async () => {
    const labels = Object.keys((await import("../../web/locales/ru/admin.json")).default.audit.actions);
    expect(new Set(CASES.map((c) => c.e.action))).toEqual(new Set(labels));
  });

  it("French and Arabic read their own words", async () => {
    await i18n.loadLanguages(["fr", "ar"]);
    const approve = CASES.find((c) => c.e.action === "partner.approve")!.e;
    expect(await lines("fr", approve)).toEqual(["Statut : en cours d’examen → approuvée", "Taux : 20 %"]);
    const [status] = await lines("ar", approve);
    expect(status).toContain("قيد المراجعة");
    expect(status).toContain("مقبول");
    expect(status).toContain("←");
  });

  it("reads an unknown action or key as 'key: value', without JSON", async () => {
    expect(await lines("ru", entry("webhook.replay", { attempts: 2, target: { url: "https://x.test", ok: false } }, { attempts: 3, target: { url: "https://x.test", ok: true }, tags: ["a", "b"] }))).toEqual([
      "attempts: 2 → 3",
      "target · ok: нет → да",
      "tags: a, b",
    ]);
    expect(await lines("ru", entry("thing.create", null, { title: "Новое", nested: { deep: { x: 1 } } }))).toEqual(["title: Новое", "nested · deep · x: 1"]);
    expect(await lines("ru", entry("thing.flag", false, true))).toEqual(["Значение: нет → да"]);
    expect(await lines("ru", entry("account.block", null, null))).toEqual([]);
  });

  it("the card shows the lines in the interface language, not JSON", async () => {
    await i18n.changeLanguage("ru");
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const data = [CASES.find((c) => c.e.action === "balance.adjust")!.e, CASES.find((c) => c.e.action === "partner.approve")!.e];
    client.setQueryData(adminQueries.audit({ page: 1, limit: 10 }).queryKey, { data, meta: { total: 2, page: 1, limit: 10, lastPage: 1 } } as never);
    renderWithClient(client, <AuditLogCard />);
    const log = await screen.findByTestId("audit-log");
    const changes = within(log).getAllByTestId("audit-change").map((ul) => within(ul).getAllByRole("listitem").map((li) => nbsp(li.textContent ?? "")));
    expect(changes).toEqual([
      ["Сумма: 500 ₽", "Баланс: -825 ₽ → -325 ₽"],
      ["Статус: на рассмотрении → одобрена", "Ставка: 20 %"],
    ]);
    expect(log.textContent).not.toContain("{");
    expect(log.textContent).not.toContain("balanceKopecks");
  });
});
