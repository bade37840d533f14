import { useTranslation } from "react-i18next";
import { ArrowDownWideNarrow, ArrowUpNarrowWide, SlidersHorizontal } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ContactsParams } from "../api";
import { CONTACT_SORTS } from "../use-contacts-params";

/** The bar above the contacts table: search, the filter panel's toggle, the column chooser, sort field and direction. */
export function ContactsFilters({
  p,
  search,
  onSearch,
  update,
  filtersOpen,
  onToggleFilters,
  activeCount,
  columns,
}: {
  p: ContactsParams;
  search: string;
  onSearch: (q: string) => void;
  update: (patch: ListParamsPatch) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  activeCount: number;
  columns: React.ReactNode;
}) {
  const { t } = useTranslation("contacts");
  const asc = p.sortDir === "asc";
  return (
    <div className="flex flex-col gap-3 border-b border-border p-4 sm:px-6 lg:flex-row lg:items-center">
      <SearchInput value={search} onChange={onSearch} label={t("list.search")} wrapperClassName="flex-1 lg:max-w-sm" />
      <div className="flex flex-wrap gap-2 lg:ms-auto">
        <Button variant={filtersOpen ? "secondary" : "outline"} aria-expanded={filtersOpen} aria-controls="contacts-filter-panel" onClick={onToggleFilters} data-testid="filters-toggle">
          <SlidersHorizontal aria-hidden />
          {t("filters.toggle")}
          {activeCount > 0 && <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground tabular-nums">{activeCount}</span>}
        </Button>
        {columns}
        <Select value={p.sortBy} onValueChange={(v) => update({ sortBy: v })}>
          <SelectTrigger className="w-48" aria-label={t("list.sortBy")} data-testid="sort-by">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CONTACT_SORTS.map((x) => (
              <SelectItem key={x} value={x}>
                {t(`list.sort.${x}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button
          variant="secondary"
          size="icon"
          onClick={() => update({ sortDir: asc ? "desc" : "asc" })}
          aria-label={asc ? t("list.asc") : t("list.desc")}
          title={asc ? t("list.asc") : t("list.desc")}
          data-testid="sort-dir"
        >
          {asc ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
        </Button>
      </div>
    </div>
  );
}
