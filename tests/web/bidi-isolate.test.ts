import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";

/**
 * A Russian or Latin name inside an Arabic sentence (QA: «ملخص الحساب «Демо-магазин “Уют”»» read
 * with its quotes and words in the wrong places): in Arabic every interpolated value with
 * left-to-right letters is wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE; Arabic values,
 * numbers and every value in the other languages are left as they are.
 */
const FSI = "\u2068";
const PDI = "\u2069";

beforeAll(async () => {
  await i18n.loadNamespaces(["dashboard"]);
  await i18n.loadLanguages(["ar", "en"]);
});
afterAll(async () => {
  await i18n.changeLanguage("ru");
});

describe("interpolated values in a right-to-left sentence", () => {
  it("isolates a name with left-to-right letters in Arabic", async () => {
    await i18n.changeLanguage("ar");
    expect(i18n.t("dashboard:subtitle", { account: "Демо-магазин “Уют”" })).toBe(`ملخص الحساب «${FSI}Демо-магазин “Уют”${PDI}»`);
    expect(i18n.t("dashboard:subtitle", { account: "@shop_bot" })).toBe(`ملخص الحساب «${FSI}@shop_bot${PDI}»`);
  });

  it("leaves Arabic values and numbers alone", async () => {
    await i18n.changeLanguage("ar");
    expect(i18n.t("dashboard:subtitle", { account: "متجر الورد" })).toBe("ملخص الحساب «متجر الورد»");
    expect(i18n.t("dashboard:subtitle", { account: 42 })).toBe("ملخص الحساب «42»");
  });

  it("adds nothing in the left-to-right languages", async () => {
    await i18n.changeLanguage("ru");
    expect(i18n.t("dashboard:subtitle", { account: "Демо-магазин" })).not.toMatch(/[\u2066-\u2069]/);
    await i18n.changeLanguage("en");
    expect(i18n.t("dashboard:subtitle", { account: "Demo shop" })).not.toMatch(/[\u2066-\u2069]/);
  });
});
