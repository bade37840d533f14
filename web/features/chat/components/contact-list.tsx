import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { BotOff, MessagesSquare } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { INFINITE_SCROLL_DISTANCE } from "@/components/ui/infinite-scroll";
import { Spinner } from "@/components/ui/spinner";
import { formatRelative } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { chatQueries, type ChatFilters, type ContactDto } from "../api";
import { requestComposerFocus } from "../composer-state";
import { useThreadPreviewText } from "../system-note";
import { ContactListHeader } from "./contact-list-header";
import { NoContactsState, contactName } from "./contact-summary";
import { ContactAvatar } from "./platform-icon";

const ROW_HEIGHT = 76;

export const itemKey = (c: ContactDto) => `${c.contactId}:${c.thread?.threadId ?? ""}`;

export interface ContactListProps {
  accountId: string;
  filters: ChatFilters;
  search: string;
  onSearch: (q: string) => void;
  onFilters: (f: ChatFilters) => void;
  selectedKey: string | null;
  onSelect: (c: ContactDto) => void;
  onOpenTests: () => void;
}

/**
 * The inbox list: virtualized (tens of thousands of rows keep a constant DOM), pages of 30 loaded
 * when the scroll comes within 200 px of the end (SPEC §2.13), search and filter chips on top.
 */
export function ContactList({ accountId, filters, search, onSearch, onFilters, selectedKey, onSelect, onOpenTests }: ContactListProps) {
  const { t } = useTranslation("chat");
  const query = useInfiniteQuery(chatQueries.contacts(accountId, filters));
  const filtered = !!(filters.q || filters.status || filters.platform);

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-contacts">
      <ContactListHeader total={query.data?.pages[0]?.meta.total ?? (query.data ? 0 : undefined)} filters={filters} search={search} onSearch={onSearch} onFilters={onFilters} onOpenTests={onOpenTests} />
      <QueryView
        query={query}
        loading={<ListSkeleton as="ul" count={8} className="flex-1 space-y-1 overflow-hidden p-2" rowClassName="flex items-center gap-3 px-2 py-3" lead="size-10 rounded-full" lines={["h-3.5 w-2/5", "h-3 w-4/5"]} />}
        error={
          <EmptyState
            icon={MessagesSquare}
            title={t("list.loadError")}
            action={
              <Button variant="outline" size="sm" onClick={() => query.refetch()} loading={query.isFetching}>
                {t("list.retry")}
              </Button>
            }
          />
        }
        isEmpty={(data) => data.pages.every((p) => p.data.length === 0)}
        empty={
          filtered ? (
            <NoMatchesState title={t("list.notFound")} description={t("list.notFoundHint")} resetLabel={t("list.reset")} onReset={() => onFilters({ isTestContact: filters.isTestContact })} size="sm" />
          ) : (
            <NoContactsState accountId={accountId} icon={MessagesSquare} title={t("list.empty")} description={t("list.emptyHint")} connectLabel={t("list.connect")} />
          )
        }
      >
        {() => <VirtualContacts query={query} selectedKey={selectedKey} onSelect={onSelect} />}
      </QueryView>
    </div>
  );
}

type ContactsQuery = UseInfiniteQueryResult<InfiniteData<{ data: ContactDto[] }>>;

/** The rows in a scroll pane that renders only what is in view and asks for the next page near the end. */
function VirtualContacts({ query, selectedKey, onSelect }: { query: ContactsQuery; selectedKey: string | null; onSelect: (c: ContactDto) => void }) {
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (i) => itemKey(items[i]!),
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const maybeLoadMore = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= INFINITE_SCROLL_DISTANCE) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A first page shorter than the pane: keep loading until it scrolls (or everything is there).
  useEffect(() => maybeLoadMore(), [maybeLoadMore, items.length]);

  return (
    <div ref={scrollRef} onScroll={maybeLoadMore} className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-contact-scroll">
      <ul role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const c = items[row.index]!;
          return (
            <li key={row.key} data-index={row.index} className="absolute inset-x-0 top-0 px-2" style={{ height: row.size, transform: `translateY(${row.start}px)` }}>
              <ContactRow contact={c} selected={selectedKey === itemKey(c)} onSelect={onSelect} />
            </li>
          );
        })}
      </ul>
      <div className="flex h-10 items-center justify-center text-sm text-muted-foreground">{isFetchingNextPage && <Spinner />}</div>
    </div>
  );
}

