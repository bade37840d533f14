import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { Package, Plus } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import type { ProductsPage } from "../types";
import type { Product, ProductsParams } from "../api";

/** The products table: server-side pages, a row click opens the form (editors), an empty state for each reason. */
export function ProductsTable({
  list,
  columns,
  p,
  filtered,
  update,
  onReset,
  onOpen,
  onCreate,
}: {
  list: UseQueryResult<ProductsPage>;
  columns: DataTableColumn<Product>[];
  p: ProductsParams;
  filtered: boolean;
  update: (patch: ListParamsPatch) => void;
  onReset: () => void;
  onOpen?: (product: Product) => void;
  onCreate?: () => void;
}) {
  const { t } = useTranslation("products");
  if (list.isError) return <QueryLoadError query={list} className="m-4 sm:m-6" />;
  return (
    <DataTable
      columns={columns}
      data={list.data?.data ?? []}
      isLoading={list.isPending || list.isPlaceholderData}
      page={p.page}
      pageSize={p.limit}
      total={list.data?.meta.total ?? 0}
      onPageChange={(page) => update({ page })}
      onPageSizeChange={(limit) => update({ limit })}
      getRowId={(r) => r.productId}
      onRowClick={onOpen}
      empty={
        filtered ? (
          <NoMatchesState title={t("list.notFound")} description={t("list.notFoundHint")} resetLabel={t("list.reset")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState
            icon={Package}
            title={t("list.empty")}
            description={onCreate ? t("list.emptyHint") : t("list.emptyReadOnly")}
            action={
              onCreate && (
                <Button onClick={onCreate} data-testid="product-create-empty">
                  <Plus aria-hidden />
                  {t("list.create")}
                </Button>
              )
            }
          />
        )
      }
    />
  );
}
