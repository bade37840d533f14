import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, MoreHorizontal } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "./button";
import { Card } from "./card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";
import { cn } from "@/lib/utils";

/** Page-size options of SPEC §2.13. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 25, 50, 100] as const;

// Pagers end lists, so they often sit in the corner the floating test-chat launcher rises from.
export function Pagination({ className, ...props }: React.ComponentProps<"nav">) {
  return <nav role="navigation" aria-label="pagination" data-slot="pagination" className={cn("flex", className)} {...LAUNCHER_AVOID} {...props} />;
}

export function PaginationContent({ className, ...props }: React.ComponentProps<"ul">) {
  return <ul data-slot="pagination-content" className={cn("flex flex-row items-center gap-1", className)} {...props} />;
}

export function PaginationItem(props: React.ComponentProps<"li">) {
  return <li data-slot="pagination-item" {...props} />;
}

type PaginationLinkProps = { isActive?: boolean; disabled?: boolean } & React.ComponentProps<"button">;

export function PaginationLink({ className, isActive, disabled, ...props }: PaginationLinkProps) {
  return (
    <button
      type="button"
      aria-current={isActive ? "page" : undefined}
      data-slot="pagination-link"
      data-active={isActive}
      disabled={disabled}
      className={cn(
        buttonVariants({ variant: "ghost", size: "icon" }),
        "size-8.5 rounded-md bg-secondary/10 text-[0.9375rem] dark:bg-white/6 data-[active=true]:bg-primary data-[active=true]:text-primary-foreground data-[active=true]:shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)] [&_svg]:rtl:rotate-180",
        className,
      )}
      {...props}
    />
  );
}

export function PaginationEllipsis({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span aria-hidden data-slot="pagination-ellipsis" className={cn("flex size-8.5 items-center justify-center text-muted-foreground", className)} {...props}>
      <MoreHorizontal className="size-4" />
    </span>
  );
}

/** Page numbers around the current one with ellipses, e.g. 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number, around = 1): Array<number | "…"> {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const out: Array<number | "…"> = [1];
  const start = Math.max(2, page - around);
  const end = Math.min(pages - 1, page + around);
  if (start > 2) out.push("…");
  for (let p = start; p <= end; p++) out.push(p);
  if (end < pages - 1) out.push("…");
  out.push(pages);
  return out;
}

export interface TablePaginationProps {
  /** 1-based page. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: readonly number[];
  className?: string;
}

/**
 * Pager of the data tables: first/previous/pages/next/last buttons and the page-size select (§2.13).
 * Narrow screens have no room for the page buttons: they show «12 / 110» between the arrows instead
 * (the ellipses go with the buttons they stand between).
 */
export function TablePagination({ page, pageSize, total, onPageChange, onPageSizeChange, pageSizeOptions = PAGE_SIZE_OPTIONS, className }: TablePaginationProps) {
  const { t } = useTranslation("common");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <div className={cn("flex flex-col-reverse items-center justify-between gap-3 px-5 py-4 sm:flex-row", className)} data-slot="table-pagination">
      <div className="flex items-center gap-3 text-[0.9375rem] text-muted-foreground">
        {onPageSizeChange && (
          <label className="flex items-center gap-2">
            <span className="hidden sm:inline">{t("table.rowsPerPage")}</span>
            <PageSizeSelect value={pageSize} onChange={onPageSizeChange} options={pageSizeOptions} label={t("table.rowsPerPage")} size="sm" className="w-[4.75rem]" />
          </label>
        )}
        <span data-testid="table-range">{t("table.range", { from, to, total })}</span>
      </div>
      <Pagination>
        <PaginationContent>
          <PaginationItem>
            <PaginationLink aria-label={t("table.firstPage")} title={t("table.firstPage")} disabled={current <= 1} onClick={() => onPageChange(1)}>
              <ChevronsLeft className="size-4" />
            </PaginationLink>
          </PaginationItem>
          <PaginationItem>
            <PaginationLink aria-label={t("table.previousPage")} title={t("table.previousPage")} disabled={current <= 1} onClick={() => onPageChange(current - 1)}>
              <ChevronLeft className="size-4" />
            </PaginationLink>
          </PaginationItem>
          <PaginationItem className="sm:hidden">
            <span data-testid="table-page-of" className="flex h-8.5 min-w-8.5 items-center justify-center px-2 text-[0.9375rem] whitespace-nowrap">
              <span aria-hidden>{t("table.pageOf", { page: current, pages })}</span>
              <span className="sr-only">{t("table.page", { page: current, pages })}</span>
            </span>
          </PaginationItem>
          {pageWindow(current, pages).map((p, i) =>
            p === "…" ? (
              <PaginationItem key={`e${i}`} className="hidden sm:block">
                <PaginationEllipsis />
              </PaginationItem>
            ) : (
              <PaginationItem key={p} className="hidden sm:block">
                <PaginationLink isActive={p === current} onClick={() => onPageChange(p)} aria-label={t("table.page", { page: p, pages })}>
                  {p}
                </PaginationLink>
              </PaginationItem>
            ),
          )}
          <PaginationItem>
            <PaginationLink aria-label={t("table.nextPage")} title={t("table.nextPage")} disabled={current >= pages} onClick={() => onPageChange(current + 1)}>
              <ChevronRight className="size-4" />
            </PaginationLink>
          </PaginationItem>
          <PaginationItem>
            <PaginationLink aria-label={t("table.lastPage")} title={t("table.lastPage")} disabled={current >= pages} onClick={() => onPageChange(pages)}>
              <ChevronsRight className="size-4" />
            </PaginationLink>
          </PaginationItem>
        </PaginationContent>
      </Pagination>
    </div>
  );
}

/** The rows-per-page choice of a pager. */
export function PageSizeSelect({
  value,
  onChange,
  options = PAGE_SIZE_OPTIONS,
  label,
  size,
  className,
}: {
  value: number;
  onChange: (size: number) => void;
  options?: readonly number[];
  label: string;
  size?: "sm" | "default";
  className?: string;
}) {
  return (
    <Select value={String(value)} onValueChange={(v) => onChange(Number(v))}>
      <SelectTrigger size={size} className={className} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((n) => (
          <SelectItem key={n} value={String(n)}>
            {n}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The pager under a grid of cards, in a card of its own; hidden while everything fits on one page
 * at the default size (a changed size keeps it, so it can be changed back).
 */
export function GridPagination({
  meta,
  defaultPageSize = 20,
  onPageChange,
  onPageSizeChange,
}: {
  meta: { page: number; limit: number; total: number; lastPage: number };
  defaultPageSize?: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  if (meta.lastPage <= 1 && meta.limit === defaultPageSize) return null;
  return (
    <Card className="mt-6 py-0">
      <TablePagination page={meta.page} pageSize={meta.limit} total={meta.total} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} />
    </Card>
  );
}

export { Button as PaginationButton };
