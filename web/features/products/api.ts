import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Category, Paged, Product, ProductImportJob } from "./types";

export type { Availability, Category, Product, ProductImportJob } from "./types";

export const AVAILABILITIES = ["in_stock", "out_of_stock", "on_order"] as const;
export const PRODUCT_SORTS = ["updatedAt", "name", "price", "sku"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The list's query as the API takes it (prices in minor units). */
export interface ProductsParams {
  page: number;
  limit: number;
  q?: string;
  categoryId?: string;
  availability?: string;
  active?: "true" | "false";
  priceMin?: number;
  priceMax?: number;
  sortBy: ProductSort;
  sortDir: "asc" | "desc";
}
/** The list's filters without paging and sort: what bulk actions and export take. */
export type ProductsFilter = Omit<ProductsParams, "page" | "limit" | "sortBy" | "sortDir">;

export type ProductInput = {
  name: string;
  description: string;
  sku: string;
  categoryId: string | null;
  price: number;
  oldPrice: number | null;
  currency: string;
  availability: Product["availability"];
  stockCount: number | null;
  images: string[];
  link: string | null;
  active: boolean;
  attributes: { key: string; value: string }[];
};

/** Keys under ["accounts", accountId, "products" | "product-categories", …]. */
export const productKeys = {
  all: (accountId: string) => ["accounts", accountId, "products"] as const,
  list: (accountId: string, p: ProductsParams) => ["accounts", accountId, "products", "list", p] as const,
  detail: (accountId: string, productId: string) => ["accounts", accountId, "products", "detail", productId] as const,
  imports: (accountId: string) => ["accounts", accountId, "products", "imports"] as const,
  importJob: (accountId: string, jobId: string) => ["accounts", accountId, "products", "imports", jobId] as const,
  categories: (accountId: string) => ["accounts", accountId, "product-categories"] as const,
};

const base = (accountId: string) => `/accounts/${accountId}/products`;

export const productQueries = {
  list: (accountId: string, p: ProductsParams) =>
    queryOptions({
      queryKey: productKeys.list(accountId, p),
      queryFn: ({ signal }) => api.get<Paged<Product>>(base(accountId), { query: { ...p }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  categories: (accountId: string) =>
    queryOptions({
      queryKey: productKeys.categories(accountId),
      queryFn: ({ signal }) => api.get<Category[]>(`/accounts/${accountId}/product-categories`, { signal, silent: true }),
    }),
  /** Products by name for pickers (a promotion's products). */
  search: (accountId: string, q: string) =>
    queryOptions({
      queryKey: productKeys.list(accountId, { page: 1, limit: 20, q: q || undefined, sortBy: "name", sortDir: "asc" }),
      queryFn: ({ signal }) => api.get<Paged<Product>>(base(accountId), { query: { page: 1, limit: 20, q: q || undefined, sortBy: "name", sortDir: "asc" }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  latestImport: (accountId: string) =>
    queryOptions({
      queryKey: productKeys.imports(accountId),
      queryFn: ({ signal }) => api.get<ProductImportJob | null>(`${base(accountId)}/import`, { signal, silent: true, background: true }),
    }),
  /** Polled while the import runs; stops once it has finished. */
  importJob: (accountId: string, jobId: string) =>
    queryOptions({
      queryKey: productKeys.importJob(accountId, jobId),
      queryFn: ({ signal }) => api.get<ProductImportJob>(`${base(accountId)}/import/${jobId}`, { signal, silent: true, background: true }),
      refetchInterval: (q) => (q.state.data?.status === "running" ? 1000 : false),
    }),
};

export const productApi = {
  /** Silent: the form puts the server's messages at its fields. */
  create: (accountId: string, body: ProductInput) => api.post<Product>(base(accountId), body, { silent: true }),
  update: (accountId: string, productId: string, body: Partial<ProductInput>) => api.patch<Product>(`${base(accountId)}/${productId}`, body, { silent: true }),
  get: (accountId: string, productId: string) => api.get<Product>(`${base(accountId)}/${productId}`),
  remove: (accountId: string, productId: string) => api.delete<unknown>(`${base(accountId)}/${productId}`),
  duplicate: (accountId: string, productId: string) => api.post<Product>(`${base(accountId)}/${productId}/duplicate`),
  bulk: (accountId: string, body: { action: "activate" | "deactivate" | "delete"; ids?: string[]; filter?: ProductsFilter }) =>
    api.post<{ affected: number }>(`${base(accountId)}/bulk`, body),
  uploadImage: (accountId: string, file: File) => {
    const form = new FormData();
    form.set("file", file);
    return api.post<{ key: string; url: string }>(`${base(accountId)}/images`, form, { silent: true });
  },
  export: (accountId: string, format: "csv" | "xlsx", filter: ProductsFilter) => api.download(`${base(accountId)}/export`, { query: { format, ...filter } }),
  startImport: (accountId: string, file: File, columns: (string | null)[]) => {
    const form = new FormData();
    form.set("file", file);
    form.set("mapping", JSON.stringify({ columns }));
    return api.post<ProductImportJob>(`${base(accountId)}/import`, form, { silent: true });
  },
  createCategory: (accountId: string, body: { name: string; parentId?: string | null }) => api.post<Category>(`/accounts/${accountId}/product-categories`, body, { silent: true }),
  updateCategory: (accountId: string, categoryId: string, body: { name?: string; parentId?: string | null }) =>
    api.patch<Category>(`/accounts/${accountId}/product-categories/${categoryId}`, body, { silent: true }),
  removeCategory: (accountId: string, categoryId: string) => api.delete<unknown>(`/accounts/${accountId}/product-categories/${categoryId}`),
  reorderCategories: (accountId: string, parentId: string | null, ids: string[]) => api.put<unknown>(`/accounts/${accountId}/product-categories/order`, { parentId, ids }),
};

/** The tree flattened for selects: roots then their children, with the depth. */
export function flattenCategories(tree: Category[]): { category: Category; depth: number; path: string }[] {
  const out: { category: Category; depth: number; path: string }[] = [];
  for (const c of tree) {
    out.push({ category: c, depth: 0, path: c.name });
    for (const child of c.children ?? []) out.push({ category: child, depth: 1, path: `${c.name} / ${child.name}` });
  }
  return out;
}
