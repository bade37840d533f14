import { useInfiniteQuery } from "@tanstack/react-query";
import { FlaskConical, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { InfiniteScroll } from "@/components/ui/infinite-scroll";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelative } from "@/lib/i18n";
import { searchFold } from "@worker/lib/search-fold";
import { chatQueries, type ContactDto } from "../api";
import { ContactAvatar } from "./platform-icon";
import { ThreadPreviewText } from "./thread-preview";

const TEST_FILTERS = { isTestContact: true } as const;

/** A case-insensitive match on name, platformUsername or the last message text (SPEC §2.8), ё as е. */
export function filterTestChats(list: ContactDto[], q: string): ContactDto[] {
  const n = searchFold(q.trim());
  if (!n) return list;
  return list.filter((c) => [c.name, c.platformUsername ?? "", c.thread?.lastMessage ?? ""].some((s) => searchFold(s).includes(n)));
}

/** The test-chats panel of SPEC §2.8: picking a chat opens it and closes the panel. */
export function TestChatsPanel({ accountId, open, onOpenChange, onPick }: { accountId: string; open: boolean; onOpenChange: (o: boolean) => void; onPick: (c: ContactDto) => void }) {
  const { t } = useTranslation("chat");
  const [q, setQ] = useState("");
  const query = useInfiniteQuery({ ...chatQueries.contacts(accountId, TEST_FILTERS), enabled: open });
  const all = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const shown = useMemo(() => filterTestChats(all, q), [all, q]);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="end" className="w-[360px] max-w-[92vw] gap-0 p-0" data-testid="test-chats-panel">
        <SheetHeader className="border-b border-border p-5 pe-14">
          <SheetTitle className="text-lg font-semibold text-heading">{t("tests.title")}</SheetTitle>
          <SheetDescription className="sr-only">{t("tests.title")}</SheetDescription>
          <div className="relative mt-3">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("tests.search")} aria-label={t("tests.search")} className="ps-9" />
          </div>
        </SheetHeader>
        <div className="min-h-0 flex-1 overflow-y-auto p-2">
          {query.isPending ? (
            <div className="space-y-2 p-2" aria-busy="true">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground" data-testid="test-chats-empty">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/12 text-primary">
                <FlaskConical className="size-6" aria-hidden />
              </span>
              <p>{all.length === 0 ? t("tests.none") : t("tests.notFound")}</p>
            </div>
          ) : (
            <ul className="space-y-0.5">
              {shown.map((c) => (
                <li key={`${c.contactId}:${c.thread?.threadId ?? ""}`}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(c);
                      onOpenChange(false);
                    }}
                    className="flex w-full cursor-pointer items-center gap-3 rounded-md p-2.5 text-start hover:bg-muted focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none dark:hover:bg-white/6"
                    data-testid="test-chat"
                  >
                    <ContactAvatar contact={c} showStatus={false} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className="truncate font-medium text-heading">{c.name}</span>
                        <span className="ms-auto shrink-0 text-xs text-muted-foreground">{c.thread ? formatRelative(c.thread.updatedAt) : ""}</span>
                      </span>
                      <span className="block truncate text-[0.8125rem] text-muted-foreground">{c.thread?.lastMessage ? <ThreadPreviewText text={c.thread.lastMessage} /> : t("list.noMessages")}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <InfiniteScroll hasMore={!!query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
