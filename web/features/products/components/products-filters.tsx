import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { AVAILABILITIES, flattenCategories, PRODUCT_SORTS, type Category, type ProductsParams } from "../api";

const ANY = "__any";

/** One select of the bar: «Все …» then the options; choosing «Все» removes the URL key. */
function FilterSelect({ label, value, options, onChange, testId, wide }: { label: string; value?: string; options: { value: string; label: string }[]; onChange: (v: string | undefined) => void; testId: string; wide?: boolean }) {
  const { t } = useTranslation("products");
  return (
    <Select value={value ?? ANY} onValueChange={(v) => onChange(v === ANY ? undefined : v)}>
      <SelectTrigger className={cn("w-full min-w-0 sm:w-44", wide && "col-span-2 sm:col-span-1")} aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{t("filters.any", { what: label })}</SelectItem>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** The sort field (beside the search on wider screens, among the filters on a phone). */
function SortSelect({ value, onChange, className, testId }: { value: string; onChange: (v: string) => void; className: string; testId?: string }) {
  const { t } = useTranslation("products");
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className={cn("min-w-0", className)} aria-label={t("list.sortBy")} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {PRODUCT_SORTS.map((x) => (
          <SelectItem key={x} value={x}>
            {t(`list.sort.${x}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A price bound in roubles, written to the URL after a short pause. */
function PriceBound({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const id = setTimeout(() => {
      if (text.trim() !== value) onChange(text.trim());
    }, 400);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <Input
      inputMode="decimal"
      value={text}
      onChange={(e) => setText(e.target.value.replace(/[^\d.,]/g, ""))}
      placeholder={label}
      aria-label={label}
      className="w-full sm:w-32"
      data-testid={testId}
    />
  );
}

/** The bar above the products table: search, category, availability, active, price range, sort. */
export function ProductsFilters({
  p,
  params,
  search,
  onSearch,
  update,
  categories,
}: {
  p: ProductsParams;
  params: URLSearchParams;
  search: string;
  onSearch: (q: string) => void;
  update: (patch: ListParamsPatch) => void;
  categories: Category[];
}) {
  const { t } = useTranslation("products");
  const asc = p.sortDir === "asc";
  return (
    <div className="grid gap-3 border-b border-border p-4 sm:px-6" data-testid="products-filters">
      <div className="flex gap-2">
        <SearchInput value={search} onChange={onSearch} label={t("list.search")} wrapperClassName="min-w-0 flex-1" data-testid="products-search" />
        <SortSelect value={p.sortBy} onChange={(v) => update({ sortBy: v })} className="hidden w-52 sm:flex" testId="sort-by" />
        <Button
          variant="secondary"
          size="icon"
          className="shrink-0"
          onClick={() => update({ sortDir: asc ? "desc" : "asc" })}
          aria-label={asc ? t("list.asc") : t("list.desc")}
          title={asc ? t("list.asc") : t("list.desc")}
          data-testid="sort-dir"
        >
          {asc ? <ArrowUpNarrowWide aria-hidden /> : <ArrowDownWideNarrow aria-hidden />}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <FilterSelect
          label={t("filters.category")}
          value={p.categoryId}
          options={flattenCategories(categories).map(({ category, depth, path }) => ({ value: category.categoryId, label: depth ? `— ${category.name}` : path }))}
          onChange={(v) => update({ categoryId: v })}
          testId="filter-category"
        />
        <FilterSelect
          label={t("filters.availability")}
          value={p.availability}
          options={AVAILABILITIES.map((a) => ({ value: a, label: t(`availability.${a}`) }))}
          onChange={(v) => update({ availability: v })}
          testId="filter-availability"
        />
        <FilterSelect
          label={t("filters.active")}
          value={p.active}
          options={[
            { value: "true", label: t("filters.activeOnly") },
            { value: "false", label: t("filters.hiddenOnly") },
          ]}
          onChange={(v) => update({ active: v })}
          testId="filter-active"
          wide
        />
        <SortSelect value={p.sortBy} onChange={(v) => update({ sortBy: v })} className="col-span-2 w-full sm:hidden" />
        <div className="col-span-2 flex items-center gap-2">
          <PriceBound label={t("filters.priceMin")} value={params.get("priceMin") ?? ""} onChange={(v) => update({ priceMin: v })} testId="filter-price-min" />
          <span className="text-muted-foreground" aria-hidden>
            –
          </span>
          <PriceBound label={t("filters.priceMax")} value={params.get("priceMax") ?? ""} onChange={(v) => update({ priceMax: v })} testId="filter-price-max" />
        </div>
      </div>
    </div>
  );
}
