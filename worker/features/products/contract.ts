// @shared-with-spa: the catalogue's shapes (products, categories, promotions), their zod schemas (the server validates with them, the SPA's forms reuse them), limits and money formatting; no bindings, no server imports.
import { z } from "zod";

/* ---------------------------------------------------------------- money */

/** ISO 4217 codes offered by the forms; any three capital letters are accepted by the API. */
export const CURRENCIES = ["RUB", "USD", "EUR", "KZT", "BYN", "UZS", "AMD", "GEL", "KGS", "TRY", "AED", "CNY"] as const;
export const DEFAULT_CURRENCY = "RUB";
/** The largest price in minor units (100 million roubles). */
export const MAX_MONEY_MINOR = 10_000_000_000;

/** Minor units → "1 990,00 ₽" (ru-RU); `fraction: false` drops ",00" of whole amounts. */
export function formatMoney(minor: number, currency = DEFAULT_CURRENCY, opts: { fraction?: boolean; locale?: string } = {}): string {
  const whole = minor % 100 === 0;
  const digits = opts.fraction === false && whole ? 0 : 2;
  try {
    return new Intl.NumberFormat(opts.locale ?? "ru-RU", { style: "currency", currency, currencyDisplay: "narrowSymbol", minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(digits)} ${currency}`;
  }
}

/** "1 990,50" / "1990.5" / "1990" (roubles, as typed or as a spreadsheet cell) → 199050 minor units; null when not a number. */
export function parseMoney(text: string | number): number | null {
  if (typeof text === "number") return Number.isFinite(text) ? Math.round(text * 100) : null;
  const cleaned = text.replace(/[\s\u00a0\u202f₽$€]|руб\.?|р\.?$/gi, "").replace(",", ".");
  if (!/^-?\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/* ---------------------------------------------------------------- products */

export const AVAILABILITY = ["in_stock", "out_of_stock", "on_order"] as const;
export type Availability = (typeof AVAILABILITY)[number];
export const AVAILABILITY_LABELS: Record<Availability, string> = { in_stock: "В наличии", out_of_stock: "Нет в наличии", on_order: "Под заказ" };

export const PRODUCT_LIMITS = {
  name: 200,
  description: 5000,
  sku: 64,
  images: 10,
  attributes: 30,
  attrKey: 50,
  attrValue: 200,
  link: 1000,
  imageBytes: 5 * 1024 * 1024,
  bulkIds: 1000,
} as const;
export const PRODUCT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** §2.13 page sizes. */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100] as const;
export const PRODUCT_SORTS = ["name", "price", "updatedAt", "sku"] as const;

export interface ProductImage {
  key: string;
  url: string;
}
export interface ProductAttribute {
  key: string;
  value: string;
}
export interface Product {
  productId: string;
  name: string;
  description: string;
  sku: string;
  categoryId: string | null;
  categoryName: string | null;
  price: number;
  oldPrice: number | null;
  currency: string;
  availability: Availability;
  stockCount: number | null;
  images: ProductImage[];
  link: string | null;
  active: boolean;
  attributes: ProductAttribute[];
  createdAt: number;
  updatedAt: number;
}

const money = (what: string) =>
  z
    .number({ error: `Укажите ${what} числом в копейках` })
    .int(`${what[0]!.toUpperCase()}${what.slice(1)} — целое число копеек`)
    .min(0, "Не может быть отрицательной")
    .max(MAX_MONEY_MINOR, "Слишком большая сумма");
const currency = z
  .string({ error: "Укажите валюту" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Код валюты из трёх латинских букв, например RUB");
const link = z
  .string()
  .trim()
  .max(PRODUCT_LIMITS.link, `Не больше ${PRODUCT_LIMITS.link} символов`)
  .transform((s) => (s && !/^[a-z][a-z0-9+.-]*:/i.test(s) ? `https://${s}` : s))
  .refine((s) => !s || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s), "Ссылка должна начинаться с https:// и вести на сайт")
  .transform((s) => s || null);

const productFields = {
  name: z.string({ error: "Введите название" }).trim().min(1, "Введите название").max(PRODUCT_LIMITS.name, `Не больше ${PRODUCT_LIMITS.name} символов`),
  description: z.string({ error: "Ожидается текст" }).trim().max(PRODUCT_LIMITS.description, `Не больше ${PRODUCT_LIMITS.description} символов`),
  sku: z
    .string({ error: "Введите артикул" })
    .trim()
    .min(1, "Введите артикул")
    .max(PRODUCT_LIMITS.sku, `Не больше ${PRODUCT_LIMITS.sku} символов`)
    .regex(/^[^\s].*$/u, "Артикул не может начинаться с пробела"),
  categoryId: z.string({ error: "Выберите категорию" }).trim().min(1).max(64).nullable(),
  price: money("цену"),
  oldPrice: money("старую цену").nullable(),
  currency,
  availability: z.enum(AVAILABILITY, { error: "Выберите наличие: в наличии, нет в наличии или под заказ" }),
  stockCount: z.number({ error: "Остаток — целое число" }).int("Остаток — целое число").min(0, "Остаток не может быть отрицательным").max(10_000_000, "Слишком большой остаток").nullable(),
  images: z
    .array(z.string({ error: "Ожидается ключ изображения" }).min(1).max(500), { error: "Ожидается список изображений" })
    .max(PRODUCT_LIMITS.images, `Не больше ${PRODUCT_LIMITS.images} изображений`)
    .refine((l) => new Set(l).size === l.length, "Изображения повторяются"),
  link: link.nullable(),
  active: z.boolean({ error: "Ожидается да или нет" }),
  attributes: z
    .array(
      z.object({
        key: z.string({ error: "Введите название характеристики" }).trim().min(1, "Введите название характеристики").max(PRODUCT_LIMITS.attrKey, `Не больше ${PRODUCT_LIMITS.attrKey} символов`),
        value: z.string({ error: "Введите значение" }).trim().min(1, "Введите значение").max(PRODUCT_LIMITS.attrValue, `Не больше ${PRODUCT_LIMITS.attrValue} символов`),
      }),
      { error: "Ожидается список характеристик" },
    )
    .max(PRODUCT_LIMITS.attributes, `Не больше ${PRODUCT_LIMITS.attributes} характеристик`)
    .refine((l) => new Set(l.map((a) => a.key.toLowerCase())).size === l.length, "Характеристики не должны повторяться"),
};

const oldPriceAbovePrice = (v: { price?: number; oldPrice?: number | null }) => v.oldPrice == null || v.price === undefined || v.oldPrice > v.price;
const OLD_PRICE_MESSAGE = { message: "Старая цена должна быть больше текущей", path: ["oldPrice"] };

export const productCreateSchema = z
  .object({
    ...productFields,
    description: productFields.description.default(""),
    categoryId: productFields.categoryId.default(null),
    oldPrice: productFields.oldPrice.default(null),
    currency: currency.default(DEFAULT_CURRENCY),
    availability: productFields.availability.default("in_stock"),
    stockCount: productFields.stockCount.default(null),
    images: productFields.images.default([]),
    link: productFields.link.default(null),
    active: productFields.active.default(true),
    attributes: productFields.attributes.default([]),
  })
  .refine(oldPriceAbovePrice, OLD_PRICE_MESSAGE);
export type ProductCreateInput = z.output<typeof productCreateSchema>;

export const productUpdateSchema = z
  .object(productFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения")
  .refine(oldPriceAbovePrice, OLD_PRICE_MESSAGE);
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

const boolParam = z.enum(["true", "false"], { error: "Ожидается true или false" }).transform((s) => s === "true");
const moneyParam = z.coerce.number({ error: "Ожидается сумма в копейках" }).int("Ожидается сумма в копейках").min(0, "Не может быть отрицательной");

/** The list's filters (also the bulk action's and the export's `filter`). */
export const productFilterSchema = z.object({
  q: z.string().trim().max(200, "Не больше 200 символов").optional(),
  categoryId: z.string().trim().min(1).max(64).optional(),
  availability: z.enum(AVAILABILITY, { error: "Выберите наличие" }).optional(),
  active: z.union([z.boolean(), boolParam]).optional(),
  priceMin: moneyParam.optional(),
  priceMax: moneyParam.optional(),
});
export type ProductFilter = z.output<typeof productFilterSchema>;

export const productListQuerySchema = productFilterSchema
  .extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Размер страницы: ${PAGE_SIZES.join(", ")}`)
      .default(20),
    sortBy: z.enum(PRODUCT_SORTS, { error: "Сортировка: name, price, updatedAt или sku" }).optional(),
    sortDir: z.enum(["asc", "desc"], { error: "Направление: asc или desc" }).optional(),
  })
  .refine((v) => v.priceMin === undefined || v.priceMax === undefined || v.priceMin <= v.priceMax, { message: "Минимальная цена больше максимальной", path: ["priceMax"] });
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const productBulkSchema = z
  .object({
    action: z.enum(["activate", "deactivate", "delete"], { error: "Действие: activate, deactivate или delete" }),
    ids: z.array(z.string().min(1).max(64)).min(1, "Выберите товары").max(PRODUCT_LIMITS.bulkIds, `Не больше ${PRODUCT_LIMITS.bulkIds} товаров за раз`).optional(),
    filter: productFilterSchema.optional(),
  })
  .refine((v) => (v.ids ? 1 : 0) + (v.filter ? 1 : 0) === 1, { message: "Передайте либо список товаров, либо фильтр", path: ["ids"] });
export type ProductBulkInput = z.output<typeof productBulkSchema>;

/* ---------------------------------------------------------------- categories */

export interface ProductCategory {
  categoryId: string;
  name: string;
  parentId: string | null;
  position: number;
  productCount: number;
  children: ProductCategory[];
}
export const CATEGORY_LIMITS = { name: 100, perAccount: 500 } as const;
const categoryName = z.string({ error: "Введите название категории" }).trim().min(1, "Введите название категории").max(CATEGORY_LIMITS.name, `Не больше ${CATEGORY_LIMITS.name} символов`).refine((s) => !s.includes(" / "), "Название не может содержать « / »");
export const categoryCreateSchema = z.object({ name: categoryName, parentId: z.string().trim().min(1).max(64).nullable().default(null) });
export const categoryUpdateSchema = z
  .object({ name: categoryName, parentId: z.string().trim().min(1).max(64).nullable() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export const categoryOrderSchema = z.object({
  parentId: z.string().trim().min(1).max(64).nullable(),
  ids: z.array(z.string().min(1).max(64), { error: "Ожидается список категорий" }).min(1, "Пустой список").max(CATEGORY_LIMITS.perAccount),
});

/* ---------------------------------------------------------------- import / export */

export const IMPORT_TARGETS = ["name", "sku", "description", "category", "price", "oldPrice", "currency", "availability", "stockCount", "link", "active"] as const;
export type ProductImportTarget = (typeof IMPORT_TARGETS)[number] | `attr:${string}`;
export const productImportMappingSchema = z.object({
  columns: z
    .array(
      z
        .string()
        .max(60)
        .refine((t) => (IMPORT_TARGETS as readonly string[]).includes(t) || /^attr:.{1,50}$/.test(t), "Неизвестное поле товара")
        .nullable(),
      { error: "Укажите, что в каждой колонке" },
    )
    .max(100, "Не больше 100 колонок"),
});
export type ProductImportMapping = z.output<typeof productImportMappingSchema>;

export interface ProductImportIssue {
  row: number;
  column: string;
  value: string;
  reason: string;
}
/** `GET /products/import`: the latest import of the account, or null. */
export interface ProductImportLatest {
  job: ProductImportJob | null;
}
export interface ProductImportJob {
  jobId: string;
  status: "running" | "completed" | "failed";
  fileName: string;
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  failed: number;
  progress: number;
  issues: ProductImportIssue[];
  createdAt: number;
  finishedAt: number | null;
}

/** Header words (Russian and English) that suggest a mapping target. */
export const IMPORT_HEADER_HINTS: Record<(typeof IMPORT_TARGETS)[number], string[]> = {
  name: ["название", "наименование", "товар", "name", "title", "product"],
  sku: ["артикул", "sku", "код", "code", "vendor code"],
  description: ["описание", "description"],
  category: ["категория", "раздел", "category"],
  price: ["цена", "price", "стоимость"],
  oldPrice: ["старая цена", "цена до скидки", "old price", "compare at price"],
  currency: ["валюта", "currency"],
  availability: ["наличие", "availability", "статус наличия"],
  stockCount: ["остаток", "количество", "stock", "qty", "quantity"],
  link: ["ссылка", "url", "link"],
  active: ["активен", "активный", "active", "показывать"],
};

/** A suggested target for a header, or null. */
export function suggestImportTarget(header: string): ProductImportTarget | null {
  const h = header.trim().toLowerCase();
  if (!h) return null;
  let best: { t: ProductImportTarget; len: number } | null = null;
  for (const [t, words] of Object.entries(IMPORT_HEADER_HINTS)) {
    for (const w of words) if ((h === w || h.includes(w)) && (!best || w.length > best.len)) best = { t: t as ProductImportTarget, len: w.length };
  }
  return best?.t ?? null;
}

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;

/* ---------------------------------------------------------------- promotions */

export const PROMOTION_KINDS = ["percent", "fixed", "gift"] as const;
export const PROMOTION_SCOPES = ["all", "categories", "products"] as const;
export const PROMOTION_STATUSES = ["scheduled", "active", "expired", "exhausted", "inactive"] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  scheduled: "Запланирована",
  active: "Действует",
  expired: "Завершена",
  exhausted: "Исчерпана",
  inactive: "Выключена",
};

export interface Promotion {
  promotionId: string;
  name: string;
  description: string;
  code: string | null;
  kind: (typeof PROMOTION_KINDS)[number];
  percent: number | null;
  amount: number | null;
  currency: string;
  giftText: string | null;
  appliesTo: (typeof PROMOTION_SCOPES)[number];
  categoryIds: string[];
  productIds: string[];
  minOrder: number | null;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  usedCount: number;
  active: boolean;
  status: PromotionStatus;
  createdAt: number;
  updatedAt: number;
}

/** Status of a promotion at `now` (ms): switched off, then past its end, then out of uses, then not started yet. */
export function promotionStatus(p: { active: boolean; validFrom: number | null; validTo: number | null; usageLimit: number | null; usedCount: number }, now: number): PromotionStatus {
  if (!p.active) return "inactive";
  if (p.validTo !== null && now > p.validTo) return "expired";
  if (p.usageLimit !== null && p.usedCount >= p.usageLimit) return "exhausted";
  if (p.validFrom !== null && now < p.validFrom) return "scheduled";
  return "active";
}

/** An instant with an offset ("…Z", "+03:00"), or a wall time "YYYY-MM-DDTHH:mm" / a day "YYYY-MM-DD" in the account's zone. */
export const LOCAL_OR_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const when = z
  .string({ error: "Укажите дату" })
  .trim()
  .regex(LOCAL_OR_INSTANT, "Дата в формате ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTЧЧ:ММ")
  .refine((s) => {
    const [y, m, d] = s.slice(0, 10).split("-").map(Number);
    const day = new Date(Date.UTC(y!, m! - 1, d!));
    const [h, mi] = [Number(s.slice(11, 13) || 0), Number(s.slice(14, 16) || 0)];
    return day.getUTCFullYear() === y && day.getUTCMonth() === m! - 1 && day.getUTCDate() === d && h < 24 && mi < 60;
  }, "Такой даты нет");

const promotionFields = {
  name: z.string({ error: "Введите название акции" }).trim().min(1, "Введите название акции").max(200, "Не больше 200 символов"),
  description: z.string({ error: "Ожидается текст" }).trim().max(2000, "Не больше 2000 символов"),
  code: z
    .string({ error: "Ожидается промокод" })
    .trim()
    .max(50, "Не больше 50 символов")
    .regex(/^[\p{L}\p{N}_-]*$/u, "Промокод: буквы, цифры, «-» и «_», без пробелов")
    .transform((s) => s || null)
    .nullable(),
  kind: z.enum(PROMOTION_KINDS, { error: "Выберите вид акции: скидка в процентах, фиксированная сумма или подарок" }),
  percent: z.number({ error: "Процент — число от 1 до 100" }).int("Процент — целое число").min(1, "Процент — от 1 до 100").max(100, "Процент — от 1 до 100").nullable(),
  amount: money("сумму скидки").min(1, "Сумма скидки больше нуля").nullable(),
  currency,
  giftText: z.string({ error: "Ожидается текст" }).trim().max(500, "Не больше 500 символов").transform((s) => s || null).nullable(),
  appliesTo: z.enum(PROMOTION_SCOPES, { error: "Выберите, на что действует акция" }),
  categoryIds: z.array(z.string().min(1).max(64), { error: "Ожидается список категорий" }).max(100, "Не больше 100 категорий"),
  productIds: z.array(z.string().min(1).max(64), { error: "Ожидается список товаров" }).max(500, "Не больше 500 товаров"),
  minOrder: money("минимальную сумму заказа").nullable(),
  validFrom: when.nullable(),
  validTo: when.nullable(),
  usageLimit: z.number({ error: "Лимит — целое число" }).int("Лимит — целое число").min(1, "Лимит — от 1").max(10_000_000, "Слишком большой лимит").nullable(),
  active: z.boolean({ error: "Ожидается да или нет" }),
};

export const promotionCreateSchema = z.object({
  ...promotionFields,
  description: promotionFields.description.default(""),
  code: promotionFields.code.default(null),
  kind: promotionFields.kind.default("percent"),
  percent: promotionFields.percent.default(null),
  amount: promotionFields.amount.default(null),
  currency: currency.default(DEFAULT_CURRENCY),
  giftText: promotionFields.giftText.default(null),
  appliesTo: promotionFields.appliesTo.default("all"),
  categoryIds: promotionFields.categoryIds.default([]),
  productIds: promotionFields.productIds.default([]),
  minOrder: promotionFields.minOrder.default(null),
  validFrom: promotionFields.validFrom.default(null),
  validTo: promotionFields.validTo.default(null),
  usageLimit: promotionFields.usageLimit.default(null),
  active: promotionFields.active.default(true),
});
export type PromotionCreateInput = z.output<typeof promotionCreateSchema>;
export const promotionUpdateSchema = z
  .object(promotionFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export type PromotionUpdateInput = z.output<typeof promotionUpdateSchema>;

export const promotionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Размер страницы: ${PAGE_SIZES.join(", ")}`)
    .default(20),
  q: z.string().trim().max(200, "Не больше 200 символов").optional(),
  status: z.enum(PROMOTION_STATUSES, { error: "Статус: scheduled, active, expired, exhausted или inactive" }).optional(),
});
export type PromotionListQuery = z.output<typeof promotionListQuerySchema>;

