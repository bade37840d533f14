import { z } from "zod";
import type { Env } from "../../env";
import type { ProductCardSource, ToolContext, ToolDefinition } from "../../ai/tools";
import { AVAILABILITY_LABELS, formatMoney, type Product, type Promotion } from "./contract";
import { PRODUCT_COLUMNS, productDto, type ProductSqlRow } from "./products.service";
import { activePromotions } from "./promotions.service";
import { redeemPromotion } from "./promotion-uses.service";
import { productTopSql, productWhere } from "./search-sql";
import { searchFold } from "../../lib/search-fold";

/**
 * The assistant's catalogue tools (offered to the model only when the assistant's "knows the
 * catalogue" switch is on; the runner adds them through tools.ts). Each reads only the account of
 * the turn and only active products. Every call and its result are kept in the reply's trace
 * (tool_call / tool_result messages) by the runner. The products a call showed are noted on the
 * context: when the turn's last product call showed exactly one product with a photo, the reply
 * goes out as its card (product-card.ts).
 */

export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 10;

/** Money for the model: minor units and the ru-RU text, so it quotes the stored price as it is. */
const money = (minor: number | null, currency: string) => (minor === null ? null : { minor, text: formatMoney(minor, currency, { fraction: false }) });

/** What the model reads of a product (compact: the description cut, the link absolute). */
function forModel(p: Product) {
  return {
    productId: p.productId,
    name: p.name,
    sku: p.sku,
    category: p.categoryName,
    price: money(p.price, p.currency),
    oldPrice: money(p.oldPrice, p.currency),
    availability: AVAILABILITY_LABELS[p.availability],
    stockCount: p.stockCount,
    link: p.link,
    hasPhoto: p.images.length > 0,
    description: p.description.length > 300 ? `${p.description.slice(0, 300)}…` : p.description,
    attributes: p.attributes,
  };
}

function cardSource(p: Product): ProductCardSource {
  return { productId: p.productId, name: p.name, price: p.price, oldPrice: p.oldPrice, currency: p.currency, availability: p.availability, imageKey: p.images[0]?.key ?? null, link: p.link };
}

function promotionForModel(p: Promotion) {
  return {
    promotionId: p.promotionId,
    name: p.name,
    description: p.description,
    code: p.code,
    discount: p.kind === "percent" ? `${p.percent}%` : p.kind === "fixed" ? formatMoney(p.amount ?? 0, p.currency, { fraction: false }) : null,
    gift: p.kind === "gift" ? p.giftText : null,
    appliesTo: p.appliesTo === "all" ? "весь каталог" : p.appliesTo === "categories" ? "отдельные категории" : "отдельные товары",
    minOrder: p.minOrder === null ? null : formatMoney(p.minOrder, p.currency, { fraction: false }),
    validTo: p.validTo,
  };
}

const rub = z.number().min(0).max(100_000_000);

const searchArgs = z.object({
  query: z.string().trim().max(200).default(""),
  category: z.string().trim().max(100).optional(),
  priceMin: rub.optional(),
  priceMax: rub.optional(),
  inStockOnly: z.boolean().default(false),
  limit: z.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});

/** The category named by the model (case-insensitive, a parent includes its children), or null when the account has none by that name. */
async function categoryIdByName(env: Env, accountId: string, name: string) {
  const key = searchFold(name.trim());
  const r = await env.DB.prepare("SELECT id FROM product_categories WHERE account_id = ? AND name_key = ? ORDER BY parent_id IS NOT NULL LIMIT 1").bind(accountId, key).first<{ id: string }>();
  return r?.id ?? null;
}

/** search_products: the top N active products of the account for a query, best first (bm25, name ×10; in stock first). */
export async function searchProducts(ctx: Pick<ToolContext, "env" | "accountId">, args: z.output<typeof searchArgs>): Promise<{ products: Product[]; note?: string }> {
  let categoryId: string | undefined;
  if (args.category) {
    const id = await categoryIdByName(ctx.env, ctx.accountId, args.category);
    if (!id) return { products: [], note: `Категории «${args.category}» нет в каталоге` };
    categoryId = id;
  }
  const w = productWhere(ctx.accountId, {
    q: args.query,
    categoryId,
    active: true,
    availability: args.inStockOnly ? "in_stock" : undefined,
    priceMin: args.priceMin === undefined ? undefined : Math.round(args.priceMin * 100),
    priceMax: args.priceMax === undefined ? undefined : Math.round(args.priceMax * 100),
  });
  const rows = await ctx.env.DB.prepare(productTopSql(PRODUCT_COLUMNS, w))
    .bind(...w.args, args.limit)
    .all<ProductSqlRow>();
  return { products: rows.results.map((r) => productDto(ctx.accountId, r)) };
}

