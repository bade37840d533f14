import { useInfiniteQuery, useQuery, type InfiniteData, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { WAITING_TIMEOUT_MS } from "@do/account-room/protocol";
import { MessageSquareDashed } from "lucide-react";
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { INFINITE_SCROLL_DISTANCE } from "@/components/ui/infinite-scroll";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { chatQueries, type ContactDto, type MessageDto, type MessagesPage } from "../api";
import { dayKey, groupMessages } from "../utils";
import { flowQueries } from "@/features/flows/api";
import { FlowSystemRun, isFlowLine } from "@/features/flows/components/flow-lines";
import { FlowNamesContext, flowNamesOf, unnamedFlows } from "./flow-author";
import { MessageItem, SystemItem } from "./message-item";

/**
 * SPEC §9: scroll to the bottom 100 ms after a new message; typing indicator after 500 ms, gone
 * when the waiting state ends (30 s at most).
 */
export const SCROLL_DELAY_MS = 100;
export const TYPING_DELAY_MS = 500;
export const TYPING_TIMEOUT_MS = WAITING_TIMEOUT_MS;

type MessagesQuery = UseInfiniteQueryResult<InfiniteData<MessagesPage>>;

/**
 * The log's scrolling: older pages load at the top with the view kept on the same message, the log
 * sticks to the bottom while the reader is there, the first paint of a chat starts at the bottom
 * and a new message scrolls there 100 ms later (§4).
 */
function useLogScrolling(query: MessagesQuery, chronological: MessageDto[], contactId: string) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const newest = chronological[chronological.length - 1];
  const oldestId = chronological[0]?.messageId;

  // Keep the view on the same message when older pages are prepended.
  const anchor = useRef<{ height: number; top: number; oldest?: string } | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const a = anchor.current;
    if (el && a && a.oldest !== oldestId) el.scrollTop = el.scrollHeight - a.height + a.top;
    anchor.current = null;
  }, [oldestId]);

  // Stuck to the bottom while the reader is there: images loading or a new bubble keep it in view.
  const atBottom = useRef(true);
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    ro.observe(content);
    return () => ro.disconnect();
  }, [query.isPending, chronological.length === 0]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (!hasNextPage || isFetchingNextPage) return;
    if (el.scrollTop <= INFINITE_SCROLL_DISTANCE) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop, oldest: oldestId };
      void fetchNextPage();
    }
  };

  // First paint of a chat: at the bottom at once. A new message: 100 ms later (§4).
  const shownFor = useRef<string | null>(null);
  const lastNewest = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !query.data) return;
    if (shownFor.current !== contactId) {
      shownFor.current = contactId;
      lastNewest.current = newest?.messageId;
      atBottom.current = true;
      el.scrollTop = el.scrollHeight;
      return;
    }
    if (newest && newest.messageId !== lastNewest.current) {
      lastNewest.current = newest.messageId;
      const id = setTimeout(() => el.scrollTo({ top: el.scrollHeight, behavior: "smooth" }), SCROLL_DELAY_MS);
      return () => clearTimeout(id);
    }
  }, [contactId, newest, query.data]);

  return { scrollRef, contentRef, onScroll };
}

/** The typing indicator: shown 500 ms into the wait for the assistant's reply, brought into view. */
function useTyping(waiting: boolean, newestId: string | undefined, scrollRef: RefObject<HTMLDivElement | null>) {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!waiting) {
      setTyping(false);
      return;
    }
    const show = setTimeout(() => setTyping(true), TYPING_DELAY_MS);
    // The room clears the waiting state after 30 s and says so; should that frame never arrive (the
    // socket was down at that moment), the indicator still goes away on time.
    const hide = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(hide);
    };
  }, [waiting, newestId]);
  useEffect(() => {
    if (!typing) return;
    const el = scrollRef.current;
    const id = setTimeout(() => el?.scrollTo({ top: el.scrollHeight, behavior: "smooth" }), SCROLL_DELAY_MS);
    return () => clearTimeout(id);
  }, [typing, scrollRef]);
  return typing;
}

