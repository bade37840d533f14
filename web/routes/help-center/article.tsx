import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileQuestion } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { helpLocaleOf, helpQueries, type Article } from "@/features/help/api";
import { ArticleFeedback } from "@/features/help/components/article-feedback";
import { ArticleLink } from "@/features/help/components/article-cards";
import { HelpMarkdown } from "@/features/help/components/help-markdown";
import { isApiError } from "@/lib/api";
import { formatDate } from "@/lib/i18n";

/** /help-center/article/{slug}: one article, its related articles and "Was this helpful?". */
export default function HelpArticlePage() {
  const { t, i18n } = useTranslation("help");
  const locale = helpLocaleOf(i18n.resolvedLanguage);
  const slug = useParams().title ?? "";
  const query = useQuery(helpQueries.article(locale, slug));
  const back = (
    <Button variant="ghost" size="sm" asChild className="-ms-2">
      <Link to="/help-center">
        <ArrowLeft className="rtl:rotate-180" aria-hidden />
        {t("article.back")}
      </Link>
    </Button>
  );
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      {back}
      <QueryView
        query={query}
        loading={<ArticleSkeleton />}
        error={missing ? <EmptyState icon={FileQuestion} title={t("article.notFound")} description={t("article.notFoundHint")} action={back} /> : undefined}
      >
        {(article) => <ArticleView article={article} locale={locale} />}
      </QueryView>
    </div>
  );
}

function ArticleView({ article, locale }: { article: Article; locale: string }) {
  const { t } = useTranslation("help");
  return (
    <>
      {/* The article's own language and direction: an Arabic reader gets the English text, laid out left to right (QA: "1. Create a bot" read ".Create a bot 1"). */}
      <PageHeader
        title={<bdi dir="auto">{article.title}</bdi>}
        description={article.summary ? <bdi dir="auto">{article.summary}</bdi> : undefined}
        badge={<Badge variant="secondary">{t(`categories.${article.category}`)}</Badge>}
      />
      <Card className="px-5 py-6 sm:px-8" data-testid="help-article">
        <div lang={article.locale} dir="auto" data-testid="help-article-body">
          <HelpMarkdown>{article.body}</HelpMarkdown>
        </div>
        <p className="mt-6 text-xs text-muted-foreground">{t("article.updated", { date: formatDate(article.updatedAt) })}</p>
      </Card>
      <ArticleFeedback article={article} locale={locale} />
      {article.related.length > 0 && (
        <section aria-labelledby="help-related" className="space-y-2">
          <h2 id="help-related" className="text-base font-semibold text-heading">
            {t("article.related")}
          </h2>
          <Card className="gap-0.5 p-2" data-testid="help-related">
            {article.related.map((r) => (
              <ArticleLink key={r.slug} article={r} />
            ))}
          </Card>
        </section>
      )}
    </>
  );
}

function ArticleSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Card className="space-y-3 p-8">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </Card>
    </div>
  );
}
