import { useInfiniteQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { BotOff, FlaskConical, MessagesSquare, Search, SearchX } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { INFINITE_SCROLL_DISTANCE } from "@/components/ui/infinite-scroll";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatRelative } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { chatQueries, PLATFORMS, THREAD_STATUSES, type ChatFilters, type ContactDto, type Platform, type ThreadStatus } from "../api";
import { ChipRow } from "./chip-row";
import { ContactAvatar, PlatformIcon } from "./platform-icon";

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
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.meta.total ?? 0;
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

  const filtered = !!(filters.q || filters.status || filters.platform);

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="chat-contacts">
      <div className="space-y-3 border-b border-border p-4">
        <div className="flex items-center justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-lg leading-tight font-semibold text-heading">{t("list.title")}</h2>
            <p className="text-[0.8125rem] text-muted-foreground" data-testid="chat-total">
              {query.data ? t("list.total", { count: total }) : "\u00a0"}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={onOpenTests} data-testid="open-test-chats">
            <FlaskConical aria-hidden />
            {t("list.testChats")}
          </Button>
        </div>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t("list.search")}
            aria-label={t("list.search")}
            className="ps-9"
            maxLength={100}
          />
        </div>
        <ChipRow label={t("header.status")} data-testid="status-chips">
          <Chip active={!filters.status} onClick={() => onFilters({ ...filters, status: undefined })}>
            {t("list.allStatuses")}
          </Chip>
          {THREAD_STATUSES.map((s) => (
            <Chip key={s} active={filters.status === s} onClick={() => onFilters({ ...filters, status: filters.status === s ? undefined : (s as ThreadStatus) })}>
              {t(`status.${s}`)}
            </Chip>
          ))}
        </ChipRow>
        <ChipRow label={t("details.platform")} data-testid="platform-chips">
          <Chip active={!filters.platform} onClick={() => onFilters({ ...filters, platform: undefined })}>
            {t("list.allPlatforms")}
          </Chip>
          {PLATFORMS.map((p) => (
            <Chip key={p} active={filters.platform === p} onClick={() => onFilters({ ...filters, platform: filters.platform === p ? undefined : (p as Platform) })}>
              <PlatformIcon platform={p} className="size-3.5" decorative />
              {t(`platform.${p}`)}
            </Chip>
          ))}
        </ChipRow>
      </div>

      {query.isPending ? (
        <ul className="flex-1 space-y-1 overflow-hidden p-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="flex items-center gap-3 px-2 py-3">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-2/5" />
                <Skeleton className="h-3 w-4/5" />
              </div>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <EmptyState
          icon={MessagesSquare}
          title={t("list.loadError")}
          action={
            <Button variant="outline" size="sm" onClick={() => query.refetch()} loading={query.isFetching}>
              {t("list.retry")}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title={t("list.notFound")}
            description={t("list.notFoundHint")}
            action={
              <Button variant="outline" size="sm" onClick={() => onFilters({ isTestContact: filters.isTestContact })}>
                {t("list.reset")}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title={t("list.empty")}
            description={t("list.emptyHint")}
            action={
              <Button asChild size="sm">
                <Link to={`/${accountId}/connect`}>{t("list.connect")}</Link>
              </Button>
            }
          />
        )
      ) : (
        <div ref={scrollRef} onScroll={maybeLoadMore} className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-contact-scroll">
          <ul role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const c = items[row.index]!;
              return (
                <li
                  key={row.key}
                  data-index={row.index}
                  className="absolute inset-x-0 top-0 px-2"
                  style={{ height: row.size, transform: `translateY(${row.start}px)` }}
                >
                  <ContactRow contact={c} selected={selectedKey === itemKey(c)} onSelect={onSelect} />
                </li>
              );
            })}
          </ul>
          <div className="flex h-10 items-center justify-center text-sm text-muted-foreground">{isFetchingNextPage && <Spinner />}</div>
        </div>
      )}
    </div>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "inline-flex h-7 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-[0.8125rem] font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-3 focus-visible:ring-primary/30",
        active ? "border-primary bg-primary text-primary-foreground" : "border-border text-foreground hover:border-primary/50 hover:text-primary",
      )}
    >
      {children}
    </button>
  );
}

function ContactRow({ contact, selected, onSelect }: { contact: ContactDto; selected: boolean; onSelect: (c: ContactDto) => void }) {
  const { t } = useTranslation("chat");
  const th = contact.thread;
  const unread = th?.unreadCount ?? 0;
  const preview = th?.lastMessage?.trim() || (th?.lastMessageType && th.lastMessageType !== "text" ? t(previewKey(th.lastMessageType)) : t("list.noMessages"));
  return (
    <button
      type="button"
      onClick={() => onSelect(contact)}
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
          <span className={cn("truncate font-medium", selected ? "text-primary-foreground" : "text-heading")} data-testid="chat-contact-name">
            {contact.name}
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
          <span className={cn("truncate text-[0.8125rem]", selected ? "text-primary-foreground" : "text-muted-foreground")} data-testid="chat-contact-preview">
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