export function ChatLog({ accountId, contact }: { accountId: string; contact: ContactDto }) {
  const { t } = useTranslation("chat");
  const query = useInfiniteQuery(chatQueries.messages(accountId, contact.contactId));
  const chronological = useMemo(() => (query.data?.pages.flatMap((p) => p.data) ?? []).slice().reverse(), [query.data]);
  const { scrollRef, contentRef, onScroll } = useLogScrolling(query, chronological, contact.contactId);
  const newest = chronological[chronological.length - 1];
  // The typing indicator: the last message is incoming and the assistant's reply is awaited.
  const waiting = contact.thread?.gptStatus === "WAITING_RESPONSE" && (!newest || newest.messageDirection === "incoming");
  const typing = useTyping(waiting, newest?.messageId, scrollRef);
  const flowNames = useFlowNames(accountId, contact, chronological);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6" data-testid="chat-log" aria-live="polite">
      {query.isPending ? (
        <div className="space-y-4" aria-busy="true">
          {[60, 40, 70, 50, 35].map((w, i) => (
            <div key={i} className={cn("flex", i % 2 ? "justify-end" : "justify-start")}>
              <Skeleton className="h-12 rounded-md" style={{ width: `${w}%` }} />
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center">
          <p className="text-muted-foreground">{t("log.loadError")}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()} loading={query.isFetching}>
            {t("list.retry")}
          </Button>
        </div>
      ) : chronological.length === 0 && !typing ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-muted-foreground" data-testid="chat-empty">
          <span className="flex size-14 items-center justify-center rounded-full bg-primary/12 text-primary">
            <MessageSquareDashed className="size-7" aria-hidden />
          </span>
          <p>{t("log.empty")}</p>
        </div>
      ) : (
        <div ref={contentRef} className="flex min-h-full flex-col justify-end gap-1">
          <div className="flex h-8 items-center justify-center text-xs text-muted-foreground">
            {query.isFetchingNextPage ? <Spinner /> : !query.hasNextPage && chronological.length > 20 ? t("log.beginning") : null}
          </div>
          <FlowNamesContext value={flowNames}>
            <MessageDays messages={chronological} />
          </FlowNamesContext>
          {typing && <TypingIndicator />}
        </div>
      )}
    </div>
  );
}

/**
 * The names of the flows that wrote in this chat (their bubbles say «Сценарий «…»»): from the log and
 * the thread; the published flows are asked for only when a flow's send is left without a name (its
 * start lies on an older page).
 */
function useFlowNames(accountId: string, contact: ContactDto, messages: MessageDto[]) {
  const known = useMemo(() => flowNamesOf(messages, contact), [messages, contact]);
  const missing = unnamedFlows(messages, known);
  const published = useQuery({ ...flowQueries.published(accountId), enabled: missing });
  return useMemo(() => (missing && published.data ? flowNamesOf(messages, contact, published.data.data) : known), [missing, published.data, messages, contact, known]);
}

/** The messages by day (a date chip each), in runs of one side. */
function MessageDays({ messages }: { messages: MessageDto[] }) {
  const { t } = useTranslation("chat");
  const days = useMemo(() => groupMessages(messages), [messages]);
  const today = dayKey(Date.now());
  const yesterday = dayKey(Date.now() - 864e5);
  return days.map((day) => (
    <section key={day.key} className="space-y-1" aria-label={formatDay(day.date)}>
      <div className="flex justify-center py-2">
        <span className="rounded-full bg-card px-3 py-0.5 text-xs font-medium text-muted-foreground shadow-xs bordered:border bordered:border-border" data-testid="date-chip">
          {day.key === today ? t("log.today") : day.key === yesterday ? t("log.yesterday") : formatDay(day.date)}
        </span>
      </div>
      {day.runs.map((run) => (
        <div key={run.key} className={cn("flex flex-col gap-1", run.system ? "py-1.5" : "pb-2")} data-run={run.direction}>
          {run.system && run.messages.some(isFlowLine) ? (
            <FlowSystemRun messages={run.messages} />
          ) : (
            run.messages.map((m, i) => <Fragment key={m.messageId}>{run.system ? <SystemItem message={m} /> : <MessageItem message={m} first={i === 0} prev={run.messages[i - 1]} />}</Fragment>)
          )}
        </div>
      ))}
    </section>
  ));
}

function formatDay(ts: number) {
  return formatDate(ts, { long: true });
}

function TypingIndicator() {
  const { t } = useTranslation("chat");
  return (
    <div className="flex justify-start pt-1" data-testid="typing-indicator" role="status">
      <div className="flex items-center gap-2 rounded-md bg-card px-3.5 py-2.5 text-[0.8125rem] text-muted-foreground shadow-xs">
        <span className="flex gap-1" aria-hidden>
          {[0, 150, 300].map((d) => (
            <span key={d} className="size-1.5 animate-bounce rounded-full bg-primary/70" style={{ animationDelay: `${d}ms` }} />
          ))}
        </span>
        {t("log.typing")}
      </div>
    </div>
  );
}
