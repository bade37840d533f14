import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountActions } from "@/features/admin/components/account-actions";
import { AuditLogCard } from "@/features/admin/components/audit-log-card";
import type { AdminAccountPage, AuditEntry } from "@/features/admin/api";
import { PlanDialog } from "@/features/billing-admin/components/plan-dialog";
import { ReasonDialog } from "@/features/billing-admin/components/reason-dialog";
import { packageFormSchema } from "@/features/broadcast-packages/schemas";
import { parseRatePercent } from "@/features/partners/api";
import { PromptDialog } from "@/features/partners/components/prompt-dialog";
import { i18n } from "@/lib/i18n";
import { clearNotifications, getNotifications } from "@/lib/notify";
import { jsonResponse as json, stubFetch, stubResizeObserver, type FetchCall } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * The platform administrators' dialogs (QA pass 22): every refusal says what is actually wrong, in
 * Russian, on the field; the API's limits are checked in roubles before a call; a server message on
 * a key the form names differently (kopecks) lands on the rouble field, and none is ever silent; the
 * audit log names the account or partner a line is about.
 */
let calls: FetchCall[];
let reply: (url: string, init: RequestInit) => Response;

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["common", "admin", "billing", "partners"]);
  stubResizeObserver();
});
beforeEach(() => {
  clearNotifications();
  reply = () => json(200, {});
  calls = stubFetch((url, init) => reply(url, init));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (el: Element | null) => el?.textContent?.replace(/\s/g, " ") ?? "";
/** The message under a field (its aria-describedby's last element). */
function messageOf(input: HTMLElement): string {
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  return ids.map((id) => text(document.getElementById(id))).join(" | ");
}
const validationError = (status: number, fields: Record<string, string[]>, code?: string) =>
  json(status, { statusCode: status, error: "Bad Request", code: code ?? "VALIDATION_ERROR", message: `Проверьте введённые данные — ${Object.keys(fields)[0]}: ${Object.values(fields)[0]![0]}`, details: { fields } });

describe("plan editor", () => {
  function openPlan() {
    renderWithClient(testQueryClient(), <PlanDialog plan={null} onClose={() => {}} />);
    const dialog = within(screen.getByTestId("plan-dialog"));
    const field = (label: string, index = 0) => dialog.getAllByLabelText(label)[index] as HTMLInputElement;
    const fill = (label: string, value: string, index = 0) => fireEvent.change(field(label, index), { target: { value } });
    const submit = () => act(async () => fireEvent.click(dialog.getByRole("button", { name: "Сохранить тариф" })));
    return { dialog, field, fill, submit };
  }
  const fillValid = (fill: (label: string, value: string) => void) => {
    fill("Название", "Проверочный");
    fill("Код", "qa-test");
    fill("Цена за месяц, ₽", "990");
    fill("Цена за год, ₽", "9900");
  };
  const posts = () => calls.filter((c) => c.init.method === "POST");

  it("says what is wrong: negative numbers are «Не меньше 0», limits in roubles, long texts in Russian; nothing is sent", async () => {
    const { field, fill, submit } = openPlan();
    fillValid(fill);
    fill("Название", "Т".repeat(61));
    fill("Описание", "о".repeat(301));
    fill("Цена за месяц, ₽", "-200");
    fill("Цена за год, ₽", "99999999999");
    fill("Ответы ИИ", "-5", 0);
    fill("Ответы ИИ", "20000", 1);
    fill("Порядок на странице тарифов", "-3");
    fill("Ассистенты", "2,5");
    await submit();
    await waitFor(() => expect(messageOf(field("Название"))).toContain("Название — не длиннее 60 символов"));
    expect(messageOf(field("Описание"))).toContain("Описание — не длиннее 300 символов");
    expect(messageOf(field("Цена за месяц, ₽"))).toContain("Не меньше 0");
    expect(messageOf(field("Цена за год, ₽"))).toContain("Не больше 100 000 000 ₽");
    expect(messageOf(field("Ответы ИИ", 0))).toContain("Не меньше 0");
    expect(messageOf(field("Ответы ИИ", 1))).toContain("Не больше 10 000 ₽");
    expect(messageOf(field("Порядок на странице тарифов"))).toContain("Не меньше 0");
    expect(messageOf(field("Ассистенты"))).toContain("Целое число без дробной части и букв");
    expect(document.body.textContent).not.toMatch(/Too big|expected|например 1500 или -200/);
    expect(posts()).toEqual([]);
  });

  it("a server message keyed in kopecks lands on the rouble field; a taken code lands under «Код»", async () => {
    reply = () => validationError(400, { monthlyPriceKopecks: ["Не больше 100 000 000 ₽"] });
    const { field, fill, submit } = openPlan();
    fillValid(fill);
    await submit();
    await waitFor(() => expect(messageOf(field("Цена за месяц, ₽"))).toContain("Не больше 100 000 000 ₽"));
    expect(posts()).toHaveLength(1);

    reply = () => validationError(409, { code: ["Тариф с кодом «business» уже есть"] }, "PLAN_CODE_TAKEN");
    fill("Цена за месяц, ₽", "990");
    fill("Код", "business");
    await submit();
    await waitFor(() => expect(messageOf(field("Код"))).toContain("Тариф с кодом «business» уже есть"));
    expect(getNotifications()).toEqual([]);
  });
});

describe("balance correction on the account page", () => {
  const ACCOUNT = { accountId: "acc-1", name: "Кофейня", blocked: null, billing: { plan: { id: "p1", name: "Бизнес", translations: {} }, subscription: { billingPeriod: "month" } } } as unknown as AdminAccountPage;

  function openAdjust() {
    reply = (url) => (url.includes("/plans") ? json(200, { data: [] }) : json(200, {}));
    renderWithClient(testQueryClient(), <AccountActions account={ACCOUNT} />, { router: true });
    fireEvent.click(screen.getByTestId("admin-adjust"));
    const dialog = within(screen.getByRole("dialog"));
    const amount = dialog.getByLabelText("Сумма, ₽") as HTMLInputElement;
    const reason = dialog.getByLabelText("Причина") as HTMLTextAreaElement;
    const submit = () => act(async () => fireEvent.click(dialog.getByRole("button", { name: "Провести" })));
    return { dialog, amount, reason, submit };
  }

  it("0 is «не может быть 0», a huge sum is over the limit in roubles; the reason is limited with a counter", async () => {
    const { dialog, amount, reason, submit } = openAdjust();
    fireEvent.change(reason, { target: { value: "Компенсация" } });
    fireEvent.change(amount, { target: { value: "0" } });
    await submit();
    await waitFor(() => expect(messageOf(amount)).toContain("Сумма не может быть 0"));
    fireEvent.change(amount, { target: { value: "9999999999999" } });
    await waitFor(() => expect(messageOf(amount)).toContain("Не больше 1 000 000 ₽ за одну корректировку"));
    fireEvent.change(amount, { target: { value: "12,345" } });
    await waitFor(() => expect(messageOf(amount)).toContain("не больше двух знаков после запятой"));
    expect(reason.maxLength).toBe(500);
    expect(text(dialog.getByTestId("char-count"))).toBe("11 / 500");
    expect(calls.filter((c) => c.init.method === "POST")).toEqual([]);
  });

  it("the server's message on amountKopecks shows under «Сумма, ₽», never nowhere", async () => {
    const { amount, reason, submit } = openAdjust();
    reply = () => validationError(400, { amountKopecks: ["Начисление — не больше 1 000 000 ₽ за раз"] });
    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.change(reason, { target: { value: "Компенсация" } });
    await submit();
    await waitFor(() => expect(messageOf(amount)).toContain("Начисление — не больше 1 000 000 ₽ за раз"));
  });
});

describe("billing page's balance change and refund", () => {
  it("a zero or too large correction is refused in roubles; the reason has a limit and a counter", async () => {
    const save = vi.fn(async () => ({ message: "ok" }));
    renderWithClient(testQueryClient(), <ReasonDialog open onClose={() => {}} title="Изменение баланса" submitLabel="Изменить баланс" amount={{ label: "Сумма, ₽", signed: true }} save={save} invalidate={[]} testId="adjust" />);
    const dialog = within(screen.getByTestId("adjust"));
    const amount = dialog.getByLabelText("Сумма, ₽") as HTMLInputElement;
    fireEvent.change(dialog.getByLabelText("Причина"), { target: { value: "Бонус" } });
    fireEvent.change(amount, { target: { value: "0" } });
    await act(async () => fireEvent.click(screen.getByTestId("adjust-submit")));
    await waitFor(() => expect(messageOf(amount)).toContain("Сумма не может быть 0"));
    fireEvent.change(amount, { target: { value: "-2000000" } });
    await waitFor(() => expect(messageOf(amount)).toContain("Не больше 1 000 000 ₽"));
    expect((dialog.getByLabelText("Причина") as HTMLTextAreaElement).maxLength).toBe(500);
    expect(text(dialog.getByTestId("char-count"))).toBe("5 / 500");
    fireEvent.change(amount, { target: { value: "-120,50" } });
    await act(async () => fireEvent.click(screen.getByTestId("adjust-submit")));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ amountKopecks: -12050, reason: "Бонус" }));
  });
});

