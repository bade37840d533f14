import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SendHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { formatTime } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { MessageDto } from "@/features/chat/api";
import { FlowSystemRun, isFlowLine } from "../components/flow-lines";
import { flowApi, flowKeys, testBotQuery } from "../api";

function Bubble({ m }: { m: MessageDto }) {
  const mine = m.messageDirection === "incoming";
  return (
    <div className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid="test-message" data-direction={m.messageDirection}>
      <div className={cn("max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-wrap", mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground")}>
        {m.content}
        <span className={cn("ms-2 text-[0.6875rem]", mine ? "text-primary-foreground/80" : "text-muted-foreground")}>{formatTime(m.createdAt)}</span>
      </div>
    </div>
  );
}

/**
 * "Test": the draft runs in the member's own test conversation (the test bot, through the real
 * inbound chain); this panel shows that conversation, polled while it is open, and sends replies.
 */
export function TestPanel({ accountId, open, onOpenChange }: { accountId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation("flows");
  const qc = useQueryClient();
  const log = useQuery({ ...testBotQuery(accountId), enabled: open });
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const messages = [...(log.data?.data ?? [])].reverse();
  // A block body: Chromium's scrollIntoView returns a promise now, which React would call as the cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);
  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setSending(true);
    try {
      await flowApi.testReply(accountId, content);
      setText("");
      await qc.invalidateQueries({ queryKey: flowKeys.testBot(accountId) });
    } catch {
      /* the API client said why */
    } finally {
      setSending(false);
    }
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="end" className="flex w-full flex-col gap-0 sm:max-w-md" data-testid="flow-test-panel">
        <SheetHeader className="border-b pb-4">
          <SheetTitle>{t("test.title")}</SheetTitle>
          <SheetDescription>{t("test.description")}</SheetDescription>
        </SheetHeader>
        <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-4" aria-live="polite">
          {log.isPending && <Spinner className="mx-auto" />}
          {messages.map((m) => (m.isSystem || m.messageDirection === "system" ? isFlowLine(m) ? <FlowSystemRun key={m.messageId} messages={[m]} /> : null : <Bubble key={m.messageId} m={m} />))}
          <div ref={end} />
        </div>
        <form
          className="flex gap-2 border-t p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={t("test.placeholder")} aria-label={t("test.placeholder")} maxLength={4096} data-testid="flow-test-input" />
          <Button type="submit" size="icon" loading={sending} disabled={!text.trim()} aria-label={t("test.send")} data-testid="flow-test-send">
            <SendHorizontal aria-hidden />
          </Button>
        </form>
      </SheetContent>
    </Sheet>
  );
}
