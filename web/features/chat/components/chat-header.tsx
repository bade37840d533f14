import { useLayoutEffect, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Bot, BotOff, ChevronDown, Eraser, Info, MoreVertical, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { chatApi, THREAD_STATUSES, type ContactDto, type ThreadStatus } from "../api";
import { clearThreadMessages, replaceContact } from "../cache";
import { ContactAvatar } from "./platform-icon";
import { ChatFlowBar } from "@/features/flows/components/chat-flow-bar";
import { atUsername, contactName } from "./contact-summary";

const STATUS_DOT: Record<ThreadStatus, string> = {
  active: "bg-success",
  pending: "bg-warning",
  archived: "bg-secondary",
  closed: "bg-destructive",
};

export interface ChatHeaderProps {
  accountId: string;
  contact: ContactDto;
  onBack?: () => void;
  detailsOpen: boolean;
  onToggleDetails: () => void;
  onContactChange: (c: ContactDto) => void;
}

/** The thread's mutations from the header: status, the AI switch, clearing the chat (after confirmation). */
function useThreadActions(accountId: string, contact: ContactDto, onContactChange: (c: ContactDto) => void) {
  const { t } = useTranslation("chat");
  const qc = useQueryClient();
  const thread = contact.thread;

  const applied = (c: ContactDto) => {
    replaceContact(qc, accountId, c);
    onContactChange(c);
  };
  const status = useMutation({
    mutationFn: (s: ThreadStatus) => chatApi.setStatus(accountId, thread!.threadId, s),
    onSuccess: ({ message: _m, ...c }) => {
      applied(c);
      notify({ type: "success", message: t("header.statusChanged", { status: t(`status.${c.thread?.status ?? "active"}`) }) });
    },
  });
  const ai = useMutation({
    mutationFn: (on: boolean) => chatApi.setAi(accountId, thread!.threadId, on),
    onSuccess: ({ message, ...c }) => {
      applied(c);
      notify({ type: "success", message });
    },
  });
  const clear = useMutation({
    mutationFn: () => chatApi.clear(accountId, contact.contactId, thread?.threadId),
    onSuccess: (r) => {
      clearThreadMessages(qc, accountId, contact.contactId, thread?.threadId ?? null);
      if (r.contact.thread) applied(r.contact);
      notify({ type: "success", message: t("header.cleared") });
    },
  });

  const askClear = async () => {
    const ok = await confirm({ title: t("header.clearTitle"), message: t("header.clearMessage"), confirmText: t("header.clearConfirm") });
    if (ok) clear.mutate();
  };
  return { status, ai, askClear };
}

/**
 * Below this width of the header (a phone: 358 px at 390) the thread status moves from the header
 * into its "more" menu, so the contact's name keeps the room to be read. At 1440 px the chat pane
 * between the list and the contact pane is about 450 px: there the status stays. The menu is
 * portalled out of the chat pane's @container, hence a measure instead of a container query.
 */
export const NARROW_HEADER_PX = 420;

function useNarrow(ref: React.RefObject<HTMLElement | null>, below: number) {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setNarrow(el.getBoundingClientRect().width < below);
    check();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, below]);
  return narrow;
}

/** Contact, thread status menu, the AI switch, clear chat (with confirmation) and the details toggle. */
export function ChatHeader({ accountId, contact, onBack, detailsOpen, onToggleDetails, onContactChange }: ChatHeaderProps) {
  const { t } = useTranslation("chat");
  const canUpdate = useAbility().can("update", "Thread");
  const thread = contact.thread;
  const { status, ai, askClear } = useThreadActions(accountId, contact, onContactChange);
  const handle = atUsername(contact.platformUsername) ?? contact.phone;
  const ref = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(ref, NARROW_HEADER_PX);
  const statusProps = thread ? { status: thread.status, disabled: !canUpdate || status.isPending, onChange: (s: ThreadStatus) => status.mutate(s) } : null;

  return (
    <div ref={ref} className="flex h-16 shrink-0 items-center gap-1 border-b border-border bg-card px-2 @md:gap-2 sm:px-4" data-testid="chat-header" data-narrow={narrow || undefined}>
      {onBack && (
        <Button variant="ghost" size="icon" onClick={onBack} aria-label={t("header.back")} data-testid="chat-back">
          <ArrowLeft className="rtl:rotate-180" aria-hidden />
        </Button>
      )}
      <button type="button" onClick={onToggleDetails} className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-md text-start outline-none focus-visible:ring-3 focus-visible:ring-primary/30">
        <ContactAvatar contact={contact} className="size-9" />
        <span className="min-w-0">
          <span dir="auto" className="block truncate align-page-start font-semibold text-heading" data-testid="chat-title">
            {contactName(contact)}
          </span>
          <span className="flex min-w-0 text-[0.8125rem] text-muted-foreground" data-testid="chat-subtitle">
            <span className="shrink-0">{t(`platform.${contact.platform}`)}</span>
            {/* a username or a phone number reads left to right in any page, cut at its own end when long */}
            {handle && (
              <>
                <span className="shrink-0 whitespace-pre"> · </span>
                <span dir="ltr" className="truncate">
                  {handle}
                </span>
              </>
            )}
          </span>
        </span>
      </button>

      {thread && (
        <>
          <ChatFlowBar accountId={accountId} contact={contact} />
          {statusProps && !narrow && <StatusMenu {...statusProps} />}
          <AiSwitch on={thread.isGptActive} disabled={!canUpdate || ai.isPending} onChange={(on) => ai.mutate(on)} />
        </>
      )}

      {/* The name and the avatar toggle the details too, and so does the "more" menu: the button only where there is room. */}
      <Button variant="ghost" size="icon" onClick={onToggleDetails} aria-pressed={detailsOpen} aria-label={t("header.details")} className={cn("hidden @lg:inline-flex", detailsOpen && "bg-primary/12 text-primary")} data-testid="toggle-details">
        <Info aria-hidden />
      </Button>
      <MoreMenu profileHref={`/${accountId}/contacts/${contact.contactId}`} canClear={canUpdate} onToggleDetails={onToggleDetails} onClear={() => void askClear()} status={narrow ? statusProps : null} />
    </div>
  );
}

