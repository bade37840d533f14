import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as c from "./contract";
import * as products from "./products.service";
import * as categories from "./categories.service";
import * as promotions from "./promotions.service";
import * as uses from "./promotion-uses.service";
import { storeProductImage } from "./images";
import * as imports from "./import.service";
import { exportProducts } from "./export";

const id = z.string().trim().min(1).max(64);
const productParam = z.object({ accountId: id, productId: id });
const categoryParam = z.object({ accountId: id, categoryId: id });
const promotionParam = z.object({ accountId: id, promotionId: id });
const jobParam = z.object({ accountId: id, jobId: id });
const exportQuery = c.productFilterSchema.extend({ format: z.enum(c.EXPORT_FORMATS, { error: "Формат: csv или xlsx" }).default("csv") });

/**
 * The catalogue (mounted at /api/accounts): products, their categories, images, import and export.
 * Operators read (Product), owners and admins write. The literal segments (`bulk`, `images`,
 * `import`, `export`) are registered before `/products/:productId`.
 */
export const productRoutes = new Hono<AppBindings>()
  .get("/:accountId/products", can("read", "Product"), v("query", c.productListQuerySchema), async (x) => {
    return x.json(await products.listProducts(x.env, x.get("member").accountId, x.req.valid("query")), 200);
  })
  .post("/:accountId/products", can("create", "Product"), v("json", c.productCreateSchema), async (x) => {
    const p = await products.createProduct(x.env, x.get("member").accountId, x.req.valid("json"));
    return x.json({ ...p, message: "Товар создан" }, 201);
  })
  .post("/:accountId/products/bulk", can("update", "Product"), v("json", c.productBulkSchema), async (x) => {
    const r = await products.bulkProducts(x.env, x.get("member").accountId, x.req.valid("json"));
    return x.json({ ...r, message: "Готово" }, 200);
  })
  .post("/:accountId/products/images", can("create", "Product"), async (x) => {
    return x.json(await storeProductImage(x.env, x.get("member").accountId, x.req.raw), 201);
  })
  .get("/:accountId/products/export", can("read", "Product"), v("query", exportQuery), async (x) => {
    return exportProducts(x.env, x.get("member").accountId, x.req.valid("query"));
  })
  .get("/:accountId/products/import", can("create", "Product"), async (x) => {
    return x.json(await imports.latestImport(x.env, x.get("member").accountId), 200);
  })
  .post("/:accountId/products/import", can("create", "Product"), async (x) => {
    const { file, mapping } = await imports.readProductUpload(x.req.raw);
    const job = await imports.startProductImport(x.env, x.get("member").accountId, x.get("auth").user.id, file, mapping);
    return x.json({ ...job, message: "Импорт начат" }, 202);
  })
  .get("/:accountId/products/imports", can("create", "Product"), v("query", c.pagedQuerySchema), async (x) => {
    return x.json(await imports.listProductImports(x.env, x.get("member").accountId, x.req.valid("query")), 200);
  })
  .get("/:accountId/products/import/:jobId", can("create", "Product"), v("param", jobParam), async (x) => {
    return x.json(await imports.getProductImport(x.env, x.get("member").accountId, x.req.valid("param").jobId), 200);
  })
  .get("/:accountId/products/:productId", can("read", "Product"), v("param", productParam), async (x) => {
    return x.json(await products.getProduct(x.env, x.get("member").accountId, x.req.valid("param").productId), 200);
  })
  .patch("/:accountId/products/:productId", can("update", "Product"), v("param", productParam), v("json", c.productUpdateSchema), async (x) => {
    const p = await products.updateProduct(x.env, x.get("member").accountId, x.req.valid("param").productId, x.req.valid("json"));
    return x.json({ ...p, message: "Товар сохранён" }, 200);
  })
  .delete("/:accountId/products/:productId", can("delete", "Product"), v("param", productParam), async (x) => {
    const r = await products.deleteProduct(x.env, x.get("member").accountId, x.req.valid("param").productId);
    return x.json({ ...r, message: "Товар удалён" }, 200);
  })
  .post("/:accountId/products/:productId/duplicate", can("create", "Product"), v("param", productParam), async (x) => {
    const p = await products.duplicateProduct(x.env, x.get("member").accountId, x.req.valid("param").productId);
    return x.json({ ...p, message: "Копия создана" }, 201);
  })
  .get("/:accountId/product-categories", can("read", "Product"), async (x) => {
    return x.json(await categories.listCategories(x.env, x.get("member").accountId), 200);
  })
  .post("/:accountId/product-categories", can("create", "Product"), v("json", c.categoryCreateSchema), async (x) => {
    const cat = await categories.createCategory(x.env, x.get("member").accountId, x.req.valid("json"));
    return x.json({ ...cat, message: "Категория создана" }, 201);
  })
  .put("/:accountId/product-categories/order", can("update", "Product"), v("json", c.categoryOrderSchema), async (x) => {
    const tree = await categories.reorderCategories(x.env, x.get("member").accountId, x.req.valid("json"));
    return x.json({ ...tree, message: "Порядок категорий сохранён" }, 200);
  })
  .patch("/:accountId/product-categories/:categoryId", can("update", "Product"), v("param", categoryParam), v("json", c.categoryUpdateSchema), async (x) => {
    const cat = await categories.updateCategory(x.env, x.get("member").accountId, x.req.valid("param").categoryId, x.req.valid("json"));
    return x.json({ ...cat, message: "Категория сохранена" }, 200);
  })
  .delete("/:accountId/product-categories/:categoryId", can("delete", "Product"), v("param", categoryParam), async (x) => {
    const r = await categories.deleteCategory(x.env, x.get("member").accountId, x.req.valid("param").categoryId);
    return x.json({ ...r, message: r.uncategorised ? `Категория удалена, товаров без категории: ${r.uncategorised}` : "Категория удалена" }, 200);
  });

