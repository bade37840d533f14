import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { helpApi, helpKeys, type Article } from "../api";

/** "Was this helpful?": one vote per reader, changeable; the count of "yes" answers beside it. */
export function ArticleFeedback({ article, locale }: { article: Article; locale: string }) {
  const { t } = useTranslation("help");
  const queryClient = useQueryClient();
  const vote = useMutation({
    mutationFn: (helpful: boolean) => helpApi.vote(article.slug, helpful),
    onSuccess: (result) => {
      queryClient.setQueryData<Article>(helpKeys.article(locale, article.slug), (old) => (old ? { ...old, ...result } : old));
    },
  });
  const mine = vote.isPending ? vote.variables : article.myVote;
  const choice = (helpful: boolean) => (
    <Button
      variant={mine === helpful ? "default" : "outline"}
      size="sm"
      aria-pressed={mine === helpful}
      disabled={vote.isPending}
      onClick={() => vote.mutate(helpful)}
      data-testid={helpful ? "help-vote-yes" : "help-vote-no"}
    >
      {helpful ? <ThumbsUp aria-hidden /> : <ThumbsDown aria-hidden />}
      {helpful ? t("article.yes") : t("article.no")}
    </Button>
  );
  return (
    <Card className="flex-row flex-wrap items-center gap-3 px-5 py-4" data-testid="help-feedback">
      <span className="font-medium text-heading">{t("article.helpful")}</span>
      <div className="flex gap-2">
        {choice(true)}
        {choice(false)}
      </div>
      <span className={cn("text-sm text-muted-foreground", "ms-auto")} aria-live="polite" data-testid="help-helpful-count">
        {article.myVote !== null ? `${t("article.thanks")} ` : ""}
        {t("article.helpfulCount", { count: article.helpfulCount })}
      </span>
    </Card>
  );
}
