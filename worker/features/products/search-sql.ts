import { searchFold } from "../../lib/search-fold";
/**
 * The catalogue's SQL filter: the products list, bulk actions, the export and the assistant's
 * search_products all read products through it (and the benchmark's raw-SQLite floor runs exactly
 * this SQL). A query is split into words; words of 3+ characters become phrases of the trigram index
 * `products_fts` (migration 0021, the inbox's approach: JS-lower-cased haystacks, so Cyrillic matches
 * case-insensitively, and a trigram phrase matches exactly the rows containing it), all of which must
 * match, asked of the account's own rowid range of the index (its products live there, migration
 * 0021); shorter words are instr() checks on the row. With a query the rows rank by bm25 over the name
 * (×10) and the body (description, attribute values).
 */

export interface ProductSqlFilter {
  q?: string;
  categoryId?: string;
  availability?: string;
  active?: boolean;
  priceMin?: number;
  priceMax?: number;
  ids?: string[];
}

export interface ProductWhere {
  /** "" or the CTE `m` of the index's matches with their rank (materialized: bm25 runs only in the FTS scan's own context). */
  with: string;
  /** `products p`, or the matches joined to their rows (`m`, then `p`). */
  from: string;
  where: string;
  args: (string | number)[];
  /** The bm25 rank expression when the query used the index. */
  rank: string | null;
}

/** JS lower-casing (SQLite's lower() folds only ASCII) of the words of a query. */
export function queryWords(q: string | undefined): string[] {
  return searchFold(q ?? "")
    .split(/[\s,.;:!?()«»"']+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** The haystacks of a product (stored in search_name and search_body). */
export function productHaystacks(p: { name: string; sku: string; description: string; attributes: { key: string; value: string }[] }) {
  const fold = searchFold;
  return {
    searchName: fold(`${p.name} ${p.sku}`),
    searchBody: fold([p.description, ...p.attributes.map((a) => `${a.key} ${a.value}`)].join(" ")),
  };
}

export const RANK = "bm25(products_fts, 10.0, 1.0)";

export function productWhere(accountId: string, f: ProductSqlFilter): ProductWhere {
  const conds: string[] = [];
  const args: (string | number)[] = [];
  const words = queryWords(f.q);
  const long = words.filter((w) => w.length >= 3);
  const short = words.filter((w) => w.length < 3);
  let from = "products p";
  let rank: string | null = null;
  let withSql = "";
  if (long.length) {
    // Only the account's rowid range of the index (migration 0021): ?, then the account id twice.
    const slot = "(SELECT search_slot * 4294967296 FROM accounts WHERE id = ?)";
    withSql = `WITH m AS MATERIALIZED (SELECT rowid AS rid, ${RANK} AS rank FROM products_fts WHERE products_fts MATCH ? AND rowid >= ${slot} AND rowid < ${slot} + 4294967296)`;
    from = "m CROSS JOIN products p ON p.rowid = m.rid";
    args.push(long.map((w) => `"${w.replace(/"/g, '""')}"`).join(" "), accountId, accountId);
    rank = "m.rank";
  }
  conds.push("p.account_id = ?");
  args.push(accountId);
  for (const w of short) conds.push("instr(p.search_name || ' ' || p.search_body, ?) > 0"), args.push(w);
  if (f.categoryId) {
    conds.push("p.category_id IN (SELECT id FROM product_categories WHERE account_id = ? AND (id = ? OR parent_id = ?))");
    args.push(accountId, f.categoryId, f.categoryId);
  }
  if (f.availability) conds.push("p.availability = ?"), args.push(f.availability);
  if (f.active !== undefined) conds.push("p.active = ?"), args.push(f.active ? 1 : 0);
  if (f.priceMin !== undefined) conds.push("p.price >= ?"), args.push(f.priceMin);
  if (f.priceMax !== undefined) conds.push("p.price <= ?"), args.push(f.priceMax);
  if (f.ids) conds.push("p.id IN (SELECT value FROM json_each(?))"), args.push(JSON.stringify(f.ids));
  return { with: withSql, from, where: conds.join(" AND "), args, rank };
}

const SORT_COLUMNS: Record<string, string> = { name: "p.search_name", price: "p.price", updatedAt: "p.updated_at", sku: "p.sku" };

/** ORDER BY of a list: the chosen column, else the rank of a search, else the newest change first. */
export function productOrder(w: ProductWhere, sortBy?: string, sortDir?: "asc" | "desc"): string {
  if (sortBy && SORT_COLUMNS[sortBy]) return `${SORT_COLUMNS[sortBy]} ${sortDir === "desc" ? "DESC" : "ASC"}, p.id`;
  if (w.rank) return `${w.rank}, p.search_name, p.id`;
  return "p.updated_at DESC, p.id DESC";
}

/** The page with its total (a window count): `?`s of the filter, then limit and offset. */
export function productPageSql(columns: string, w: ProductWhere, order: string): string {
  return `${w.with} SELECT count(*) OVER () AS page__total, ${columns} FROM ${w.from}
    LEFT JOIN product_categories c ON c.id = p.category_id
    WHERE ${w.where} ORDER BY ${order} LIMIT ? OFFSET ?`;
}

/**
 * The assistant's search_products: the top N active products for a query (bind: the filter's
 * arguments, then the limit). Without a window count: the model needs the best few, not a total.
 */
export function productTopSql(columns: string, w: ProductWhere): string {
  return `${w.with} SELECT ${columns} FROM ${w.from} LEFT JOIN product_categories c ON c.id = p.category_id
    WHERE ${w.where} ORDER BY ${w.rank ? `${w.rank}, ` : ""}p.availability = 'in_stock' DESC, p.updated_at DESC LIMIT ?`;
}
