import type { TFunction } from "i18next";
import { z } from "zod";
import type { Product, ProductInput } from "./api";
import { moneyInput, parseMoney } from "./money";

export const NO_CATEGORY = "__none";

/** The product form's schema: prices typed in roubles become minor units, empty texts become null. */
export function productSchema(t: TFunction<"products">) {
  const money = (required: boolean) =>
    z.string().superRefine((s, ctx) => {
      const v = parseMoney(s);
      if (v === null && required) ctx.addIssue({ code: "custom", message: t("form.errors.priceRequired") });
      else if (v !== null && Number.isNaN(v)) ctx.addIssue({ code: "custom", message: t("form.errors.money") });
    });
  return z
    .object({
      name: z.string().trim().min(1, t("form.errors.nameRequired")).max(200, t("form.errors.max", { n: 200 })),
      description: z.string().trim().max(5000, t("form.errors.max", { n: 5000 })),
      sku: z.string().trim().min(1, t("form.errors.skuRequired")).max(64, t("form.errors.max", { n: 64 })),
      categoryId: z.string(),
      price: money(true),
      oldPrice: money(false),
      availability: z.enum(["in_stock", "out_of_stock", "on_order"]),
      stockCount: z.string().trim().regex(/^\d*$/, t("form.errors.count")),
      link: z.union([z.literal(""), z.string().trim().url(t("form.errors.link"))]),
      active: z.boolean(),
      images: z.array(z.object({ key: z.string(), url: z.string() })),
      attributes: z.array(z.object({ key: z.string(), value: z.string() })),
    })
    .transform(
      (v): ProductInput => ({
        name: v.name,
        description: v.description,
        sku: v.sku,
        categoryId: v.categoryId === NO_CATEGORY ? null : v.categoryId,
        price: parseMoney(v.price) ?? 0,
        oldPrice: parseMoney(v.oldPrice),
        currency: "RUB",
        availability: v.availability,
        stockCount: v.availability === "in_stock" && v.stockCount !== "" ? Number(v.stockCount) : null,
        images: v.images.map((i) => i.key),
        link: v.link.trim() || null,
        active: v.active,
        attributes: v.attributes.map((a) => ({ key: a.key.trim(), value: a.value.trim() })).filter((a) => a.key || a.value),
      }),
    );
}

export type ProductFormValues = z.input<ReturnType<typeof productSchema>>;

/** The form's values for a product (editing), or the blank form (creating; in the chosen category). */
export function productDefaults(p: Product | null, categoryId?: string): ProductFormValues {
  return {
    name: p?.name ?? "",
    description: p?.description ?? "",
    sku: p?.sku ?? "",
    categoryId: p?.categoryId ?? categoryId ?? NO_CATEGORY,
    price: moneyInput(p?.price),
    oldPrice: moneyInput(p?.oldPrice),
    availability: p?.availability ?? "in_stock",
    stockCount: p?.stockCount === null || p?.stockCount === undefined ? "" : String(p.stockCount),
    link: p?.link ?? "",
    active: p?.active ?? true,
    images: p?.images ?? [],
    attributes: p?.attributes.map((a) => ({ ...a })) ?? [],
  };
}
