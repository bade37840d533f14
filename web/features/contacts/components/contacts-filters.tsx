import { useTranslation } from "react-i18next";
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PLATFORMS, THREAD_STATUSES } from "@/features/chat/api";
import type { ContactsParams } from "../api";
import { CONTACT_SORTS } from "../use-contacts-params";

const ALL = "__all";

/** The bar above the contacts table: search, platform and status filters, sort field and direction. */
export function ContactsFilters({ p, search, onSearch, update }: { p: ContactsParams; search: string; onSearch: (q: string) => void; update: (patch: ListParamsPatch) => void }) {
  const { t } = useTranslation(["contacts", "chat"]);
  const asc = p.sortDir === "asc";
  return (
    <div className="flex flex-col gap-3 border-b border-border p-4 sm:px-6 lg:flex-row lg:items-center">
      <SearchInput value={search} onChange={onSearch} label={t("list.search")} wrapperClassName="flex-1 lg:max-w-sm" />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap lg:ms-auto">
        <FilterSelect
          value={p.platform}
          onChange={(v) => update({ platform: v })}
          label={t("list.columns.platform")}
          allLabel={t("list.allPlatforms")}
          options={PLATFORMS.map((x) => [x, t(`chat:platform.${x}`)])}
          className="sm:w-44"
          testId="filter-platform"
        />
        <FilterSelect
          value={p.status}
          onChange={(v) => update({ status: v })}
          label={t("list.columns.status")}
          allLabel={t("list.allStatuses")}
          options={THREAD_STATUSES.map((x) => [x, t(`chat:status.${x}`)])}
          className="sm:w-40"
          testId="filter-status"
        />
        <FilterSelect value={p.sortBy} onChange={(v) => update({ sortBy: v })} label={t("list.sortBy")} options={CONTACT_SORTS.map((x) => [x, t(`list.sort.${x}`)])} className="sm:w-48" testId="sort-by" />
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

/** A select of the filter bar; with `allLabel` its first option («все») means no filter (undefined). */
function FilterSelect({
  value,
  onChange,
  label,
  allLabel,
  options,
  className,
  testId,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  label: string;
  allLabel?: string;
  options: [string, string][];
  className: string;
  testId: string;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger className={className} aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
        {options.map(([v, text]) => (
          <SelectItem key={v} value={v}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
