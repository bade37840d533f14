import { createColumnHelper, rowPaginationFeature, tableFeatures, useTable, type ColumnDef, type RowData } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "./skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "./table";
import { PAGE_SIZE_OPTIONS, TablePagination } from "./pagination";
import { cn } from "@/lib/utils";

/** The feature set of every data table (TanStack Table v9). */
export const dataTableFeatures = tableFeatures({ rowPaginationFeature });
export type DataTableFeatures = typeof dataTableFeatures;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** `const col = dataTableColumns<Row>(); const columns = [col.accessor("name", {header: …})]`. */
export function dataTableColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

export interface DataTableProps<T extends RowData> {
  columns: DataTableColumn<T>[];
  data: T[];
  /**
   * Server-side paging: pass `page` (1-based), `pageSize`, `total` and the change handlers.
   * Without `total` the table pages the given rows itself.
   */
  page?: number;
  pageSize?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: readonly number[];
  isLoading?: boolean;
  /** Shown instead of the rows when there are none (use <EmptyState/>). */
  empty?: React.ReactNode;
  getRowId?: (row: T, index: number) => string;
  onRowClick?: (row: T) => void;
  className?: string;
  hidePagination?: boolean;
}

const emptyRows: never[] = [];

export function DataTable<T extends RowData>({
  columns,
  data,
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  isLoading,
  empty,
  getRowId,
  onRowClick,
  className,
  hidePagination,
}: DataTableProps<T>) {
  const { t } = useTranslation("common");
  const serverSide = total !== undefined;
  const [localPage, setLocalPage] = useState(1);
  const [localSize, setLocalSize] = useState(pageSize ?? 10);
  const currentPage = serverSide ? (page ?? 1) : localPage;
  const currentSize = serverSide ? (pageSize ?? 20) : localSize;
  const totalRows = serverSide ? total : data.length;
  const rows = useMemo(
    () => (serverSide ? data : data.slice((currentPage - 1) * currentSize, currentPage * currentSize)),
    [serverSide, data, currentPage, currentSize],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows ?? (emptyRows as T[]),
    getRowId: getRowId ? (row: T, index: number) => getRowId(row, index) : undefined,
    manualPagination: true,
    rowCount: totalRows,
    state: { pagination: { pageIndex: currentPage - 1, pageSize: currentSize } },
    onPaginationChange: () => {},
  });

  const setPage = (p: number) => (serverSide ? onPageChange?.(p) : setLocalPage(p));
  const setSize = (s: number) => {
    if (serverSide) onPageSizeChange?.(s);
    else {
      setLocalSize(s);
      setLocalPage(1);
    }
  };

  const headerGroups = table.getHeaderGroups();
  const bodyRows = table.getRowModel().rows;
  const colCount = headerGroups[0]?.headers.length ?? columns.length;

  return (
    <div className={cn("w-full", bodyRows.length === 0 && !isLoading && "@container/data-table", className)} data-slot="data-table">
      <Table>
        <TableHeader>
          {headerGroups.map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent dark:hover:bg-transparent">
              {group.headers.map((header) => (
                <TableHead key={header.id} colSpan={header.colSpan}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </TableHead>
              ))}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {isLoading && bodyRows.length === 0 ? (
            Array.from({ length: Math.min(currentSize, 5) }, (_, i) => (
              <TableRow key={`s${i}`} className="hover:bg-transparent">
                {Array.from({ length: colCount }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className="h-4 w-3/4" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : bodyRows.length === 0 ? (
            <TableRow className="hover:bg-transparent dark:hover:bg-transparent">
              <TableCell colSpan={colCount} className="h-auto p-0">
                {/* A table wider than a phone scrolls: the empty state stays in the visible part, not centred off screen. */}
                <div className="sticky start-0 w-[100cqw] whitespace-normal">{empty ?? <p className="py-10 text-center text-muted-foreground">{t("states.noData")}</p>}</div>
              </TableCell>
            </TableRow>
          ) : (
            bodyRows.map((row) => (
              <TableRow
                key={row.id}
                className={cn(onRowClick && "cursor-pointer", isLoading && "opacity-60")}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              >
                {row.getAllCells().map((cell) => (
                  <TableCell key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      {!hidePagination && totalRows > 0 && (
        <TablePagination
          className="border-t border-border"
          page={currentPage}
          pageSize={currentSize}
          total={totalRows}
          onPageChange={setPage}
          onPageSizeChange={serverSide ? (onPageSizeChange ? setSize : undefined) : setSize}
          pageSizeOptions={pageSizeOptions}
        />
      )}
    </div>
  );
}
