import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BookOpen, LifeBuoy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { helpLocaleOf, helpQueries } from "@/features/help/api";
import { FaqList, FaqSkeleton } from "@/features/help/components/faq-list";

/** /{accountId}/faq: the product's frequently asked questions, grouped, searchable; links open pages of this account. */
export default function FaqPage() {
  const { t, i18n } = useTranslation("help");
  const locale = helpLocaleOf(i18n.resolvedLanguage);
  const { q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const query = useQuery({ ...helpQueries.faq(locale, q), placeholderData: keepPreviousData });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={t("faq.title")}
        description={t("faq.description")}
        actions={
          <Button variant="outline" asChild>
            <Link to="/help-center">
              <BookOpen aria-hidden />
              {t("faq.toHelpCenter")}
            </Link>
          </Button>
        }
      />
      <SearchInput value={search} onChange={setSearch} label={t("faq.search")} wrapperClassName="max-w-xl" data-testid="faq-search" />
      <QueryView
        query={query}
        loading={<FaqSkeleton />}
        isEmpty={(d) => d.total === 0}
        empty={
          q ? (
            <NoMatchesState title={t("faq.noMatches", { q })} description={t("faq.noMatchesHint")} resetLabel={t("faq.reset")} onReset={() => setSearch("")} />
          ) : (
            <EmptyState icon={LifeBuoy} title={t("faq.empty")} description={t("faq.emptyHint")} />
          )
        }
      >
        {(data) => <FaqList data={data} openAll={!!q} />}
      </QueryView>
    </div>
  );
}
