import { ChevronRight, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { HELP_CATEGORIES, type ArticleSummary } from "../api";

export const articlePath = (slug: string) => `/help-center/article/${encodeURIComponent(slug)}`;

/** One article as a link: title and summary. */
export function ArticleLink({ article }: { article: Pick<ArticleSummary, "slug" | "title" | "summary"> }) {
  return (
    <Link
      to={articlePath(article.slug)}
      className="group flex items-start gap-3 rounded-lg p-3 hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
      data-testid="help-article-link"
    >
      <FileText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span className="min-w-0 flex-1">
        {/* dir="auto": Arabic and French readers get the English text (QA: in Arabic its final "." stood at the start). */}
        <span dir="auto" className="block align-page-start font-medium text-heading group-hover:text-primary">
          {article.title}
        </span>
        {article.summary && (
          <span dir="auto" className="mt-0.5 block align-page-start text-sm text-muted-foreground">
            {article.summary}
          </span>
        )}
      </span>
      <ChevronRight className="mt-0.5 size-4 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />
    </Link>
  );
}

/** The help center's articles, one card per category in the categories' order. */
export function ArticleGroups({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation("help");
  const groups = HELP_CATEGORIES.map((category) => ({ category, items: articles.filter((a) => a.category === category) })).filter((g) => g.items.length > 0);
  return (
    <div className="grid gap-5 lg:grid-cols-2" data-testid="help-article-groups">
      {groups.map((g) => (
        <Card key={g.category} className="gap-2 p-3 sm:p-4" aria-labelledby={`help-cat-${g.category}`} role="region">
          <h2 id={`help-cat-${g.category}`} className="px-3 pt-1 text-base font-semibold text-heading">
            {t(`categories.${g.category}`)}
          </h2>
          <div className="space-y-0.5">
            {g.items.map((a) => (
              <ArticleLink key={a.slug} article={a} />
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

export function ArticleGroupsSkeleton() {
  return (
    <div className="grid gap-5 lg:grid-cols-2" aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="gap-3 p-5">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      ))}
    </div>
  );
}