export const CATALOGUE_TOOLS: ToolDefinition<any>[] = [
  {
    name: "search_products",
    title: "Поиск товаров в каталоге",
    description:
      "Найти товары в каталоге компании: цены, старые цены (до скидки), наличие и ссылки. Вызывай ВСЕГДА, когда клиент спрашивает о товаре, цене или наличии: цены называй только из результата. query — слова из вопроса клиента (название, тип товара, характеристика); category — название категории; priceMin/priceMax — в рублях; inStockOnly — только в наличии.",
    defaultOn: false,
    args: searchArgs,
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "Что ищет клиент, например «льняное платье» или «свеча ваниль»" },
        category: { type: "string", description: "Название категории каталога" },
        priceMin: { type: "number", description: "Цена от, в рублях" },
        priceMax: { type: "number", description: "Цена до, в рублях" },
        inStockOnly: { type: "boolean", description: "Только товары в наличии" },
        limit: { type: "integer", description: `Сколько товаров вернуть (1–${SEARCH_MAX_LIMIT}, по умолчанию ${SEARCH_DEFAULT_LIMIT})` },
      },
      required: ["query"],
      additionalProperties: false,
    },
    async run(ctx: ToolContext, args: z.output<typeof searchArgs>) {
      const { products: found, note } = await searchProducts(ctx, args);
      ctx.productsShown = found.map(cardSource);
      return { total: found.length, products: found.map((p) => forModel(p)), ...(note ? { note } : {}) };
    },
  },
  {
    name: "get_product",
    title: "Карточка товара",
    description: "Получить всё о товаре по productId (из search_products) или по артикулу: цену, старую цену, наличие, описание, характеристики, ссылку.",
    defaultOn: false,
    args: z.object({ productId: z.string().trim().max(64).optional(), sku: z.string().trim().max(64).optional() }).refine((a) => !!a.productId || !!a.sku, "Укажи productId или sku"),
    parameters: {
      type: "object",
      properties: { productId: { type: "string", description: "productId из search_products" }, sku: { type: "string", description: "Артикул" } },
      additionalProperties: false,
    },
    async run(ctx: ToolContext, args: { productId?: string; sku?: string }) {
      const r = await ctx.env.DB.prepare(
        `SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN product_categories c ON c.id = p.category_id WHERE p.account_id = ? AND p.active = 1 AND ${args.productId ? "p.id = ?" : "p.sku = ?"}`,
      )
        .bind(ctx.accountId, args.productId ?? args.sku!)
        .first<ProductSqlRow>();
      if (!r) return { found: false, error: "Товар не найден в каталоге" };
      const p = productDto(ctx.accountId, r);
      ctx.productsShown = [cardSource(p)];
      return { found: true, product: { ...forModel(p), description: p.description } };
    },
  },
  {
    name: "list_promotions",
    title: "Действующие акции",
    description: "Узнать акции и скидки, которые действуют сейчас (все или для товара productId). Вызывай, когда клиент спрашивает про скидки, акции, промокоды.",
    defaultOn: false,
    args: z.object({ productId: z.string().trim().max(64).optional() }),
    parameters: { type: "object", properties: { productId: { type: "string", description: "productId товара, если вопрос про конкретный товар" } }, additionalProperties: false },
    async run(ctx: ToolContext, args: { productId?: string }) {
      const list = await activePromotions(ctx.env, ctx.accountId, ctx.now, args.productId);
      if (list === null) return { error: "Товар не найден в каталоге" };
      return { total: list.length, promotions: list.slice(0, 10).map(promotionForModel) };
    },
  },
  {
    name: "apply_promotion",
    title: "Применение промокода",
    description:
      "Применить промокод, который назвал клиент, когда он оформляет заказ или просит применить скидку: использование записывается и считается в лимит акции. Если applied = false, назови клиенту причину (reason) и не обещай скидку.",
    defaultOn: false,
    args: z.object({ code: z.string().trim().min(1).max(40) }),
    parameters: { type: "object", properties: { code: { type: "string", description: "Промокод, как его написал клиент" } }, required: ["code"], additionalProperties: false },
    async run(ctx: ToolContext, args: { code: string }) {
      const r = await redeemPromotion(ctx.env, ctx.accountId, { code: args.code }, { source: "assistant", threadId: ctx.threadId, contactId: ctx.contactId }, ctx.now);
      if (!r.applied) return { applied: false, reason: r.reason, ...(r.promotion ? { promotion: promotionForModel(r.promotion) } : {}) };
      const p = r.promotion;
      return { applied: true, promotion: promotionForModel(p), usesLeft: p.usageLimit === null ? null : Math.max(0, p.usageLimit - p.usedCount) };
    },
  },
];

export const CATALOGUE_TOOL_NAMES = CATALOGUE_TOOLS.map((t) => t.name);