/** Promotions (mounted at /api/accounts): operators read (Promotion), owners and admins write. */
export const promotionRoutes = new Hono<AppBindings>()
  .get("/:accountId/promotions", can("read", "Promotion"), v("query", c.promotionListQuerySchema), async (x) => {
    return x.json(await promotions.listPromotions(x.env, x.get("member").accountId, x.req.valid("query")), 200);
  })
  .post("/:accountId/promotions", can("create", "Promotion"), v("json", c.promotionCreateSchema), async (x) => {
    const p = await promotions.createPromotion(x.env, x.get("member").accountId, x.req.valid("json"));
    return x.json({ ...p, message: "Акция создана" }, 201);
  })
  // A use of a promotion (by code or id, optionally in a conversation): operators record them too.
  .post("/:accountId/promotions/uses", can("create", "PromotionUse"), v("json", c.promotionUseSchema), async (x) => {
    const p = await uses.recordUse(x.env, x.get("member").accountId, x.req.valid("json"), x.get("auth").user.id);
    return x.json({ ...p, message: "Использование акции записано" }, 201);
  })
  .get("/:accountId/promotions/:promotionId/uses", can("read", "Promotion"), v("param", promotionParam), v("query", c.pagedQuerySchema), async (x) => {
    return x.json(await uses.listUses(x.env, x.get("member").accountId, x.req.valid("param").promotionId, x.req.valid("query")), 200);
  })
  .get("/:accountId/promotions/:promotionId", can("read", "Promotion"), v("param", promotionParam), async (x) => {
    return x.json(await promotions.getPromotion(x.env, x.get("member").accountId, x.req.valid("param").promotionId), 200);
  })
  .patch("/:accountId/promotions/:promotionId", can("update", "Promotion"), v("param", promotionParam), v("json", c.promotionUpdateSchema), async (x) => {
    const p = await promotions.updatePromotion(x.env, x.get("member").accountId, x.req.valid("param").promotionId, x.req.valid("json"));
    return x.json({ ...p, message: "Акция сохранена" }, 200);
  })
  .delete("/:accountId/promotions/:promotionId", can("delete", "Promotion"), v("param", promotionParam), async (x) => {
    const r = await promotions.deletePromotion(x.env, x.get("member").accountId, x.req.valid("param").promotionId);
    return x.json({ ...r, message: "Акция удалена" }, 200);
  });
