// TEMPORARY until h-catalog-srv lands: the contract's shapes (CATALOG-CONTRACT.md). Replaced by ApiResponse<…> at merge.
export type Availability = "in_stock" | "out_of_stock" | "on_order";
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
  images: { key: string; url: string }[];
  link: string | null;
  active: boolean;
  attributes: { key: string; value: string }[];
  createdAt: string;
  updatedAt: string;
}
export interface Category {
  categoryId: string;
  name: string;
  parentId: string | null;
  position: number;
  productCount: number;
  children: Category[];
}
export interface Paged<T> {
  data: T[];
  meta: { total: number; limit: number; lastPage: number; page: number };
}
export interface ProductImportJob {
  jobId: string;
  status: "running" | "completed" | "failed";
  fileName: string;
  totalRows: number;
  processedRows: number;
  progress: number;
  created: number;
  updated: number;
  failed: number;
  issues: { row: number; column: string; value: string; reason: string }[];
  createdAt: string;
}
export type PromotionStatus = "scheduled" | "active" | "expired" | "exhausted" | "inactive";
export interface Promotion {
  promotionId: string;
  name: string;
  description: string;
  code: string | null;
  kind: "percent" | "fixed" | "gift";
  percent: number | null;
  amount: number | null;
  currency: string;
  giftText: string | null;
  appliesTo: "all" | "categories" | "products";
  categoryIds: string[];
  productIds: string[];
  minOrder: number | null;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  usedCount: number;
  active: boolean;
  status: PromotionStatus;
}