describe("broadcast package form", () => {
  const first = (values: Record<string, string>) => {
    const r = packageFormSchema(i18n.getFixedT("ru", "admin")).safeParse({ name: "QA", translations: { en: { name: "" }, fr: { name: "" }, ar: { name: "" } }, recipients: "100", price: "10", validityDays: "30", active: true, ...values });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]).reverse());
  };

  it("−10 recipients, −5 ₽ and −1 days say what is wrong, not «целое число»", () => {
    expect(first({ recipients: "-10" })).toEqual({ recipients: "Число получателей — не меньше 1" });
    expect(first({ validityDays: "-1" })).toEqual({ validityDays: "Срок действия — не меньше 1 дня" });
    expect(first({ price: "-5" })).toEqual({ price: "Цена не может быть отрицательной" });
    expect(first({ recipients: "1.5" })).toEqual({ recipients: "Число получателей — целое число" });
  });
});

describe("partner rate", () => {
  it("parses only a number from 0,01 to 100", () => {
    expect(parseRatePercent("12,5")).toBe(12.5);
    expect(parseRatePercent("20 %")).toBe(20);
    for (const bad of ["abc", "-5", "0", "150", "1e2", ""]) expect(parseRatePercent(bad)).toBeNull();
  });

  it("a garbage rate is refused on the field before any call; the server's field message shows without its key", async () => {
    const run = vi.fn(async () => {
      throw new (await import("@/lib/api")).ApiError(400, { statusCode: 400, error: "Bad Request", message: "Проверьте введённые данные — ratePercent: Ставка — число от 0,01 до 100 %", details: { fields: { ratePercent: ["Ставка — число от 0,01 до 100 %"] } } });
    });
    const validate = (v: string) => (parseRatePercent(v) === null ? i18n.t("partners:admin.rateInvalid") : null);
    renderWithClient(testQueryClient(), <PromptDialog request={{ title: "Одобрить", label: "Ставка комиссии, %", initial: "20", submitLabel: "Одобрить", validate, run }} onClose={() => {}} />);
    const input = screen.getByLabelText("Ставка комиссии, %");
    fireEvent.change(input, { target: { value: "abc" } });
    await act(async () => fireEvent.click(screen.getByTestId("prompt-submit")));
    expect(text(screen.getByRole("alert"))).toBe("Ставка — число от 0,01 до 100 %");
    expect(run).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: "15" } });
    await act(async () => fireEvent.click(screen.getByTestId("prompt-submit")));
    expect(run).toHaveBeenCalledWith("15");
    await waitFor(() => expect(text(screen.getByRole("alert"))).toBe("Ставка — число от 0,01 до 100 %"));
  });
});

