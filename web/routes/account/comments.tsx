import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { MessagesSquare, Plug } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { InfiniteScroll } from "@/components/ui/infinite-scroll";
import { useAbility } from "@/lib/ability";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { channelQueries } from "@/features/channels/api";
import { InstagramRules } from "@/features/channels/components/instagram-card";
import { commentQueries } from "@/features/comments/api";
import { AutoReplyCard } from "@/features/comments/components/auto-reply-card";
import { CommentsPanel } from "@/features/comments/components/comments-panel";
import { PostListItem } from "@/features/comments/components/post-list";

export const handle = { titleKey: "comments:pageTitle" };

/** /{accountId}/comments: Instagram comments grouped by post, newest first, with public and private replies. */
export default function CommentsPage() {
  const { t } = useTranslation(["comments", "channels"]);
  const { accountId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const ability = useAbility();
  const wide = useMediaQuery("(min-width: 60rem)");
  const instagram = useQuery(channelQueries.instagram(accountId));
  const posts = useInfiniteQuery(commentQueries.posts(accountId));
  const list = posts.data?.pages.flatMap((p) => p.data) ?? [];
  const selectedId = params.get("post");
  const selected = list.find((p) => p.mediaId === selectedId) ?? (wide ? list[0] : undefined);
  const select = (mediaId: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (mediaId) next.set("post", mediaId);
        else next.delete("post");
        return next;
      },
      { replace: !wide },
    );

  const connected = !!instagram.data?.connected;
  const canReply = connected && !!instagram.data?.enabled && ability.can("create", "Message");
  const disabledReason = !connected ? t("comments:reply.notConnected") : !instagram.data?.enabled ? t("comments:reply.channelOff") : !ability.can("create", "Message") ? t("comments:reply.forbidden") : undefined;

  return (
    <div className="space-y-6">
      <PageHeader title={t("comments:title")} description={t("comments:description")} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <AutoReplyCard accountId={accountId} />
        <InstagramRules />
      </div>

      <QueryView
        query={posts}
        loading={
          <Card className="p-4" aria-busy="true">
            <ListSkeleton count={4} className="flex flex-col gap-5" rowClassName="flex gap-3 p-3" lead="size-14" lines={["h-4 w-3/4", "h-3 w-1/3"]} busy={false} />
          </Card>
        }
        isEmpty={() => list.length === 0}
        empty={
          <Card>
            {!instagram.isPending && !connected ? (
              <EmptyState
                icon={Plug}
                title={t("comments:empty.notConnectedTitle")}
                description={t("comments:empty.notConnectedText")}
                action={
                  ability.can("manage", "Channel") ? (
                    <Button asChild>
                      <Link to={`/${accountId}/connect`}>{t("comments:empty.connect")}</Link>
                    </Button>
                  ) : undefined
                }
                data-testid="comments-empty"
              />
            ) : (
              <EmptyState icon={MessagesSquare} title={t("comments:empty.title")} description={t("comments:empty.text")} data-testid="comments-empty" />
            )}
          </Card>
        }
      >
        {() => (
          <Card className="gap-0 overflow-hidden py-0 md:grid md:grid-cols-[22.5rem_minmax(0,1fr)]">
            <nav aria-label={t("comments:postsLabel")} className={cn("border-e md:max-h-[calc(100dvh-12rem)] md:overflow-y-auto", !wide && selected && "hidden")} data-testid="posts-list">
              <div className="border-b px-5 py-4">
                <h2 className="font-semibold text-heading">{t("comments:posts")}</h2>
                <p className="text-[0.8125rem] text-muted-foreground">{t("comments:postsHint")}</p>
              </div>
              <ul className="space-y-1 p-2">
                {list.map((p) => (
                  <li key={p.mediaId}>
                    <PostListItem post={p} active={selected?.mediaId === p.mediaId} onSelect={() => select(p.mediaId)} />
                  </li>
                ))}
              </ul>
              <InfiniteScroll hasMore={!!posts.hasNextPage} loading={posts.isFetchingNextPage} onLoadMore={() => posts.fetchNextPage()} />
            </nav>
            {selected ? (
              <CommentsPanel key={selected.mediaId} accountId={accountId} post={selected} onBack={wide ? undefined : () => select(null)} canReply={canReply} disabledReason={disabledReason} />
            ) : null}
          </Card>
        )}
      </QueryView>
    </div>
  );
}
