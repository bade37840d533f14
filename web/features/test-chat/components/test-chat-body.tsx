import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Bot, BotOff, MessageSquarePlus, MessagesSquare, Plus, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { TestChatState } from "../use-test-chat";
import { MessageLog } from "./message-log";

interface TestChatBodyProps {
  chat: TestChatState;
  accountId: string;
  lockedAssistantId?: string;
  noAssistants: boolean;
  onClose?: () => void;
}

/** The typing indicator appears 500 ms after the message went out (§4, §9). */
function useTypingVisible(awaiting: boolean) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!awaiting) {
      setVisible(false);
      return;
    }
    const id = setTimeout(() => setVisible(true), 500);
    return () => clearTimeout(id);
  }, [awaiting]);
  return visible;
}

/** The scrolling log: its state (loading, error, no chat, empty, messages), the reply in progress and the notice. */
export function TestChatBody({ chat, accountId, lockedAssistantId, noAssistants, onClose }: TestChatBodyProps) {
  const typingVisible = useTypingVisible(chat.awaiting);
  const scroller = useRef<HTMLDivElement>(null);

  // Scroll to the bottom 100 ms after a new message (§4, §9), and while the reply streams in.
  const lastId = chat.log.at(-1)?.messageId;
  useEffect(() => {
    const id = setTimeout(() => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: "smooth" }), 100);
    return () => clearTimeout(id);
  }, [lastId, chat.notice, typingVisible, chat.active?.platformUserId]);
  useLayoutEffect(() => {
    if (chat.streamText !== null && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [chat.streamText]);

  return (
    <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3" data-testid="test-chat-body">
      <LogContent chat={chat} accountId={accountId} lockedAssistantId={lockedAssistantId} noAssistants={noAssistants} onClose={onClose} />
      {chat.active && chat.awaiting && (chat.streamText || typingVisible) && <ReplyInProgress streamText={chat.streamText} />}
      {chat.notice && (
        <p className="mx-auto mt-3 flex max-w-[90%] items-start gap-1.5 rounded-md bg-warning/12 px-3 py-2 text-[0.8125rem] text-foreground" role="status" data-testid="test-chat-notice">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
          {chat.notice}
        </p>
      )}
    </div>
  );
}

function LogContent({ chat, accountId, lockedAssistantId, noAssistants, onClose }: TestChatBodyProps) {
  const { t } = useTranslation("testChat");
  const newChatAssistant = lockedAssistantId ?? chat.active?.assistantId ?? chat.assistantList[0]?.assistantId;
  if (chat.loading) return <LogSkeleton label={t("loading")} />;
  if (chat.assistants.isError || chat.chats.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void chat.assistants.refetch();
          void chat.chats.refetch();
        }}
      />
    );
  }
  if (noAssistants) {
    return (
      <Centered icon={BotOff} title={t("noAssistants")} description={t("noAssistantsHint")}>
        <Button asChild size="sm">
          <Link to={`/${accountId}/assistants`} onClick={onClose} data-testid="test-chat-create-assistant">
            <Plus aria-hidden />
            {t("createAssistant")}
          </Link>
        </Button>
      </Centered>
    );
  }
  if (!chat.active) {
    return (
      <Centered icon={MessagesSquare} title={t("title")} description={t("noChat")}>
        <Button type="button" size="sm" onClick={() => newChatAssistant && chat.startChat(newChatAssistant)} disabled={!newChatAssistant} data-testid="test-chat-create">
          <MessageSquarePlus aria-hidden />
          {t("createChat")}
        </Button>
      </Centered>
    );
  }
  if (chat.messages.isPending && chat.active.contactId) return <LogSkeleton label={t("loading")} />;
  if (chat.messages.isError) return <LoadFailed onRetry={() => void chat.messages.refetch()} />;
  if (chat.log.length === 0) return <Centered icon={MessagesSquare} title={t("empty")} description={t("emptyHint")} testId="test-chat-empty" />;
  return (
    <>
      {chat.messages.hasNextPage && (
        <div className="mb-2 flex justify-center">
          <Button variant="ghost" size="sm" onClick={() => void chat.messages.fetchNextPage()} loading={chat.messages.isFetchingNextPage}>
            {t("loadOlder")}
          </Button>
        </div>
      )}
      <MessageLog messages={chat.log} assistantName={chat.activeAssistant?.name} />
    </>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("testChat");
  return (
    <Centered icon={TriangleAlert} tone="error" title={t("loadFailed")}>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t("retry")}
      </Button>
    </Centered>
  );
}

/** The assistant's answer as it streams in, or three bouncing dots until the first piece. */
function ReplyInProgress({ streamText }: { streamText: string | null }) {
  const { t } = useTranslation("testChat");
  return (
    <div className="mt-2 flex justify-start" data-testid="test-chat-typing">
      {streamText ? (
        <div className="max-w-[85%] rounded-lg rounded-es-sm bg-muted px-3 py-1.5 text-[0.9375rem] leading-snug break-words whitespace-pre-wrap text-foreground dark:bg-white/8">
          <bdi>{streamText}</bdi>
          <span className="ms-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-primary/60" aria-hidden />
        </div>
      ) : (
        <div className="inline-flex items-center gap-2 rounded-lg rounded-es-sm bg-muted px-3 py-2.5 dark:bg-white/8" role="status" aria-label={t("typing")}>
          {[0, 150, 300].map((d) => (
            <span key={d} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70" style={{ animationDelay: `${d}ms` }} aria-hidden />
          ))}
        </div>
      )}
    </div>
  );
}

function Centered({
  icon: Icon,
  title,
  description,
  tone,
  children,
  testId,
}: {
  icon: typeof Bot;
  title: string;
  description?: string;
  tone?: "error";
  children?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2.5 px-4 py-8 text-center" data-testid={testId}>
      <span className={cn("mb-1 flex size-12 items-center justify-center rounded-full", tone === "error" ? "bg-destructive/12 text-destructive" : "bg-primary/12 text-primary")}>
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-semibold text-heading">{title}</p>
      {description && <p className="max-w-[18rem] text-[0.8125rem] text-muted-foreground">{description}</p>}
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

function LogSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3 py-2" aria-busy="true" aria-label={label}>
      <Skeleton className="h-9 w-2/3 self-end rounded-lg" />
      <Skeleton className="h-14 w-3/4 rounded-lg" />
      <Skeleton className="h-9 w-1/2 self-end rounded-lg" />
      <Skeleton className="h-9 w-2/3 rounded-lg" />
    </div>
  );
}
