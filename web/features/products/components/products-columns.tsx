import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Copy, Pencil, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { useMediaQuery } from "@/lib/use-media-query";
import type { Product } from "../api";
import { AvailabilityBadge, Cover, PriceCell } from "./product-bits";

export interface ProductSelection {
  has: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  page: { all: boolean; some: boolean; toggle: (on: boolean) => void };
}

export interface RowActions {
  onEdit: (p: Product) => void;
  onDuplicate: (p: Product) => void;
  onDelete: (p: Product) => void;
}

type T = TFunction<"products">;

function selectColumn(selection: ProductSelection, t: T) {
  return dataTableColumns<Product>().display({
    id: "select",
    header: () => (
      <Checkbox
        checked={selection.page.all ? true : selection.page.some ? "indeterminate" : false}
        onCheckedChange={(on) => selection.page.toggle(on === true)}
        aria-label={t("bulk.selectPage")}
        data-testid="select-page"
      />
    ),
    cell: ({ row }) => (
      <span onClick={(e) => e.stopPropagation()} className="flex">
        <Checkbox checked={selection.has(row.original.productId)} onCheckedChange={(on) => selection.toggle(row.original.productId, on === true)} aria-label={t("bulk.selectRow", { name: row.original.name })} data-testid="select-row" />
      </span>
    ),
  });
}

function actionsColumn(actions: RowActions, t: T) {
  return dataTableColumns<Product>().display({
    id: "actions",
    header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
    cell: ({ row }) => (
      <div className="flex justify-end" onClick={(e) => e.stopPropagation()}>
        <ActionsMenu label={t("list.actions", { name: row.original.name })} testId="product-actions">
          <DropdownMenuItem onSelect={() => actions.onEdit(row.original)}>
            <Pencil aria-hidden />
            {t("list.edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.onDuplicate(row.original)} data-testid="product-duplicate">
            <Copy aria-hidden />
            {t("list.duplicate")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => actions.onDelete(row.original)} data-testid="product-delete">
            <Trash2 aria-hidden />
            {t("list.delete")}
          </DropdownMenuItem>
        </ActionsMenu>
      </div>
    ),
  });
}

/** From this width the table shows every column; below it (phones) the compact row. */
const WIDE_TABLE = "(min-width: 48rem)";

/** On a phone: the product with its cover, its price and availability under the name (the category is in the form). */
function compactProductColumn(t: T) {
  return dataTableColumns<Product>().display({
    id: "product",
    header: () => t("list.columns.product"),
    cell: ({ row: { original: p } }) => (
      <div className="flex min-w-0 items-start gap-3 whitespace-normal">
        <Cover product={p} />
        <div className="min-w-0">
          <span className="line-clamp-2 font-medium text-heading" data-testid="product-name">
            {p.name}
          </span>
          <span className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
            <span className="truncate">{t("list.skuShort", { sku: p.sku })}</span>
            {!p.active && (
              <Badge variant="secondary" className="px-1.5 py-0 text-[0.75rem]">
                {t("list.hidden")}
              </Badge>
            )}
          </span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <PriceCell product={p} inline />
            <AvailabilityBadge product={p} />
          </span>
        </div>
      </div>
    ),
  });
}

/**
 * The table's columns: selection (editors), the product with its cover, SKU, category, price, availability, state, the row menu (editors).
 * On a phone the row is the selection, the product (price and availability under its name) and the menu, so it fits without scrolling sideways.
 */
export function useProductColumns(selection: ProductSelection | null, actions: RowActions | null, categoryPaths: Map<string, string>) {
  const { t } = useTranslation("products");
  const compact = !useMediaQuery(WIDE_TABLE);
  return useMemo(() => {
    const col = dataTableColumns<Product>();
    if (compact) return [...(selection ? [selectColumn(selection, t)] : []), compactProductColumn(t), ...(actions ? [actionsColumn(actions, t)] : [])];
    return [
      ...(selection ? [selectColumn(selection, t)] : []),
      col.display({
        id: "product",
        header: () => t("list.columns.product"),
        cell: ({ row }) => (
          <div className="flex min-w-[220px] items-center gap-3">
            <Cover product={row.original} />
            <div className="min-w-0">
              <span className="line-clamp-2 max-w-72 font-medium text-heading" data-testid="product-name">
                {row.original.name}
              </span>
              <span className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
                <span className="truncate">{t("list.skuShort", { sku: row.original.sku })}</span>
                {!row.original.active && (
                  <Badge variant="secondary" className="px-1.5 py-0 text-[0.75rem]">
                    {t("list.hidden")}
                  </Badge>
                )}
              </span>
            </div>
          </div>
        ),
      }),
      col.display({
        id: "category",
        header: () => t("list.columns.category"),
        cell: ({ row: { original: p } }) => (
          <span className="line-clamp-2 max-w-44">{p.categoryId ? (categoryPaths.get(p.categoryId) ?? p.categoryName) : <span className="text-muted-foreground">{t("categories.none")}</span>}</span>
        ),
      }),
      col.display({ id: "price", header: () => <span className="block text-end">{t("list.columns.price")}</span>, cell: ({ row }) => <PriceCell product={row.original} /> }),
      col.display({ id: "availability", header: () => t("list.columns.availability"), cell: ({ row }) => <AvailabilityBadge product={row.original} /> }),
      ...(actions ? [actionsColumn(actions, t)] : []),
    ];
  }, [selection, actions, categoryPaths, t, compact]);
}
