import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Plus } from "lucide-react";
import { useDebouncedSearch } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import { flattenCategories, productQueries } from "@/features/products/api";
import { CategoriesPanel } from "@/features/products/components/categories-panel";
import { ImportProductsButton } from "@/features/products/components/import-button";
import { ProductDialog } from "@/features/products/components/product-dialog";
import { useProductColumns } from "@/features/products/components/products-columns";
import { ProductsBulkBar } from "@/features/products/components/products-bulk-bar";
import { ProductsExportMenu } from "@/features/products/components/products-export-menu";
import { ProductsFilters } from "@/features/products/components/products-filters";
import { ProductsTable } from "@/features/products/components/products-table";
import { useProductActions } from "@/features/products/use-product-actions";
import { useProductSelection } from "@/features/products/use-product-selection";
import { useProductsParams } from "@/features/products/use-products-params";

export const handle = { titleKey: "products:list.pageTitle" };

/**
 * /:accountId/products — the catalogue: the categories tree beside a table with search, filters,
 * sort and server pages; editors select rows for bulk show/hide/delete, create, edit, duplicate,
 * import and export. Operators read.
 */
export default function ProductsPage() {
  const { t } = useTranslation("products");
  const { accountId = "" } = useParams();
  const canEdit = useAbility().can("update", "Product");
  const { p, q, filter, params, update, filtered } = useProductsParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const list = useQuery(productQueries.list(accountId, p));
  const categoryQuery = useQuery(productQueries.categories(accountId));
  const categories = useMemo(() => categoryQuery.data?.data ?? [], [categoryQuery.data]);
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const pageIds = rows.map((r) => r.productId);
  const { selection, target, selectAll, clear } = useProductSelection(pageIds, filter, total);
  const { editing, setEditing, actions } = useProductActions(accountId);
  const paths = useMemo(() => new Map(flattenCategories(categories).map((c) => [c.category.categoryId, c.path])), [categories]);
  const columns = useProductColumns(canEdit ? selection : null, canEdit ? actions : null, paths);
  const reset = () => {
    setSearch("");
    update({ q: undefined, categoryId: undefined, availability: undefined, active: undefined, priceMin: undefined, priceMax: undefined });
  };

  return (
    <div>
      <PageHeader
        title={t("list.title")}
        description={list.data ? t(filtered ? "list.found" : "list.total", { count: total }) : t("list.description")}
        actions={
          <>
            {canEdit && <ImportProductsButton accountId={accountId} />}
            <ProductsExportMenu accountId={accountId} filter={filter} total={list.data ? total : undefined} />
            {canEdit && (
              <Button onClick={() => setEditing({ product: null })} data-testid="product-create">
                <Plus aria-hidden />
                {t("list.create")}
              </Button>
            )}
          </>
        }
      />
      <div className="grid items-start gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div className="order-last lg:order-first">
          <CategoriesPanel accountId={accountId} canEdit={canEdit} selected={p.categoryId} onSelect={(categoryId) => update({ categoryId })} />
        </div>
        <Card className="gap-0 overflow-hidden py-0">
          <ProductsFilters p={p} params={params} search={search} onSearch={setSearch} update={update} categories={categories} />
          {target && <ProductsBulkBar accountId={accountId} target={target} pageCount={rows.length} total={total} onSelectAll={selectAll} onClear={clear} />}
          <ProductsTable
            list={list}
            columns={columns}
            p={p}
            filtered={filtered}
            update={update}
            onReset={reset}
            onOpen={canEdit ? (product) => setEditing({ product }) : undefined}
            onCreate={canEdit ? () => setEditing({ product: null }) : undefined}
          />
        </Card>
      </div>
      {editing && <ProductDialog key={editing.product?.productId ?? "new"} accountId={accountId} product={editing.product} categoryId={p.categoryId} onClose={() => setEditing(null)} />}
    </div>
  );
}
