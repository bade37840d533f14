import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { AVAILABILITY } from "@worker/features/products/contract";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import type { Category, Product, ProductImportJob, ProductsPage } from "./types";

export type { Availability, Category, Product, ProductImportJob } from "./types";

export const AVAILABILITIES = AVAILABILITY;
/** The sort choices in the order the select offers them (the newest changes first by default). */
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

/** What the product form sends (the create body; a PATCH takes the same fields). */
export type ProductInput = ApiBody<"/accounts/:accountId/products">;

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
      queryFn: ({ signal }) => api.get<ProductsPage>(base(accountId), { query: { ...p }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  categories: (accountId: string) =>
    queryOptions({
      queryKey: productKeys.categories(accountId),
      queryFn: ({ signal }) => api.get<{ data: Category[] }>(`/accounts/${accountId}/product-categories`, { signal, silent: true }),
    }),
  /** Products by name for pickers (a promotion's products). */
  search: (accountId: string, q: string) =>
    queryOptions({
      queryKey: productKeys.list(accountId, { page: 1, limit: 20, q: q || undefined, sortBy: "name", sortDir: "asc" }),
      queryFn: ({ signal }) => api.get<ProductsPage>(base(accountId), { query: { page: 1, limit: 20, q: q || undefined, sortBy: "name", sortDir: "asc" }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  latestImport: (accountId: string) =>
    queryOptions({
      queryKey: productKeys.imports(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/products/import">>(`${base(accountId)}/import`, { signal, silent: true, background: true }),
    }),
  /** The latest imports (the upload step's history). */
  history: (accountId: string) =>
    queryOptions({
      queryKey: [...productKeys.imports(accountId), "history"] as const,
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/products/imports">>(`${base(accountId)}/imports`, { query: { page: 1, limit: 5 }, signal, silent: true, background: true }),
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
  create: (accountId: string, body: ProductInput) => api.post<ApiResponse<"/accounts/:accountId/products", "post">>(base(accountId), body, { silent: true }),
  update: (accountId: string, productId: string, body: ApiBody<"/accounts/:accountId/products/:productId", "patch">) =>
    api.patch<ApiResponse<"/accounts/:accountId/products/:productId", "patch">>(`${base(accountId)}/${productId}`, body, { silent: true }),
  get: (accountId: string, productId: string) => api.get<Product>(`${base(accountId)}/${productId}`, { silent: true }),
  remove: (accountId: string, productId: string) => api.delete<ApiResponse<"/accounts/:accountId/products/:productId", "delete">>(`${base(accountId)}/${productId}`),
  duplicate: (accountId: string, productId: string) => api.post<ApiResponse<"/accounts/:accountId/products/:productId/duplicate", "post">>(`${base(accountId)}/${productId}/duplicate`),
  bulk: (accountId: string, body: { action: "activate" | "deactivate" | "delete"; ids?: string[]; filter?: ProductsFilter }) =>
    api.post<ApiResponse<"/accounts/:accountId/products/bulk", "post">>(`${base(accountId)}/bulk`, body),
  uploadImage: (accountId: string, file: File) => {
    const form = new FormData();
    form.set("file", file);
    return api.post<ApiResponse<"/accounts/:accountId/products/images", "post">>(`${base(accountId)}/images`, form, { silent: true });
  },
  export: (accountId: string, format: "csv" | "xlsx", filter: ProductsFilter) => api.download(`${base(accountId)}/export`, { query: { format, ...filter } }),
  startImport: (accountId: string, file: File, columns: (string | null)[]) => {
    const form = new FormData();
    form.set("file", file);
    form.set("mapping", JSON.stringify({ columns }));
    return api.post<ApiResponse<"/accounts/:accountId/products/import", "post">>(`${base(accountId)}/import`, form, { silent: true });
  },
  createCategory: (accountId: string, body: { name: string; parentId?: string | null }) =>
    api.post<ApiResponse<"/accounts/:accountId/product-categories", "post">>(`/accounts/${accountId}/product-categories`, body, { silent: true }),
  updateCategory: (accountId: string, categoryId: string, body: { name?: string; parentId?: string | null }) =>
    api.patch<ApiResponse<"/accounts/:accountId/product-categories/:categoryId", "patch">>(`/accounts/${accountId}/product-categories/${categoryId}`, body, { silent: true }),
  removeCategory: (accountId: string, categoryId: string) => api.delete<ApiResponse<"/accounts/:accountId/product-categories/:categoryId", "delete">>(`/accounts/${accountId}/product-categories/${categoryId}`),
  reorderCategories: (accountId: string, parentId: string | null, ids: string[]) =>
    api.put<ApiResponse<"/accounts/:accountId/product-categories/order", "put">>(`/accounts/${accountId}/product-categories/order`, { parentId, ids }),
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