// ------------------------------------------------------------------ promotion uses

/** A use of a promotion: the assistant applied its code in a conversation, or an operator recorded it. */
export interface PromotionUse {
  useId: string;
  promotionId: string;
  source: "assistant" | "operator";
  threadId: string | null;
  contactId: string | null;
  contactName: string | null;
  userName: string | null;
  createdAt: number;
}

/** Record a use: by the promotion's code (as a customer gives it) or its id, optionally in a conversation. */
export const promotionUseSchema = z
  .object({
    code: z.string().trim().min(1, "Введите промокод").max(40, "Не больше 40 символов").optional(),
    promotionId: z.string().trim().min(1).max(64).optional(),
    threadId: z.string().trim().min(1).max(64).optional(),
  })
  .refine((v) => !!v.code || !!v.promotionId, { message: "Введите промокод", path: ["code"] });
export type PromotionUseInput = z.output<typeof promotionUseSchema>;

/** `page` and a §2.13 page size: the promotion uses and the past imports. */
export const pagedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `Размер страницы: ${PAGE_SIZES.join(", ")}`)
    .default(20),
});

/** Why a promotion cannot be applied now, by its status (a sentence for the customer and the operator). */
export const NOT_APPLICABLE: Record<Exclude<PromotionStatus, "active">, string> = {
  inactive: "Акция выключена",
  scheduled: "Акция ещё не началась",
  expired: "Срок акции истёк",
  exhausted: "Промокод больше не действует: лимит использований исчерпан",
};
