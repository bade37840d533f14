import type { z } from "zod";
import type { Env } from "../../env";
import { AppError, conflict, notFound, fieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { CATEGORY_LIMITS, type categoryCreateSchema, type categoryOrderSchema, type categoryUpdateSchema, type ProductCategory } from "./contract";
import { searchFold } from "../../lib/search-fold";

export const CATEGORY_NOT_FOUND = "Категория не найдена";

interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  position: number;
  product_count: number;
}

const nameKey = (s: string) => searchFold(s.trim());

/**
 * The account's category tree (depth ≤ 2), siblings by position; `productCount` counts the
 * category's own products (a root's count adds its children's).
 */
export async function listCategories(env: Env, accountId: string): Promise<{ data: ProductCategory[] }> {
  const rows = await env.DB.prepare(
    `SELECT c.id, c.parent_id, c.name, c.position, (SELECT count(*) FROM products p WHERE p.account_id = c.account_id AND p.category_id = c.id) AS product_count
     FROM product_categories c WHERE c.account_id = ? ORDER BY c.position, c.name`,
  )
    .bind(accountId)
    .all<CategoryRow>();
  const node = (r: CategoryRow): ProductCategory => ({ categoryId: r.id, name: r.name, parentId: r.parent_id, position: r.position, productCount: Number(r.product_count), children: [] });
  const roots = rows.results.filter((r) => !r.parent_id).map(node);
  const byId = new Map(roots.map((r) => [r.categoryId, r]));
  for (const r of rows.results) {
    const parent = r.parent_id ? byId.get(r.parent_id) : undefined;
    if (parent) {
      const child = node(r);
      parent.children.push(child);
      parent.productCount += child.productCount;
    }
  }
  return { data: roots };
}

async function categoryRow(env: Env, accountId: string, categoryId: string) {
  const r = await env.DB.prepare("SELECT id, parent_id, name, position FROM product_categories WHERE id = ? AND account_id = ?").bind(categoryId, accountId).first<Omit<CategoryRow, "product_count">>();
  if (!r) throw notFound(CATEGORY_NOT_FOUND, "CATEGORY_NOT_FOUND");
  return r;
}

/** A parent must be a root of the same account (the tree is two levels deep). */
async function checkParent(env: Env, accountId: string, parentId: string | null, selfId?: string) {
  if (!parentId) return;
  if (parentId === selfId) throw fieldError("parentId", "Категория не может быть вложена сама в себя");
  const p = await env.DB.prepare("SELECT parent_id FROM product_categories WHERE id = ? AND account_id = ?").bind(parentId, accountId).first<{ parent_id: string | null }>();
  if (!p) throw fieldError("parentId", "Родительская категория не найдена");
  if (p.parent_id) throw fieldError("parentId", "Вложенность — не больше двух уровней: выберите категорию верхнего уровня");
  if (selfId) {
    const kids = await env.DB.prepare("SELECT 1 AS x FROM product_categories WHERE parent_id = ? AND account_id = ? LIMIT 1").bind(selfId, accountId).first();
    if (kids) throw fieldError("parentId", "У категории есть подкатегории: её нельзя вложить в другую");
  }
}

async function checkNameFree(env: Env, accountId: string, parentId: string | null, name: string, selfId?: string) {
  const r = await env.DB.prepare("SELECT id FROM product_categories WHERE account_id = ? AND parent_id IS ? AND name_key = ?").bind(accountId, parentId, nameKey(name)).first<{ id: string }>();
  if (r && r.id !== selfId) throw fieldError("name", "Такая категория здесь уже есть");
}

