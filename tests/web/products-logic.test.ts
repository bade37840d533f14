import { describe, expect, it } from "vitest";
import { flattenCategories, type Category } from "@/features/products/api";
import { mappingProblem, suggestProductMapping } from "@/features/products/import-mapping";
import { discountPercent, formatMoney, moneyInput, parseMoney } from "@/features/products/money";
import { NO_CATEGORY, productDefaults, productSchema } from "@/features/products/product-schema";
import { priceParam } from "@/features/products/use-products-params";
import { promotionBenefit } from "@/features/promotions/components/promotion-bits";
import { promotionDefaults, promotionSchema } from "@/features/promotions/promotion-schema";

/**
 * The catalogue pages' rules without a screen: money shown in ru-RU and typed in roubles, the
 * product and promotion forms' conversion to the API's body, import column suggestions, the
 * categories flattened for selects.
 */
const t = ((key: string) => key) as never;
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("money", () => {
  it("shows minor units in ru-RU with two decimals and the rouble sign", () => {
    expect(nbsp(formatMoney(199000))).toBe("1 990,00 ₽");
    expect(nbsp(formatMoney(5))).toBe("0,05 ₽");
    expect(nbsp(formatMoney(123456789))).toBe("1 234 567,89 ₽");
    expect(nbsp(formatMoney(1000, "USD"))).toBe("10,00 $");
  });

  it("reads what people type into a price input", () => {
    expect(parseMoney("1990")).toBe(199000);
    expect(parseMoney("1 990,5")).toBe(199050);
    expect(parseMoney("1990.50")).toBe(199050);
    expect(parseMoney(" 1\u00a0990,05 ₽")).toBe(199005);
    expect(parseMoney("2490 руб.")).toBe(249000);
    expect(parseMoney("")).toBeNull();
    expect(parseMoney("   ")).toBeNull();
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["abc", "1,999", "-5", "1.2.3", "12,3a"]) expect(parseMoney(bad), bad).toBeNaN();
  });

  it("writes minor units back as the input's text, and round-trips", () => {
    expect(moneyInput(199000)).toBe("1990");
    expect(moneyInput(199050)).toBe("1990,50");
    expect(moneyInput(5)).toBe("0,05");
    expect(moneyInput(null)).toBe("");
    for (const v of [0, 1, 99, 100, 199050, 123456789]) expect(parseMoney(moneyInput(v))).toBe(v);
  });

  it("gives the discount of an old price in whole percent", () => {
    expect(discountPercent(150000, 200000)).toBe(25);
    expect(discountPercent(150000, null)).toBe(0);
    expect(discountPercent(150000, 100000)).toBe(0);
  });

  it("reads the URL's price bounds in roubles", () => {
    expect(priceParam("1500")).toBe(150000);
    expect(priceParam("99,9")).toBe(9990);
    expect(priceParam("")).toBeUndefined();
    expect(priceParam("x")).toBeUndefined();
  });
});

describe("product form", () => {
  it("turns roubles into minor units and blanks into nulls", async () => {
    const values = { ...productDefaults(null), name: " Кроссовки ", sku: "SKU-1", price: "4 990", oldPrice: "", stockCount: "7", link: "", attributes: [{ key: "Цвет", value: "белый" }, { key: " ", value: "" }], images: [{ key: "k1", url: "/u1" }] };
    const out = await productSchema(t).parseAsync(values);
    expect(out).toMatchObject({ name: "Кроссовки", price: 499000, oldPrice: null, stockCount: 7, link: null, categoryId: null, currency: "RUB", images: ["k1"], attributes: [{ key: "Цвет", value: "белый" }] });
  });

  it("keeps a count only when in stock, and the category when chosen", async () => {
    const out = await productSchema(t).parseAsync({ ...productDefaults(null, "c1"), name: "A", sku: "A-1", price: "1", availability: "on_order", stockCount: "3" });
    expect(out.stockCount).toBeNull();
    expect(out.categoryId).toBe("c1");
    expect(productDefaults(null).categoryId).toBe(NO_CATEGORY);
  });

  it("says what is wrong with a price, a count and a link", async () => {
    const r = await productSchema(t).safeParseAsync({ ...productDefaults(null), name: "A", sku: "A-1", price: "", oldPrice: "abc", stockCount: "1.5", link: "not a url" });
    const paths = r.error?.issues.map((i) => i.path.join(".")).sort();
    expect(paths).toEqual(["link", "oldPrice", "price", "stockCount"]);
  });
});

