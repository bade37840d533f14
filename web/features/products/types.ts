import type { ProductCategory } from "@worker/features/products/contract";
import type { ApiResponse } from "@/lib/api-types";

/** Shapes of the catalogue routes, as the worker answers them. */
export type ProductsPage = ApiResponse<"/accounts/:accountId/products">;
export type Product = ProductsPage["data"][number];
export type Availability = Product["availability"];
/** A category with its children: the contract's type (the route's JSON type cannot spell the recursion). */
export type Category = ProductCategory;
export type ProductImportJob = ApiResponse<"/accounts/:accountId/products/import/:jobId">;
export type PromotionsPage = ApiResponse<"/accounts/:accountId/promotions">;
export type Promotion = PromotionsPage["data"][number];
export type PromotionStatus = Promotion["status"];
