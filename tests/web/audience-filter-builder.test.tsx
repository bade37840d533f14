import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AudienceFilter } from "@/features/audience/api";
import { AudienceFilterBuilder } from "@/features/audience/components/audience-filter-builder";
import { AudienceFilterChips } from "@/features/audience/components/audience-filter-chips";
import { filterKey, opsForType, parseFilter, readyFilter } from "@/features/audience/filter-model";
import { customFieldKeys } from "@/features/custom-fields/api";
import { i18n } from "@/lib/i18n";
import { stubLayout } from "./signed-in";
import { jsonResponse, stubFetch } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/** The audience filter builder: value inputs that follow the field's type, chips that remove one condition each, the filter's model. */
const ACCOUNT = "acc-1";
const FIELDS = [
  { fieldId: "f1", key: "budget", label: "Бюджет", type: "number", options: [] },
  { fieldId: "f2", key: "birthday", label: "Дата рождения", type: "date", options: [] },
  { fieldId: "f3", key: "source", label: "Источник", type: "select", options: ["Сайт", "Реклама"] },
  { fieldId: "f4", key: "city", label: "Город", type: "text", options: [] },
  { fieldId: "f5", key: "consent", label: "Согласие", type: "boolean", options: [] },
];
const TAGS = [{ tagId: "t-vip", name: "VIP", color: "#FF9F43", contactCount: 2 }];

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["contacts", "customFields", "chat", "common"]);
  stubLayout();
});
// A refetch on mount gets the same lists the cache holds.
beforeEach(() => {
  stubFetch((url) => jsonResponse(200, { data: url.includes("/tags") ? TAGS : FIELDS }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function client() {
  const c = testQueryClient();
  c.setQueryData(customFieldKeys.fields(ACCOUNT), { data: FIELDS } as never);
  c.setQueryData(customFieldKeys.tags(ACCOUNT), { data: TAGS } as never);
  return c;
}

describe("filter model", () => {
  it("sends only finished parts: empty lists, blank values and unchosen fields are left out", () => {
    const draft: AudienceFilter = {
      channels: [],
      tags: { any: ["t-vip"], all: [] },
      fields: [{ key: "budget", op: "greater", value: "" }, { key: "", op: "equals" }, { key: "city", op: "isSet", value: "ignored" }, { key: "budget", op: "less", value: "100" }],
      q: "  ",
    };
    expect(readyFilter(draft)).toEqual({ tags: { any: ["t-vip"] }, fields: [{ key: "city", op: "isSet" }, { key: "budget", op: "less", value: "100" }] });
    expect(filterKey({ channels: [], q: "" })).toBe("");
  });

  it("reads a URL's filter without throwing: junk is dropped, a typed condition kept", () => {
    expect(parseFilter("{not json")).toEqual({});
    expect(parseFilter(JSON.stringify({ channels: ["TELEGRAM", "FAX"], subscription: "maybe", fields: [{ key: "budget", op: "drop", value: 1 }, { key: "budget", op: "greater", value: 5 }] }))).toEqual({
      channels: ["TELEGRAM"],
      fields: [{ key: "budget", op: "greater", value: 5 }],
    });
  });

  it("offers the operators that fit a type", () => {
    expect(opsForType("number")).toEqual(["equals", "greater", "less", "isSet", "isNotSet"]);
    expect(opsForType("multiselect")).toEqual(["contains", "isSet", "isNotSet"]);
    expect(opsForType("text")).toContain("contains");
    expect(opsForType("boolean")).not.toContain("greater");
  });
});

describe("audience filter builder", () => {
  it("gives each condition the value input of its field's type, and none to «is set»", () => {
    const value: AudienceFilter = {
      fields: [
        { key: "budget", op: "greater", value: "" },
        { key: "birthday", op: "less", value: "" },
        { key: "source", op: "equals" },
        { key: "city", op: "isSet" },
      ],
    };
    renderWithClient(client(), <AudienceFilterBuilder accountId={ACCOUNT} value={value} onChange={() => {}} />);
    const budget = screen.getByLabelText("Значение условия 1") as HTMLInputElement;
    expect(budget.tagName).toBe("INPUT");
    expect(budget.inputMode).toBe("decimal");
    expect((screen.getByLabelText("Значение условия 2") as HTMLInputElement).type).toBe("date");
    expect(screen.getByLabelText("Значение условия 3").getAttribute("role")).toBe("combobox");
    expect(screen.queryByLabelText("Значение условия 4")).toBeNull();
  });

  it("hides the parts the host sets itself, and adds an empty condition on «Добавить условие»", () => {
    const onChange = vi.fn();
    renderWithClient(client(), <AudienceFilterBuilder accountId={ACCOUNT} value={{ subscription: "subscribed" }} onChange={onChange} hide={["channels", "q"]} />);
    expect(screen.queryByTestId("filter-channel-TELEGRAM")).toBeNull();
    expect(screen.queryByLabelText("Поиск")).toBeNull();
    fireEvent.click(screen.getByTestId("condition-add"));
    expect(onChange).toHaveBeenLastCalledWith({ subscription: "subscribed", fields: [{ key: "", op: "equals" }] });
  });

  it("toggles a channel", () => {
    const onChange = vi.fn();
    renderWithClient(client(), <AudienceFilterBuilder accountId={ACCOUNT} value={{ channels: ["TELEGRAM"] }} onChange={onChange} />);
    expect(screen.getByTestId("filter-channel-TELEGRAM").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("filter-channel-WHATSAPP"));
    expect(onChange).toHaveBeenLastCalledWith({ channels: ["TELEGRAM", "WHATSAPP"] });
  });
});

describe("filter chips", () => {
  it("names each finished condition with the tag's and the field's names, and one click removes just that one", () => {
    const onChange = vi.fn();
    const value: AudienceFilter = {
      tags: { any: ["t-vip"] },
      fields: [{ key: "budget", op: "greater", value: "1000" }, { key: "consent", op: "equals", value: true }, { key: "city", op: "equals", value: "" }],
      subscription: "unsubscribed",
    };
    renderWithClient(client(), <AudienceFilterChips accountId={ACCOUNT} value={value} onChange={onChange} />);
    expect(screen.getAllByTestId("filter-chip").map((c) => c.textContent)).toEqual(["Тег: VIP", "Бюджет больше 1000", "Согласие равно Да", "Отписался"]);
    fireEvent.click(screen.getByRole("button", { name: "Убрать условие «Бюджет больше 1000»" }));
    expect(onChange).toHaveBeenLastCalledWith({ ...value, fields: [value.fields![1], value.fields![2]] });
  });
});
