import { useTranslation } from "react-i18next";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, MessageCircleOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { InfiniteScroll } from "@/components/ui/infinite-scroll";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { commentQueries, type Post } from "../api";
import { CommentItem } from "./comment-item";

/** The comments of one post, newest first, each with our replies and a reply form. */
export function CommentsPanel({ accountId, post, onBack, canReply, disabledReason }: { accountId: string; post: Post; onBack?: () => void; canReply: boolean; disabledReason?: string }) {
  const { t } = useTranslation("comments");
  const q = useInfiniteQuery(commentQueries.comments(accountId, post.mediaId));
  const comments = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.meta.total ?? post.commentsCount;

  return (
    <section className="flex min-w-0 flex-col" aria-labelledby="post-title" data-testid="comments-panel">
      <header className="flex items-start gap-3 border-b px-5 py-4">
        {onBack && (
          <Button variant="ghost" size="icon" className="-ms-2 shrink-0" onClick={onBack} aria-label={t("post.back")}>
            <ArrowLeft className="rtl:rotate-180" aria-hidden />
          </Button>
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="post-title" className="line-clamp-2 font-semibold text-heading">
            {post.caption || t("post.noCaption")}
          </h2>
          <p className="text-[0.8125rem] text-muted-foreground">{t("post.comments", { count: total })}</p>
        </div>
        {post.permalink && (
          <Button asChild variant="outline" size="sm" className="shrink-0">
            <a href={post.permalink} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden />
              <span className="max-sm:sr-only">{t("post.open")}</span>
            </a>
          </Button>
        )}
      </header>
      <div className="px-5">
        <QueryView
          query={q}
          loading={<ListSkeleton count={3} className="space-y-5 py-5" rowClassName="flex gap-3" lead="size-9 rounded-full" lines={["h-4 w-32", "h-4 w-4/5"]} />}
          errorClassName="my-5"
          isEmpty={() => comments.length === 0}
          empty={<EmptyState icon={MessageCircleOff} title={t("post.emptyTitle")} description={t("post.emptyText")} />}
        >
          {() => (
            <>
              <ul className="divide-y" aria-label={t("post.listLabel")}>
                {comments.map((c) => (
                  <CommentItem key={c.commentId} accountId={accountId} comment={c} canReply={canReply} disabledReason={disabledReason} />
                ))}
              </ul>
              <InfiniteScroll hasMore={!!q.hasNextPage} loading={q.isFetchingNextPage} onLoadMore={() => q.fetchNextPage()} />
            </>
          )}
        </QueryView>
      </div>
    </section>
  );
}
