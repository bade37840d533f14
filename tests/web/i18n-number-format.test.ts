import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";

/** QA: «Поле заполнено у 1668 контактов» — a count in a sentence is grouped as the language groups digits. */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["customFields"]);
});

describe("{{count, number}} in the tables", () => {
  it("groups thousands and keeps the plural form", async () => {
    expect(i18n.t("customFields:delete.messageWithCount", { label: "Город", count: 1668 })).toBe(
      "Поле «Город» заполнено у 1\u00a0668 контактов. Вместе с полем эти значения будут удалены безвозвратно.",
    );
    expect(i18n.t("customFields:delete.messageWithCount", { label: "Город", count: 21 })).toContain("у 21 контакта.");
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces(["customFields"]);
    expect(i18n.t("customFields:delete.messageWithCount", { label: "City", count: 1668 })).toContain("1,668");
    await i18n.changeLanguage("ru");
  });
});
