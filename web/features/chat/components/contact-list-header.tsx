import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { PLATFORMS, THREAD_STATUSES, type ChatFilters } from "../api";
import { ChipRow } from "./chip-row";
import { PlatformIcon } from "./platform-icon";

/** The inbox list's head: title and total, the test chats, the search box, status and platform chips. */
export function ContactListHeader({
  total,
  filters,
  search,
  onSearch,
  onFilters,
  onOpenTests,
}: {
  total: number | undefined;
  filters: ChatFilters;
  search: string;
  onSearch: (q: string) => void;
  onFilters: (f: ChatFilters) => void;
  onOpenTests: () => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <div className="space-y-3 border-b border-border p-4">
      <div className="flex items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg leading-tight font-semibold text-heading">{t("list.title")}</h2>
          <p className="text-[0.8125rem] text-muted-foreground" data-testid="chat-total">
            {total !== undefined ? t("list.total", { count: total }) : "\u00a0"}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onOpenTests} data-testid="open-test-chats">
          <FlaskConical aria-hidden />
          {t("list.testChats")}
        </Button>
      </div>
      <SearchInput value={search} onChange={onSearch} label={t("list.search")} />
      <FilterChips
        label={t("header.status")}
        testId="status-chips"
        allLabel={t("list.allStatuses")}
        value={filters.status}
        options={THREAD_STATUSES.map((s) => [s, t(`status.${s}`)])}
        onChange={(status) => onFilters({ ...filters, status })}
      />
      <FilterChips
        label={t("details.platform")}
        testId="platform-chips"
        allLabel={t("list.allPlatforms")}
        value={filters.platform}
        options={PLATFORMS.map((p) => [p, <><PlatformIcon platform={p} className="size-3.5" decorative />{t(`platform.${p}`)}</>])}
        onChange={(platform) => onFilters({ ...filters, platform })}
      />
    </div>
  );
}

/** One filter as a row of chips: «all», then each value; a second press on the chosen one clears it. */
function FilterChips<T extends string>({
  label,
  testId,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  allLabel: string;
  value: T | undefined;
  options: [T, React.ReactNode][];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <ChipRow label={label} data-testid={testId}>
      <Chip active={!value} onClick={() => onChange(undefined)}>
        {allLabel}
      </Chip>
      {options.map(([v, content]) => (
        <Chip key={v} active={value === v} onClick={() => onChange(value === v ? undefined : v)}>
          {content}
        </Chip>
      ))}
    </ChipRow>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "inline-flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-[0.8125rem] font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
        active ? "border-primary bg-primary text-primary-foreground" : "border-border text-foreground hover:border-primary/50 hover:text-primary",
      )}
    >
      {children}
    </button>
  );
}