describe("audit log", () => {
  const entry = (over: Partial<AuditEntry>): AuditEntry =>
    ({ id: Math.random().toString(36), actorUserId: "u", actorEmail: "admin@assistly.local", action: "balance.adjust", targetType: "account", targetId: "acc-1", accountId: "acc-1", before: { balanceKopecks: 0 }, after: { balanceKopecks: 100, amountKopecks: 100 }, reason: "Бонус", createdAt: 1, target: null, ...over }) as AuditEntry;

  it("names the account and the partner of each line, linked to their pages", async () => {
    const data = [
      entry({ target: { kind: "account", name: "Кофейня «Зерно»", accountId: "acc-1" } }),
      entry({ action: "partner.approve", targetType: "partner_application", targetId: "app-1", accountId: null, before: { status: "pending" }, after: { status: "approved", ratePercent: 20 }, reason: null, target: { kind: "partner", name: "Ирина Соколова" } }),
      entry({ accountId: "gone", target: { kind: "account", name: "Закрытый магазин", accountId: null } }),
    ];
    reply = () => json(200, { data, meta: { total: 3, page: 1, limit: 10, lastPage: 1 } });
    renderWithClient(testQueryClient(), <AuditLogCard />, { router: true });
    await waitFor(() => expect(screen.getAllByTestId("audit-target")).toHaveLength(3));
    const [account, partner, gone] = screen.getAllByTestId("audit-target");
    expect(text(account!)).toBe("Аккаунт: Кофейня «Зерно»");
    expect(within(account!).getByRole("link").getAttribute("href")).toBe("/admin/accounts/acc-1");
    expect(text(partner!)).toBe("Партнёр: Ирина Соколова");
    expect(within(partner!).getByRole("link").getAttribute("href")).toBe("/admin/partners");
    expect(text(gone!)).toBe("Аккаунт: Закрытый магазин (удалён)");
    expect(within(gone!).queryByRole("link")).toBeNull();
  });

  it("on an account's own page its own name is not repeated", async () => {
    reply = () => json(200, { data: [entry({ target: { kind: "account", name: "Кофейня «Зерно»", accountId: "acc-1" } })], meta: { total: 1, page: 1, limit: 10, lastPage: 1 } });
    renderWithClient(testQueryClient(), <AuditLogCard accountId="acc-1" />, { router: true });
    await screen.findByText("Корректировка баланса");
    expect(screen.queryByTestId("audit-target")).toBeNull();
  });
});