describe("promotion form", () => {
  it("sends only the kind's own value and the chosen targets", async () => {
    const base = promotionDefaults(null, "Europe/Moscow");
    const out = await promotionSchema(t).parseAsync({ ...base, name: "Весна", kind: "fixed", percent: "10", amount: "500", appliesTo: "categories", categoryIds: ["c1"], productIds: ["p1"], minOrder: "3000", validFrom: "2026-03-01T10:00", usageLimit: "100" });
    expect(out).toMatchObject({ kind: "fixed", percent: null, amount: 50000, categoryIds: ["c1"], productIds: [], minOrder: 300000, validFrom: "2026-03-01T10:00", validTo: null, usageLimit: 100, code: null });
  });

  it("leaves the percent range and the dates' order to the server (its 400 lands at the field)", async () => {
    const out = await promotionSchema(t).parseAsync({ ...promotionDefaults(null, "UTC"), name: "X", percent: "150", validFrom: "2026-05-02T00:00", validTo: "2026-05-01T00:00" });
    expect(out.percent).toBe(150);
    expect(out.validTo).toBe("2026-05-01T00:00");
  });

  it("shows stored instants on the account's clock", () => {
    const v = promotionDefaults({ validFrom: "2026-03-01T07:00:00.000Z", validTo: null } as never, "Europe/Moscow");
    expect(v.validFrom).toBe("2026-03-01T10:00");
    expect(v.validTo).toBe("");
  });

  it("words the benefit", () => {
    expect(promotionBenefit({ kind: "percent", percent: 15, amount: null, currency: "RUB", giftText: null }, "gift")).toBe("−15 %");
    expect(nbsp(promotionBenefit({ kind: "fixed", percent: null, amount: 50000, currency: "RUB", giftText: null }, "gift"))).toBe("−500,00 ₽");
    expect(promotionBenefit({ kind: "gift", percent: null, amount: null, currency: "RUB", giftText: "Носки" }, "gift")).toBe("Носки");
  });
});

describe("import columns", () => {
  it("suggests targets from Russian and English headers", () => {
    expect(suggestProductMapping(["Название", "Артикул", "Цена", "Старая цена", "Категория", "Цвет", "Price"])).toEqual(["name", "sku", "price", "oldPrice", "category", null, null]);
    expect(suggestProductMapping(["Остаток, шт.", "Ссылка на сайт"])).toEqual(["stockCount", "link"]);
  });

  it("needs a name and a price column", () => {
    expect(mappingProblem(["sku", "price"])).toBe("needName");
    expect(mappingProblem(["name", "price"])).toBe("needSku");
    expect(mappingProblem(["name", "sku", "attr:Цвет"])).toBe("needPrice");
    expect(mappingProblem(["name", "sku", "price"])).toBeNull();
  });
});

describe("categories", () => {
  it("flatten to roots then their children, with paths", () => {
    const c = (categoryId: string, name: string, children: Category[] = []): Category => ({ categoryId, name, parentId: null, position: 0, productCount: 0, children });
    const flat = flattenCategories([c("a", "Обувь", [c("a1", "Кроссовки")]), c("b", "Одежда")]);
    expect(flat.map((f) => [f.category.categoryId, f.depth, f.path])).toEqual([
      ["a", 0, "Обувь"],
      ["a1", 1, "Обувь / Кроссовки"],
      ["b", 0, "Одежда"],
    ]);
  });
});
