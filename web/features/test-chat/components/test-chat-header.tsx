import { useTranslation } from "react-i18next";
import { Bot, ChevronDown, MessageSquarePlus, Plus, Settings2, Trash2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { ThreadPreviewText } from "@/features/chat/components/thread-preview";
import { confirm } from "@/lib/confirm";
import { formatRelative } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { TestChatState } from "../use-test-chat";

interface TestChatHeaderProps {
  chat: TestChatState;
  popup: boolean;
  lockedAssistantId?: string;
  onConfigure: () => void;
  onClose?: () => void;
}

/** The panel's header: title and chat switcher, new chat (or the assistant picker), settings, clear, close. */
export function TestChatHeader({ chat, popup, lockedAssistantId, onConfigure, onClose }: TestChatHeaderProps) {
  const { t } = useTranslation("testChat");
  const contactName = chat.active?.name || chat.activeContact?.name;

  const onClear = async () => {
    if (!(await confirm({ title: t("clear"), message: t("clearConfirm"), confirmText: t("clearConfirmButton") }))) return;
    await chat.clear();
  };

  return (
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
          <AssistantPicker chat={chat} popup={popup} />
        )}
        {popup && (
          <HeaderButton popup={popup} label={t("configure")} onClick={onConfigure} disabled={!chat.activeAssistant} testId="test-chat-configure">
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
  );
}

/** "+": a new chat with the assistant chosen from the account's list. */
function AssistantPicker({ chat, popup }: { chat: TestChatState; popup: boolean }) {
  const { t } = useTranslation("testChat");
  return (
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
  );
}

function ChatSwitcher({ chat, popup }: { chat: TestChatState; popup: boolean }) {
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
          // Named by what it shows (the open chat's assistant), as a voice user reads it out; what
          // it does is its description.
          title={t("switchChat")}
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
              <span className="line-clamp-1 text-[0.8125rem] text-muted-foreground">{c.lastMessage ? <ThreadPreviewText text={c.lastMessage} /> : t("noLastMessage")}</span>
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
