import { cleanup, screen, within } from "@testing-library/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatMoney } from "@/features/products/money";
import { useProductColumns, type ProductSelection } from "@/features/products/components/products-columns";
import { ProductsTable } from "@/features/products/components/products-table";
import type { Product, ProductsPage, Promotion, PromotionsPage } from "@/features/products/types";
import { PromotionsTable } from "@/features/promotions/components/promotions-table";
import { i18n } from "@/lib/i18n";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * On a phone (390 px) the products and promotions tables keep the name, the price (what the
 * promotion gives) and the row menu in view: the secondary columns are left out and the price,
 * availability or status go under the name, so nothing sits in a sideways-scrolling part. At
 * desktop widths the tables keep every column.
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["products", "common"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The viewport's width as CSS media queries see it (only min-width queries are asked here). */
function viewport(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const rem = /min-width:\s*([\d.]+)rem/.exec(query);
    const px = /min-width:\s*([\d.]+)px/.exec(query);
    const min = rem ? Number(rem[1]) * 16 : px ? Number(px[1]) : 0;
    return { matches: width >= min, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

const list = <T,>(rows: T[]) => ({ data: { data: rows, meta: { total: rows.length, limit: 20, lastPage: 1, page: 1 } }, isPending: false, isError: false, isPlaceholderData: false }) as unknown as UseQueryResult<{ data: T[]; meta: { total: number; limit: number; lastPage: number; page: number } }>;
const headers = () => screen.getAllByRole("columnheader").map((h) => h.textContent!.trim());

const promotion = {
  promotionId: "pr1",
  name: "Осенние букеты −10%",
  description: "Скидка 10% на все букеты до конца октября",
  code: "AUTUMN10",
  kind: "percent",
  percent: 10,
  amount: null,
  currency: "RUB",
  giftText: null,
  minOrder: null,
  appliesTo: "all",
  categoryIds: [],
  productIds: [],
  validFrom: null,
  validTo: "2026-10-31T20:59:00.000Z",
  usageLimit: null,
  usedCount: 3,
  active: true,
  status: "active",
} as unknown as Promotion;

const product = {
  productId: "p1",
  name: "Букет «15 красных роз»",
  sku: "ROSE-15",
  active: true,
  images: [],
  categoryId: null,
  categoryName: null,
  price: 450000,
  oldPrice: null,
  currency: "RUB",
  availability: "in_stock",
  stockCount: 12,
} as unknown as Product;

function renderPromotions() {
  renderWithClient(
    testQueryClient(),
    <PromotionsTable list={list([promotion]) as UseQueryResult<PromotionsPage>} p={{ page: 1, limit: 20 }} timeZone="Europe/Moscow" filtered={false} update={() => {}} onReset={() => {}} actions={{ onEdit: () => {}, onDelete: () => {} }} />,
  );
}

const selection: ProductSelection = { has: () => false, toggle: () => {}, page: { all: false, some: false, toggle: () => {} } };
function Products() {
  const columns = useProductColumns(selection, { onEdit: () => {}, onDuplicate: () => {}, onDelete: () => {} }, new Map());
  return <ProductsTable list={list([product]) as UseQueryResult<ProductsPage>} columns={columns} p={{ page: 1, limit: 20, sortBy: "updatedAt", sortDir: "desc" }} filtered={false} update={() => {}} onReset={() => {}} />;
}

describe("promotions table", () => {
  it("on a phone: the promotion with what it gives and its status, and the menu; no sideways columns", () => {
    viewport(390);
    renderPromotions();
    expect(headers()).toEqual(["Акция", "Действия"]);
    const row = screen.getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell")).toHaveLength(2);
    expect(within(row).getByTestId("promotion-name").textContent).toBe("Осенние букеты −10%");
    expect(within(row).getByTestId("promotion-benefit").textContent).toBe("−10 %");
    expect(within(row).getByTestId("promotion-status").textContent).toBe("Действует");
    expect(within(row).getByTestId("promotion-actions")).toBeTruthy();
  });

  it("on a desktop: every column", () => {
    viewport(1440);
    renderPromotions();
    expect(headers()).toHaveLength(7);
    expect(headers()[0]).toBe("Акция");
  });
});

describe("products table", () => {
  it("on a phone: selection, the product with its price and availability, and the menu", () => {
    viewport(390);
    renderWithClient(testQueryClient(), <Products />);
    expect(headers().slice(1)).toEqual(["Товар", "Действия"]);
    const row = screen.getAllByRole("row")[1]!;
    expect(within(row).getAllByRole("cell")).toHaveLength(3);
    expect(nbsp(within(row).getByTestId("price").textContent!)).toBe(nbsp(formatMoney(450000, "RUB")));
    expect(within(row).getByTestId("availability").textContent).toContain("В наличии");
    expect(within(row).getByTestId("product-actions")).toBeTruthy();
  });

  it("on a desktop: every column", () => {
    viewport(1440);
    renderWithClient(testQueryClient(), <Products />);
    expect(headers()).toHaveLength(6);
  });
});