interface StatusProps {
  status: ThreadStatus;
  disabled: boolean;
  onChange: (s: ThreadStatus) => void;
}

/** The status choice, in the header's status menu or (narrow header) in the "more" menu. */
function StatusItems({ status, disabled, onChange }: { status: ThreadStatus; disabled?: boolean; onChange: (s: ThreadStatus) => void }) {
  const { t } = useTranslation("chat");
  return (
    <>
      <DropdownMenuLabel>{t("header.status")}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={status} onValueChange={(v) => v !== status && onChange(v as ThreadStatus)}>
        {THREAD_STATUSES.map((s) => (
          <DropdownMenuRadioItem key={s} value={s} disabled={disabled} data-testid={`status-${s}`}>
            <span className={cn("size-2 rounded-full", STATUS_DOT[s])} aria-hidden />
            {t(`status.${s}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}

function StatusMenu({ status, disabled, onChange }: StatusProps) {
  const { t } = useTranslation("chat");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="secondary" size="sm" className="gap-1.5 px-2.5" aria-label={`${t("header.status")}: ${t(`status.${status}`)}`} data-testid="thread-status" data-status={status}>
          <span className={cn("size-2 rounded-full", STATUS_DOT[status])} aria-hidden />
          <span className="hidden @2xl:inline">{t(`status.${status}`)}</span>
          <ChevronDown className="size-3.5 opacity-70" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <StatusItems status={status} onChange={onChange} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AiSwitch({ on, disabled, onChange }: { on: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation("chat");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1.5 text-[0.8125rem] font-medium hover:bg-muted @md:px-2 dark:hover:bg-white/6">
          {/* On a phone the name needs the room: the switch alone says on or off. */}
          {on ? <Bot className="hidden size-4 text-primary @md:block" aria-hidden /> : <BotOff className="hidden size-4 text-muted-foreground @md:block" aria-hidden />}
          <span className="hidden @xl:inline">{t("header.ai")}</span>
          <Switch checked={on} disabled={disabled} onCheckedChange={onChange} aria-label={on ? t("header.aiOn") : t("header.aiOff")} data-testid="ai-switch" />
        </label>
      </TooltipTrigger>
      <TooltipContent>{on ? t("header.aiOn") : t("header.aiOff")}</TooltipContent>
    </Tooltip>
  );
}

function MoreMenu({
  profileHref,
  canClear,
  onToggleDetails,
  onClear,
  status,
}: {
  profileHref: string;
  canClear: boolean;
  onToggleDetails: () => void;
  onClear: () => void;
  /** The thread status, here when the header is too narrow to show its own menu. */
  status: StatusProps | null;
}) {
  const { t } = useTranslation("chat");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("header.more")} data-testid="chat-menu">
          <MoreVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className={status ? "min-w-44" : undefined}>
        {status && (
          <>
            <StatusItems {...status} />
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem onSelect={onToggleDetails}>
          <Info aria-hidden />
          {t("header.details")}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={profileHref}>
            <UserRound aria-hidden />
            {t("header.openProfile")}
          </Link>
        </DropdownMenuItem>
        {canClear && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onClear} className="text-destructive focus:text-destructive" data-testid="clear-chat">
              <Eraser aria-hidden />
              {t("header.clear")}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
