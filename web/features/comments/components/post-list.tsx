import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Film, Image as ImageIcon, MessageCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatRelative } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { Post } from "../api";

/** A post with comments: its picture, caption, how many comments and when the last came. */
export function PostListItem({ post, active, onSelect }: { post: Post; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation("comments");
  const reel = post.mediaProductType === "REELS";
  // Instagram's CDN links expire: a picture that does not load falls back to the post type's icon.
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active || undefined}
      data-testid={`post-${post.mediaId}`}
      className={cn(
        "flex w-full cursor-pointer items-start gap-3 rounded-md px-3 py-3 text-start transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/30 dark:hover:bg-white/5",
        active && "bg-primary/10 hover:bg-primary/12 dark:bg-primary/18 dark:hover:bg-primary/22",
      )}
    >
      <span className="relative flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground dark:bg-white/6">
        {post.mediaUrl && !imageFailed ? <img src={post.mediaUrl} alt="" className="size-full object-cover" loading="lazy" onError={() => setImageFailed(true)} /> : reel ? <Film className="size-6" aria-hidden /> : <ImageIcon className="size-6" aria-hidden />}
      </span>
      <span className="min-w-0 flex-1 space-y-1">
        <span className={cn("line-clamp-2 text-[0.9375rem] leading-snug", post.caption ? "text-heading" : "text-muted-foreground italic")}>{post.caption || t("post.noCaption")}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <MessageCircle className="size-3.5" aria-hidden />
            {t("post.comments", { count: post.commentsCount })}
          </span>
          {post.lastCommentAt ? <span>{formatRelative(post.lastCommentAt)}</span> : null}
          {reel && (
            <Badge variant="info" className="px-2 py-0 text-[0.75rem]">
              Reels
            </Badge>
          )}
        </span>
      </span>
    </button>
  );
}
