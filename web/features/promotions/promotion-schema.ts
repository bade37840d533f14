import type { TFunction } from "i18next";
import { z } from "zod";
import { moneyInput, parseMoney } from "@/features/products/money";
import { wallTime } from "@/features/custom-fields/values";
import type { Promotion, PromotionInput } from "./api";

const blankToNull = (s: string) => (s.trim() === "" ? null : s.trim());

/**
 * The promotion form's schema. It checks what a person can get wrong while typing (a required
 * name, a number where one goes); the rules between fields (reversed dates, percent 1–100) are the
 * server's, whose 400 lands at `validTo` and `percent`.
 */
export function promotionSchema(t: TFunction<"products">) {
  const money = z.string().refine((s) => !Number.isNaN(parseMoney(s) ?? 0), t("form.errors.money"));
  const int = z.string().trim().regex(/^\d*$/, t("form.errors.count"));
  return z
    .object({
      name: z.string().trim().min(1, t("promotions.errors.nameRequired")).max(200, t("form.errors.max", { n: 200 })),
      description: z.string().trim().max(2000, t("form.errors.max", { n: 2000 })),
      code: z.string().trim().max(40, t("form.errors.max", { n: 40 })),
      kind: z.enum(["percent", "fixed", "gift"]),
      percent: z.string().trim().regex(/^-?\d*$/, t("promotions.errors.percent")),
      amount: money,
      giftText: z.string().trim().max(500, t("form.errors.max", { n: 500 })),
      appliesTo: z.enum(["all", "categories", "products"]),
      categoryIds: z.array(z.string()),
      productIds: z.array(z.string()),
      minOrder: money,
      validFrom: z.string(),
      validTo: z.string(),
      usageLimit: int,
      active: z.boolean(),
    })
    .transform(
      (v): PromotionInput => ({
        name: v.name,
        description: v.description,
        code: blankToNull(v.code),
        kind: v.kind,
        percent: v.kind === "percent" && v.percent !== "" ? Number(v.percent) : null,
        amount: v.kind === "fixed" ? parseMoney(v.amount) : null,
        giftText: v.kind === "gift" ? blankToNull(v.giftText) : null,
        appliesTo: v.appliesTo,
        categoryIds: v.appliesTo === "categories" ? v.categoryIds : [],
        productIds: v.appliesTo === "products" ? v.productIds : [],
        minOrder: parseMoney(v.minOrder),
        validFrom: blankToNull(v.validFrom),
        validTo: blankToNull(v.validTo),
        usageLimit: v.usageLimit === "" ? null : Number(v.usageLimit),
        active: v.active,
      }),
    );
}

export type PromotionFormValues = z.input<ReturnType<typeof promotionSchema>>;

/** The form's values for a promotion (dates as wall time in the account's zone), or a blank one. */
export function promotionDefaults(p: Promotion | null, timeZone: string): PromotionFormValues {
  return {
    name: p?.name ?? "",
    description: p?.description ?? "",
    code: p?.code ?? "",
    kind: p?.kind ?? "percent",
    percent: p?.percent === null || p?.percent === undefined ? "" : String(p.percent),
    amount: moneyInput(p?.amount),
    giftText: p?.giftText ?? "",
    appliesTo: p?.appliesTo ?? "all",
    categoryIds: p?.categoryIds ?? [],
    productIds: p?.productIds ?? [],
    minOrder: moneyInput(p?.minOrder),
    validFrom: p?.validFrom ? wallTime(p.validFrom, timeZone) : "",
    validTo: p?.validTo ? wallTime(p.validTo, timeZone) : "",
    usageLimit: p?.usageLimit === null || p?.usageLimit === undefined ? "" : String(p.usageLimit),
    active: p?.active ?? true,
  };
}
