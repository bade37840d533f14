import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactKeys } from "@/features/contacts/api";
import { customFieldKeys } from "@/features/custom-fields/api";
import { ContactFieldsCard } from "@/features/custom-fields/components/contact-fields-card";
import { i18n } from "@/lib/i18n";
import { sessionClient, signOut, stubLayout } from "./signed-in";
import { jsonResponse as json, stubFetch, type FetchCall } from "./support/fixtures";
import { renderWithClient } from "./support/render";

/**
 * The contact's custom fields card: every field of the account in order with its value shown by
 * type (in the account's time zone), an operator's inline edit with the server's message on the
 * input, and the saved values patched into the contact query.
 */
const ACCOUNT = "acc-1";
const CONTACT = "contact-1";
const field = (key: string, label: string, type: string, options: string[] = []) => ({ fieldId: `f-${key}`, key, label, type, options, description: "", position: 0, contactCount: 1, createdAt: 0, updatedAt: 0 });
const FIELDS = [
  field("city", "Город", "text"),
  field("budget", "Бюджет", "number"),
  field("consent", "Согласие на рассылку", "boolean"),
  field("birthday", "Дата рождения", "date"),
  field("visit", "Визит", "datetime"),
  field("sizes", "Размеры", "multiselect", ["S", "M", "L"]),
  field("site", "Сайт", "url"),
];

let calls: FetchCall[];
let replies: Response[];

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["customFields", "common"]);
  stubLayout();
});
beforeEach(() => {
  replies = [];
  calls = stubFetch(() => replies.shift() ?? json(200, { data: FIELDS }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

function renderCard(role: "operator" | null) {
  const client = sessionClient(role);
  client.setQueryData(customFieldKeys.fields(ACCOUNT), { data: FIELDS });
  client.setQueryData(["accounts", ACCOUNT, "detail"], { accountId: ACCOUNT, timezone: "Asia/Vladivostok" });
  const contact = {
    contactId: CONTACT,
    fieldValues: { city: "Москва", consent: true, birthday: "1990-05-01", visit: "2026-04-30T23:00:00.000Z", sizes: ["S", "L"], site: "https://uyut.example/" } as Record<string, string | number | boolean | string[]>,
  };
  client.setQueryData(contactKeys.detail(ACCOUNT, CONTACT), { ...contact, name: "Анна" } as never);
  renderWithClient(client, <ContactFieldsCard accountId={ACCOUNT} contact={contact} />, { router: true });
  return client;
}

const row = (key: string) => document.querySelector(`[data-testid=contact-field][data-key=${key}]`) as HTMLElement;

describe("contact fields card", () => {
  it("shows every field in order, each value by its type, dates in the account's zone, and a dash where empty", () => {
    renderCard(null);
    const keys = [...document.querySelectorAll("[data-testid=contact-field]")].map((el) => el.getAttribute("data-key"));
    expect(keys).toEqual(["city", "budget", "consent", "birthday", "visit", "sizes", "site"]);
    expect(row("city").textContent).toContain("Москва");
    expect(row("budget").textContent).toContain("—");
    expect(row("consent").textContent).toContain("Да");
    expect(row("birthday").textContent).toContain("01.05.1990");
    expect(row("visit").textContent).toContain("01.05.2026, 09:00"); // 23:00 UTC is 09:00 in Vladivostok
    expect(row("sizes").textContent).toContain("S, L");
    expect(within(row("site")).getByRole("link").getAttribute("href")).toBe("https://uyut.example/");
    // without the right to update the contact, nothing is editable
    expect(screen.queryByRole("button", { name: /Изменить/ })).toBeNull();
  });

  it("lets an operator edit a value in place: the server's message shows on the input, a saved value patches the contact", async () => {
    const client = renderCard("operator");
    fireEvent.click(within(row("budget")).getByRole("button", { name: "Изменить «Бюджет»" }));
    const input = screen.getByLabelText("Бюджет");
    fireEvent.change(input, { target: { value: "много" } });
    replies.push(json(400, { statusCode: 400, error: "Bad Request", message: "Проверьте введённые данные — Бюджет: Введите число", code: "VALIDATION_ERROR", details: { fields: { budget: ["Введите число"] } } }));
    fireEvent.click(screen.getByTestId("contact-field-save"));
    expect((await screen.findByRole("alert")).textContent).toBe("Введите число");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const put = calls.find((c) => c.init?.method === "PUT")!;
    expect(put.url).toContain(`/api/accounts/${ACCOUNT}/contacts/${CONTACT}/fields`);
    expect(JSON.parse(String(put.init.body))).toEqual({ values: { budget: "много" } });
    expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { fieldValues: Record<string, unknown> }).fieldValues.budget).toBeUndefined();

    fireEvent.change(input, { target: { value: "15000" } });
    const saved = { city: "Москва", budget: 15000, consent: true, birthday: "1990-05-01", visit: "2026-04-30T23:00:00.000Z", sizes: ["S", "L"], site: "https://uyut.example/" };
    replies.push(json(200, { fieldValues: saved, message: "Поля контакта сохранены" }));
    fireEvent.click(screen.getByTestId("contact-field-save"));
    await waitFor(() => expect(screen.queryByTestId("contact-field-editor")).toBeNull());
    expect((client.getQueryData(contactKeys.detail(ACCOUNT, CONTACT)) as { fieldValues: Record<string, unknown>; name: string })).toMatchObject({ name: "Анна", fieldValues: saved });
  });

  it("sends a cleared value as null and a date-time as the account's wall time", async () => {
    renderCard("operator");
    fireEvent.click(within(row("visit")).getByRole("button", { name: "Изменить «Визит»" }));
    const input = screen.getByLabelText("Визит") as HTMLInputElement;
    expect(input.value).toBe("2026-05-01T09:00");
    replies.push(json(200, { fieldValues: {} }));
    fireEvent.click(screen.getByTestId("contact-field-save"));
    await waitFor(() => expect(calls.some((c) => c.init?.method === "PUT")).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === "PUT")!.init.body))).toEqual({ values: { visit: "2026-05-01T09:00" } });

    await waitFor(() => expect(screen.queryByTestId("contact-field-editor")).toBeNull());
    fireEvent.click(within(row("city")).getByRole("button", { name: "Изменить «Город»" }));
    fireEvent.change(screen.getByLabelText("Город"), { target: { value: "  " } });
    replies.push(json(200, { fieldValues: {} }));
    fireEvent.click(screen.getByTestId("contact-field-save"));
    await waitFor(() => expect(calls.filter((c) => c.init?.method === "PUT")).toHaveLength(2));
    expect(JSON.parse(String(calls.filter((c) => c.init?.method === "PUT")[1]!.init.body))).toEqual({ values: { city: null } });
  });
});
