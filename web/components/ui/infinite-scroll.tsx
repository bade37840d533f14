import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "./spinner";
import { cn } from "@/lib/utils";

/** Distance from the bottom that triggers loading the next page (SPEC §2.13, §9). */
export const INFINITE_SCROLL_DISTANCE = 200;

export interface InfiniteScrollProps {
  hasMore: boolean;
  loading?: boolean;
  onLoadMore: () => void;
  /** The scrolling element; the viewport when omitted. */
  root?: React.RefObject<HTMLElement | null>;
  distance?: number;
  className?: string;
  /** Shown when everything is loaded (nothing by default). */
  endMessage?: React.ReactNode;
}

/**
 * Put at the end of a list: calls `onLoadMore` when the user scrolls within `distance` px of it.
 * Uses an IntersectionObserver with a bottom root margin.
 */
export function InfiniteScroll({ hasMore, loading, onLoadMore, root, distance = INFINITE_SCROLL_DISTANCE, className, endMessage }: InfiniteScrollProps) {
  const { t } = useTranslation("common");
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ hasMore, loading, onLoadMore });
  latest.current = { hasMore, loading, onLoadMore };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onLoadMore: load } = latest.current;
        if (entries.some((e) => e.isIntersecting) && more && !busy) load();
      },
      { root: root?.current ?? null, rootMargin: `0px 0px ${distance}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [root, distance, hasMore, loading]);

  return (
    <div ref={sentinel} data-slot="infinite-scroll" className={cn("flex min-h-px justify-center py-3 text-sm text-muted-foreground", className)}>
      {loading ? (
        <span className="flex items-center gap-2">
          <Spinner /> {t("states.loadingMore")}
        </span>
      ) : !hasMore ? (
        endMessage
      ) : null}
    </div>
  );
}
