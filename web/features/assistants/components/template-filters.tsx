import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { SearchInput } from "@/components/search-input";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { assistantQueries } from "../api";

const chip = "inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-[0.8125rem] font-medium transition-colors focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none";
const chipOn = "bg-primary text-primary-foreground";
const chipOff = "bg-secondary/12 text-foreground hover:bg-primary/10 hover:text-primary";

/** The templates catalogue's search box and tag chips (each with its count; «all» clears the choice). */
export function TemplateFilters({
  search,
  onSearch,
  tags,
  onToggleTag,
  onClearTags,
}: {
  search: string;
  onSearch: (q: string) => void;
  tags: string[];
  onToggleTag: (tag: string) => void;
  onClearTags: () => void;
}) {
  const { t } = useTranslation("assistants");
  const tagList = useQuery(assistantQueries.templateTags());
  const all = tagList.data?.data ?? [];
  return (
    <Card className="mb-6 gap-4 px-5 py-5">
      <SearchInput value={search} onChange={onSearch} label={t("templates.searchPlaceholder")} data-testid="templates-search" />
      {all.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("templates.tags")}>
          <button type="button" onClick={onClearTags} aria-pressed={tags.length === 0} className={cn(chip, tags.length === 0 ? chipOn : chipOff)}>
            {t("templates.allTags")}
          </button>
          {all.map((tag) => {
            const on = tags.includes(tag.name);
            return (
              <button key={tag.name} type="button" onClick={() => onToggleTag(tag.name)} aria-pressed={on} className={cn(chip, on ? chipOn : chipOff)} data-testid="template-tag">
                #{tag.name}
                <span className={cn("text-[0.75rem]", on ? "text-primary-foreground/80" : "text-muted-foreground")}>{tag.count}</span>
              </button>
            );
          })}
        </div>
      )}
    </Card>
  );
}
