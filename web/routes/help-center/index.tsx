import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BookOpen, CircleHelp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { helpLocaleOf, helpQueries } from "@/features/help/api";
import { ArticleGroups, ArticleGroupsSkeleton } from "@/features/help/components/article-cards";
import { useSession } from "@/lib/session";

/** /help-center: the help articles grouped by category, with a search. */
export default function HelpCenterPage() {
  const { t, i18n } = useTranslation("help");
  const locale = helpLocaleOf(i18n.resolvedLanguage);
  const { currentAccountId } = useSession();
  const { q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const query = useQuery({ ...helpQueries.articles(locale, q), placeholderData: keepPreviousData });
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={t("center.title")}
        description={t("center.description")}
        actions={
          currentAccountId && (
            <Button variant="outline" asChild>
              <Link to={`/${currentAccountId}/faq`}>
                <CircleHelp aria-hidden />
                {t("center.toFaq")}
              </Link>
            </Button>
          )
        }
      />
      <SearchInput value={search} onChange={setSearch} label={t("center.search")} wrapperClassName="max-w-xl" data-testid="help-search" />
      <QueryView
        query={query}
        loading={<ArticleGroupsSkeleton />}
        isEmpty={(d) => d.total === 0}
        empty={
          q ? (
            <NoMatchesState title={t("center.noMatches", { q })} description={t("center.noMatchesHint")} resetLabel={t("faq.reset")} onReset={() => setSearch("")} />
          ) : (
            <EmptyState icon={BookOpen} title={t("center.empty")} description={t("center.emptyHint")} />
          )
        }
      >
        {(data) => <ArticleGroups articles={data.data} />}
      </QueryView>
    </div>
  );
}