export async function createCategory(env: Env, accountId: string, input: z.output<typeof categoryCreateSchema>): Promise<ProductCategory> {
  await checkParent(env, accountId, input.parentId);
  await checkNameFree(env, accountId, input.parentId, input.name);
  const n = await env.DB.prepare("SELECT count(*) AS n, coalesce(max(CASE WHEN parent_id IS ? THEN position END), -1) AS last FROM product_categories WHERE account_id = ?")
    .bind(input.parentId, accountId)
    .first<{ n: number; last: number }>();
  if ((n?.n ?? 0) >= CATEGORY_LIMITS.perAccount) throw new AppError(400, "CATEGORIES_LIMIT", `В каталоге может быть не больше ${CATEGORY_LIMITS.perAccount} категорий`);
  const id = newId();
  const now = Date.now();
  const position = Number(n?.last ?? -1) + 1;
  await env.DB.prepare("INSERT INTO product_categories (id, account_id, parent_id, name, name_key, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(id, accountId, input.parentId, input.name, nameKey(input.name), position, now, now)
    .run();
  return { categoryId: id, name: input.name, parentId: input.parentId, position, productCount: 0, children: [] };
}

export async function updateCategory(env: Env, accountId: string, categoryId: string, input: z.output<typeof categoryUpdateSchema>) {
  const current = await categoryRow(env, accountId, categoryId);
  const parentId = input.parentId === undefined ? current.parent_id : input.parentId;
  const name = input.name ?? current.name;
  if (parentId !== current.parent_id) await checkParent(env, accountId, parentId, categoryId);
  await checkNameFree(env, accountId, parentId, name, categoryId);
  await env.DB.prepare("UPDATE product_categories SET name = ?, name_key = ?, parent_id = ?, updated_at = ? WHERE id = ? AND account_id = ?")
    .bind(name, nameKey(name), parentId, Date.now(), categoryId, accountId)
    .run();
  const tree = await listCategories(env, accountId);
  const all = tree.data.flatMap((r) => [r, ...r.children]);
  return all.find((c) => c.categoryId === categoryId)!;
}

/**
 * Deletes a category. Its products become uncategorised (`uncategorised` in the answer says how
 * many). A category with subcategories is refused with 409: move or delete them first, so a click
 * never empties a whole branch.
 */
export async function deleteCategory(env: Env, accountId: string, categoryId: string) {
  await categoryRow(env, accountId, categoryId);
  const kids = await env.DB.prepare("SELECT count(*) AS n FROM product_categories WHERE parent_id = ? AND account_id = ?").bind(categoryId, accountId).first<{ n: number }>();
  if (Number(kids?.n ?? 0) > 0) throw conflict(`В категории есть подкатегории (${kids!.n}): сначала перенесите или удалите их`, "CATEGORY_HAS_CHILDREN");
  const [moved] = await env.DB.batch([
    env.DB.prepare("UPDATE products SET category_id = NULL, updated_at = ? WHERE account_id = ? AND category_id = ?").bind(Date.now(), accountId, categoryId),
    env.DB.prepare("DELETE FROM product_categories WHERE id = ? AND account_id = ?").bind(categoryId, accountId),
  ]);
  return { categoryId, uncategorised: moved!.meta.changes ?? 0 };
}

/** New order of one level's siblings: `ids` must be exactly the categories under `parentId`. */
export async function reorderCategories(env: Env, accountId: string, input: z.output<typeof categoryOrderSchema>) {
  const rows = await env.DB.prepare("SELECT id FROM product_categories WHERE account_id = ? AND parent_id IS ?").bind(accountId, input.parentId).all<{ id: string }>();
  const have = new Set(rows.results.map((r) => r.id));
  if (have.size !== input.ids.length || new Set(input.ids).size !== input.ids.length || input.ids.some((id) => !have.has(id)))
    throw fieldError("ids", "Передайте все категории этого уровня, каждую один раз");
  const now = Date.now();
  await env.DB.batch(input.ids.map((id, i) => env.DB.prepare("UPDATE product_categories SET position = ?, updated_at = ? WHERE id = ? AND account_id = ?").bind(i, now, id, accountId)));
  return listCategories(env, accountId);
}

/** The category of a path "Parent / Child" (import): found by name case-insensitively, created when missing. */
export async function categoryByPath(env: Env, accountId: string, path: string, cache: Map<string, string>): Promise<string | null> {
  const parts = path
    .split("/")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 2);
  if (!parts.length) return null;
  let parentId: string | null = null;
  for (const part of parts) {
    const key = `${parentId ?? ""}/${nameKey(part)}`;
    let id = cache.get(key);
    if (!id) {
      const r: { id: string } | null = await env.DB.prepare("SELECT id FROM product_categories WHERE account_id = ? AND parent_id IS ? AND name_key = ?")
        .bind(accountId, parentId, nameKey(part))
        .first<{ id: string }>();
      id = r?.id ?? (await createCategory(env, accountId, { name: part.slice(0, CATEGORY_LIMITS.name), parentId })).categoryId;
      cache.set(key, id);
    }
    parentId = id;
  }
  return parentId;
}
