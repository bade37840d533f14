import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageSizeSelect } from "@/components/ui/pagination";

/** Server-side paging controls: range, page size (5…100) and first/previous/next/last (SPEC §2.13). */
export function ListPager({
  page,
  lastPage,
  limit,
  total,
  onPage,
  onLimit,
}: {
  page: number;
  lastPage: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const { t } = useTranslation("accounts");
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <div className="flex flex-col gap-3 px-6 sm:flex-row sm:items-center sm:justify-between" data-testid="list-pager">
      <p className="text-sm text-muted-foreground">{t("pager.range", { from, to, total })}</p>
      <div className="flex items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          {t("pager.perPage")}
          <PageSizeSelect value={limit} onChange={onLimit} label={t("pager.perPage")} className="h-8 w-20" />
        </label>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" className="size-8" disabled={page <= 1} onClick={() => onPage(1)} aria-label={t("pager.first")}>
            <ChevronsLeft className="rtl:rotate-180" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-8" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t("pager.prev")}>
            <ChevronLeft className="rtl:rotate-180" aria-hidden />
          </Button>
          <span className="min-w-16 text-center text-sm tabular-nums">{t("pager.page", { page, lastPage })}</span>
          <Button variant="ghost" size="icon" className="size-8" disabled={page >= lastPage} onClick={() => onPage(page + 1)} aria-label={t("pager.next")}>
            <ChevronRight className="rtl:rotate-180" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="size-8" disabled={page >= lastPage} onClick={() => onPage(lastPage)} aria-label={t("pager.last")}>
            <ChevronsRight className="rtl:rotate-180" aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