/** One conversation of the list: avatar, name, AI and status marks, time, the last message's preview and the unread count. */
export function ContactRow({ contact, selected, onSelect }: { contact: ContactDto; selected: boolean; onSelect: (c: ContactDto) => void }) {
  const { t } = useTranslation("chat");
  const previewText = useThreadPreviewText();
  const th = contact.thread;
  const unread = th?.unreadCount ?? 0;
  const stored = th?.lastMessage?.trim();
  const preview = (stored && previewText(stored)) || (th?.lastMessageType && th.lastMessageType !== "text" ? t(previewKey(th.lastMessageType)) : t("list.noMessages"));
  return (
    <button
      type="button"
      onClick={(e) => {
        // Enter or Space (a click without a pointer): the keyboard goes on to the reply box, not back to the page's start.
        if (e.detail === 0) requestComposerFocus(itemKey(contact));
        onSelect(contact);
      }}
      aria-current={selected ? "true" : undefined}
      data-testid="chat-contact"
      data-contact-id={contact.contactId}
      className={cn(
        "flex h-[72px] w-full cursor-pointer items-center gap-3 rounded-md px-2.5 text-start transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
        selected ? "bg-primary text-primary-foreground shadow-[0_2px_6px_0_color-mix(in_srgb,var(--color-primary)_30%,transparent)]" : "hover:bg-muted dark:hover:bg-white/6",
      )}
    >
      <ContactAvatar contact={contact} selected={selected} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span dir="auto" className={cn("truncate font-medium", selected ? "text-primary-foreground" : "text-heading")} data-testid="chat-contact-name">
            {contactName(contact)}
          </span>
          {th && !th.isGptActive && !contact.isTestContact && (
            // Handed off (or switched off): the operators answer this one.
            <BotOff
              role="img"
              aria-label={t("header.aiOff")}
              data-testid="chat-contact-ai-off"
              className={cn("size-3.5 shrink-0 self-center", selected ? "text-primary-foreground" : "text-muted-foreground")}
            />
          )}
          {th && th.status !== "active" && (
            <span className={cn("shrink-0 text-[0.6875rem] uppercase", selected ? "text-primary-foreground" : "text-muted-foreground")}>{t(`status.${th.status}`)}</span>
          )}
          <span className={cn("ms-auto shrink-0 text-xs", selected ? "text-primary-foreground" : "text-muted-foreground")}>{th ? formatRelative(th.updatedAt) : ""}</span>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <span dir="auto" className={cn("truncate text-[0.8125rem]", selected ? "text-primary-foreground" : "text-muted-foreground")} data-testid="chat-contact-preview">
            {th?.gptStatus === "WAITING_RESPONSE" ? <span className={selected ? "" : "text-primary"}>{t("log.typing")}</span> : preview}
          </span>
          {unread > 0 && !selected && (
            <Badge variant="solid" className="ms-auto h-5 min-w-5 px-1.5 text-[0.6875rem]" aria-label={t("list.unread", { count: unread })} data-testid="chat-unread">
              {unread > 99 ? "99+" : unread}
            </Badge>
          )}
        </div>
      </div>
    </button>
  );
}

export function previewKey(type: string): string {
  return (
    {
      image: "message.image",
      video: "message.video",
      audio: "message.audio",
      document: "message.document",
      incomingCall: "call.title",
      contact: "message.contactCard",
      tool_call: "message.toolCall",
      tool_result: "message.toolResult",
    } as Record<string, string>
  )[type] ?? "message.document";
}
