import { MessagesSquare, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { EmptyState } from "@/components/ui/empty-state";
import { useAccountSocket } from "@/lib/socket";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { THREAD_STATUSES, type ChatFilters, type ThreadStatus } from "@/features/chat/api";
import { ChatBanners } from "@/features/chat/components/chat-banners";
import { ChatHeader } from "@/features/chat/components/chat-header";
import { ChatLog } from "@/features/chat/components/chat-log";
import { Composer } from "@/features/chat/components/composer";
import { ContactDetails } from "@/features/chat/components/contact-details";
import { ContactList, itemKey } from "@/features/chat/components/contact-list";
import { TestChatsPanel } from "@/features/chat/components/test-chats-panel";
import { useOpenChat } from "@/features/chat/use-open-chat";

export const handle = { titleKey: "chat:pageTitle" };

const WIDE = "(min-width: 1280px)";
const MEDIUM = "(min-width: 960px)";

/**
 * /:accountId/apps/chat — the operators' inbox (SPEC §2.8–2.10, §4). Three panes at ≥ 1280 px
 * (list 360 / log / details 320), list + log from 960 px, one pane at a time below with a back
 * button. The open chat is in the URL (?c=<contactId>&t=<threadId>) so it can be linked to.
 */
export default function ChatPage() {
  const { t } = useTranslation("chat");
  const { accountId = "" } = useParams();
  const wide = useMediaQuery(WIDE);
  const medium = useMediaQuery(MEDIUM);
  const socket = useAccountSocket(accountId);

  const [search, setSearch] = useState("");
  // ?status=pending (the operators' summary mail links there) opens the list on that status.
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<ChatFilters>(() => {
    const status = params.get("status") as ThreadStatus | null;
    return status && THREAD_STATUSES.includes(status) ? { status } : {};
  });
  useEffect(() => {
    const id = setTimeout(() => setFilters((f) => (f.q === (search.trim() || undefined) ? f : { ...f, q: search.trim() || undefined })), 300);
    return () => clearTimeout(id);
  }, [search]);

  const { contactId, open, selected, gone, select, close, onContactChange } = useOpenChat(accountId);
  const [detailsOpen, setDetailsOpen] = useState(wide);
  const [testsOpen, setTestsOpen] = useState(false);

  const showList = medium || !contactId;
  const showChat = medium || !!contactId;
  const chat = selected && !gone ? selected : null;

  return (
    <div
      className="flex min-h-0 flex-1 overflow-hidden rounded-md bg-card shadow-card bordered:border bordered:border-border bordered:shadow-none"
      data-testid="chat-page"
      data-socket={socket.status}
    >
      {showList && (
        <div className={cn("flex min-h-0 min-w-0 flex-col border-border", medium ? "w-[360px] shrink-0 border-e" : "flex-1")}>
          <ContactList
            accountId={accountId}
            filters={filters}
            search={search}
            onSearch={setSearch}
            onFilters={setFilters}
            selectedKey={selected ? itemKey(selected) : null}
            onSelect={select}
            onOpenTests={() => setTestsOpen(true)}
          />
        </div>
      )}

      {showChat && (
        <section className="@container flex min-h-0 min-w-0 flex-1 flex-col bg-background" aria-label={chat?.name ?? t("empty.title")}>
          {socket.status === "connecting" && (
            <div className="flex items-center gap-2 bg-warning/14 px-4 py-1 text-[0.8125rem] text-warning" role="status" data-testid="socket-offline">
              <WifiOff className="size-4" aria-hidden />
              {t("realtime.offline")}
            </div>
          )}
          {chat ? (
            <>
              <ChatHeader
                accountId={accountId}
                contact={chat}
                onBack={medium ? undefined : close}
                detailsOpen={detailsOpen}
                onToggleDetails={() => setDetailsOpen((o) => !o)}
                onContactChange={onContactChange}
              />
              <ChatBanners contact={chat} />
              <ChatLog key={chat.contactId} accountId={accountId} contact={chat} />
              <Composer accountId={accountId} contact={chat} onSent={onContactChange} />
            </>
          ) : gone ? (
            <EmptyState icon={MessagesSquare} title={t("deleted")} className="flex-1" />
          ) : contactId && open.isPending ? (
            <div className="flex-1" aria-busy="true" />
          ) : (
            <EmptyState icon={MessagesSquare} title={t("empty.title")} description={t("empty.description")} className="flex-1" data-testid="chat-placeholder" />
          )}
        </section>
      )}

      {chat && detailsOpen && wide && (
        <div className="w-[320px] shrink-0 border-s border-border">
          <ContactDetails accountId={accountId} contact={chat} onClose={() => setDetailsOpen(false)} />
        </div>
      )}
      {chat && !wide && (
        <Sheet open={detailsOpen} onOpenChange={setDetailsOpen}>
          <SheetContent side="end" showCloseButton={false} className="w-[320px] max-w-[92vw] gap-0 p-0">
            <SheetTitle className="sr-only">{t("details.title")}</SheetTitle>
            <SheetDescription className="sr-only">{chat.name}</SheetDescription>
            <ContactDetails accountId={accountId} contact={chat} onClose={() => setDetailsOpen(false)} />
          </SheetContent>
        </Sheet>
      )}

      <TestChatsPanel accountId={accountId} open={testsOpen} onOpenChange={setTestsOpen} onPick={select} />
    </div>
  );
}
