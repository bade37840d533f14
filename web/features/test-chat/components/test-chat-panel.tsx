import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TriangleAlert } from "lucide-react";
import { cn } from "@/lib/utils";
import { useTestChat } from "../use-test-chat";
import { AssistantSettingsDialog } from "./assistant-settings-dialog";
import { TestChatBody } from "./test-chat-body";
import { TestChatComposer } from "./test-chat-composer";
import { TestChatHeader } from "./test-chat-header";

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
  const [settingsOpen, setSettingsOpen] = useState(false);
  const popup = variant === "popup";

  useEffect(() => {
    if (!request || chat.loading) return;
    chat.openForAssistant(request.assistantId);
    onRequestHandled?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.seq, chat.loading]);

  const noAssistants = !chat.loading && !lockedAssistantId && chat.assistants.isSuccess && chat.assistantList.length === 0;

  return (
    <section className={cn("flex min-h-0 flex-col bg-card", className)} aria-label={t("title")} data-testid={popup ? "test-chat-popup" : "test-chat-embedded"}>
      <TestChatHeader chat={chat} popup={popup} lockedAssistantId={lockedAssistantId} onConfigure={() => setSettingsOpen(true)} onClose={onClose} />
      <TestChatBody chat={chat} accountId={accountId} lockedAssistantId={lockedAssistantId} noAssistants={noAssistants} onClose={onClose} />
      {chat.active && chat.aiOff && !chat.notice && (
        <p className="flex items-start gap-1.5 border-t bg-warning/10 px-4 py-2 text-[0.8125rem] text-foreground">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden />
          {t("aiOff")}
        </p>
      )}
      <TestChatComposer chat={chat} popup={popup} noAssistants={noAssistants} />
      {popup && <AssistantSettingsDialog assistant={chat.activeAssistant} open={settingsOpen} onOpenChange={setSettingsOpen} />}
    </section>
  );
}
