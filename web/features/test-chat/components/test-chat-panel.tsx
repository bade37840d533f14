import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Bot, BotOff, ChevronDown, MessageSquarePlus, MessagesSquare, Plus, SendHorizontal, Settings2, Trash2, TriangleAlert, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { confirm } from "@/lib/confirm";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";
import { formatRelative } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useTestChat } from "../use-test-chat";
import { AssistantSettingsDialog } from "./assistant-settings-dialog";
import { MessageLog } from "./message-log";

export interface TestChatPanelProps {
  accountId: string;
  /** Embedded in the assistant editor: only this assistant's chats, no assistant picker. */
  lockedAssistantId?: string;
  variant: "popup" | "embedded";
  onClose?: () => void;
  /** "Test this assistant" from elsewhere: open its chat (handled once per seq). */
  request?: { assistantId: string; seq: number } | null;
  onRequestHandled?: () => void;
  className?: string;
}

/** The test chat (§2.11): header with picker, settings and clear; the log; the composer. */
export function TestChatPanel({ accountId, lockedAssistantId, variant, onClose, request, onRequestHandled, className }: TestChatPanelProps) {
  const { t } = useTranslation("testChat");
  const chat = useTestChat({ accountId, lockedAssistantId });
  const [text, setText] = useState("");
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [typingVisible, setTypingVisible] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const popup = variant === "popup";

  useEffect(() => {
    if (!request || chat.loading) return;
    chat.openForAssistant(request.assistantId);
    onRequestHandled?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.seq, chat.loading]);

  // The typing indicator appears 500 ms after the message went out (§4, §9).
  useEffect(() => {
    if (!chat.awaiting) {
      setTypingVisible(false);
      return;
    }
    const id = setTimeout(() => setTypingVisible(true), 500);
    return () => clearTimeout(id);
  }, [chat.awaiting]);

  // Scroll to the bottom 100 ms after a new message (§4, §9), and while the reply streams in.
  const lastId = chat.log.at(-1)?.messageId;
  useEffect(() => {
    const id = setTimeout(() => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: "smooth" }), 100);
    return () => clearTimeout(id);
  }, [lastId, chat.notice, typingVisible, chat.active?.platformUserId]);
  useLayoutEffect(() => {
    if (chat.streamText !== null && scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [chat.streamText]);

  const submit = async () => {
    const message = text.trim();
    if (!message || chat.awaiting) return;
    setText("");
    const ok = await chat.send(message);
    if (!ok) setText((current) => current || message);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onClear = async () => {
    if (!(await confirm({ title: t("clear"), message: t("clearConfirm"), confirmText: t("clearConfirmButton") }))) return;
    await chat.clear();
  };

  const newChatAssistant = lockedAssistantId ?? chat.active?.assistantId ?? chat.assistantList[0]?.assistantId;
  const noAssistants = !chat.loading && !lockedAssistantId && chat.assistants.isSuccess && chat.assistantList.length === 0;
  const contactName = chat.active?.name || chat.activeContact?.name;
  const assistantName = chat.activeAssistant?.name;
  const canSend = !!chat.active && !chat.awaiting && !!text.trim() && !noAssistants;

  return (
    <section className={cn("flex min-h-0 flex-col bg-card", className)} aria-label={t("title")} data-testid={popup ? "test-chat-popup" : "test-chat-embedded"}>
      <header className={cn("flex items-center gap-2 border-b px-3 py-2.5", popup && "bg-primary px-4 py-3 text-primary-foreground")}>
        {popup && (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/18">
            <Bot className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          {popup && (
            <h2 className="truncate text-[0.9375rem] leading-tight font-semibold" data-testid="test-chat-title">
              {t("title")}
              {contactName ? ` · ${contactName}` : ""}
            </h2>
          )}
          <ChatSwitcher chat={chat} popup={popup} />
        </div>
        <div className="flex shrink-0 items-center">
          {lockedAssistantId ? (
            <HeaderButton popup={popup} label={t("newChat")} onClick={() => chat.startChat(lockedAssistantId)} disabled={chat.loading || chat.awaiting} testId="test-chat-new">
              <MessageSquarePlus />
            </HeaderButton>
          ) : (
            <DropdownMenu>
              <Tooltip>
                <TooltipTrigger asChild>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      className={cn("size-8", popup && "text-primary-foreground hover:bg-white/15 dark:hover:bg-white/15")}
                      aria-label={t("chooseAssistant")}
                      disabled={chat.loading || chat.assistantList.length === 0}
                      data-testid="test-chat-pick-assistant"
                    >
                      <Plus className="size-5" />
                    </Button>
                  </DropdownMenuTrigger>
                </TooltipTrigger>
                <TooltipContent>{t("chooseAssistant")}</TooltipContent>
              </Tooltip>
              <DropdownMenuContent align="end" className="w-64">
                <DropdownMenuLabel>{t("chooseAssistant")}</DropdownMenuLabel>
                <DropdownMenuSeparator />
                {chat.assistantList.map((a) => (
                  <DropdownMenuItem key={a.assistantId} onSelect={() => chat.startChat(a.assistantId)} data-testid="test-chat-assistant-option">
                    <Bot aria-hidden className={a.isActive ? "text-primary" : "text-muted-foreground"} />
                    <span className="truncate">{a.name}</span>
                    {a.assistantId === chat.active?.assistantId && <span className="ms-auto size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          )}
          {popup && (
            <HeaderButton popup={popup} label={t("configure")} onClick={() => setSettingsOpen(true)} disabled={!chat.activeAssistant} testId="test-chat-configure">
              <Settings2 />
            </HeaderButton>
          )}
          <HeaderButton popup={popup} label={t("clear")} onClick={onClear} disabled={!chat.active || chat.awaiting} testId="test-chat-clear">
            <Trash2 />
          </HeaderButton>
          {popup && onClose && (
            <HeaderButton popup={popup} label={t("close")} onClick={onClose} testId="test-chat-close">
              <X />
            </HeaderButton>
          )}
        </div>
      </header>

      <div ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-3" data-testid="test-chat-body">
        {chat.loading ? (
          <LogSkeleton label={t("loading")} />
        ) : chat.assistants.isError || chat.chats.isError ? (
          <Centered icon={TriangleAlert} tone="error" title={t("loadFailed")}>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void chat.assistants.refetch();
                void chat.chats.refetch();
              }}
            >
              {t("retry")}
            </Button>
          </Centered>
        ) : noAssistants ? (
          <Centered icon={BotOff} title={t("noAssistants")} description={t("noAssistantsHint")}>
            <Button asChild size="sm">
              <Link to={`/${accountId}/assistants`} onClick={onClose} data-testid="test-chat-create-assistant">
                <Plus aria-hidden />
                {t("createAssistant")}
              </Link>
            </Button>
          </Centered>
        ) : !chat.active ? (
          <Centered icon={MessagesSquare} title={t("title")} description={t("noChat")}>
            <Button type="button" size="sm" onClick={() => newChatAssistant && chat.startChat(newChatAssistant)} disabled={!newChatAssistant} data-testid="test-chat-create">
              <MessageSquarePlus aria-hidden />
              {t("createChat")}
            </Button>
          </Centered>
        ) : chat.messages.isPending && chat.active.contactId ? (
          <LogSkeleton label={t("loading")} />
        ) : chat.messages.isError ? (
          <Centered icon={TriangleAlert} tone="error" title={t("loadFailed")}>
            <Button variant="outline" size="sm" onClick={() => void chat.messages.refetch()}>
              {t("retry")}
            </Button>
          </Centered>
        ) : chat.log.length === 0 ? (
          <Centered icon={MessagesSquare} title={t("empty")} description={t("emptyHint")} testId="test-chat-empty" />
        ) : (
          <>
            {chat.messages.hasNextPage && (
              <div className="mb-2 flex justify-center">
                <Button variant="ghost" size="sm" onClick={() => void chat.messages.fetchNextPage()} loading={chat.messages.isFetchingNextPage}>
                  {t("loadOlder")}
                </Button>
              </div>
            )}
            <MessageLog messages={chat.log} assistantName={assistantName} />
          </>
        )}
        {chat.active && chat.awaiting && (chat.streamText || typingVisible) && (
          <div className="mt-2 flex justify-start" data-testid="test-chat-typing">
            {chat.streamText ? (
              <div className="max-w-[85%] rounded-lg rounded-es-sm bg-muted px-3 py-1.5 text-[0.9375rem] leading-snug break-words whitespace-pre-wrap text-foreground dark:bg-white/8">
                {chat.streamText}
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
        )}
        {chat.notice && (
          <p className="mx-auto mt-3 flex max-w-[90%] items-start gap-1.5 rounded-md bg-warning/12 px-3 py-2 text-[0.8125rem] text-foreground" role="status" data-testid="test-chat-notice">
            <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
            {chat.notice}
          </p>
        )}
      </div>

      {chat.active && chat.aiOff && !chat.notice && (
        <p className="flex items-start gap-1.5 border-t bg-warning/10 px-4 py-2 text-[0.8125rem] text-foreground">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
          {t("aiOff")}
        </p>
      )}
      <form
        {...(popup ? {} : LAUNCHER_AVOID)}
        className="flex items-end gap-2 border-t px-3 py-2.5"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <textarea
          ref={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={4096}
          placeholder={t("placeholder")}
          aria-label={t("placeholder")}
          disabled={!chat.active || noAssistants}
          className="field-sizing-content max-h-32 min-h-9.5 flex-1 resize-none rounded-md border border-input bg-transparent px-3 py-2 text-[0.9375rem] leading-snug outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary disabled:cursor-not-allowed disabled:opacity-55"
          data-testid="test-chat-input"
        />
        {/* A plain button, not a submit: in the assistant editor this composer sits inside the editor's
            <form>, and React does not see the submit event of a nested form (the page reloaded). */}
        <Button type="button" onClick={() => void submit()} size="icon" className="size-9.5 shrink-0" disabled={!canSend} loading={chat.awaiting} aria-label={t("send")} data-testid="test-chat-send">
          <SendHorizontal className="rtl:rotate-180" />
        </Button>
      </form>

      {popup && <AssistantSettingsDialog assistant={chat.activeAssistant} open={settingsOpen} onOpenChange={setSettingsOpen} />}
    </section>
  );
}

function ChatSwitcher({ chat, popup }: { chat: ReturnType<typeof useTestChat>; popup: boolean }) {
  const { t } = useTranslation("testChat");
  const name = chat.activeAssistant?.name ?? (chat.active ? t("assistantMissing") : "");
  const label = chat.active ? t("assistant", { name }) : popup ? "" : t("chats");
  if (!chat.chatList.length) {
    return label ? <p className={cn("truncate text-[0.8125rem]", popup ? "text-primary-foreground/80" : "font-medium text-foreground")}>{label}</p> : null;
  }
  const names = new Map(chat.assistantList.map((a) => [a.assistantId, a.name]));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          className={cn(
            "flex max-w-full cursor-pointer items-center gap-1 rounded-sm text-[0.8125rem] outline-none focus-visible:ring-2",
            popup ? "text-primary-foreground/85 hover:text-primary-foreground focus-visible:ring-white/50" : "font-medium text-foreground hover:text-primary focus-visible:ring-primary/40",
          )}
          aria-label={t("switchChat")}
          data-testid="test-chat-switch"
        >
          <span className="truncate">{label || t("chats")}</span>
          <ChevronDown className="size-3.5 shrink-0" aria-hidden />
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 w-72 overflow-y-auto">
        <DropdownMenuLabel>{t("chats")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {chat.chatList.map((c) => {
          const aid = c.thread?.testChatAssistantId ?? c.thread?.assistantId ?? "";
          return (
            <DropdownMenuItem key={c.contactId} onSelect={() => chat.selectChat(c)} className={cn("flex-col items-start gap-0.5", c.contactId === chat.active?.contactId && "bg-primary/8")}>
              <span className="flex w-full items-center gap-2">
                <span className="truncate font-medium">{names.get(aid) ?? t("assistantMissing")}</span>
                <span className="ms-auto shrink-0 text-[0.75rem] text-muted-foreground">{formatRelative(c.updatedAt)}</span>
              </span>
              <span className="line-clamp-1 text-[0.8125rem] text-muted-foreground">{c.lastMessage || t("noLastMessage")}</span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function HeaderButton({ popup, label, onClick, disabled, testId, children }: { popup: boolean; label: string; onClick: () => void; disabled?: boolean; testId?: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={cn("size-8 [&_svg]:size-[1.125rem]", popup && "text-primary-foreground hover:bg-white/15 dark:hover:bg-white/15")}
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          data-testid={testId}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
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
