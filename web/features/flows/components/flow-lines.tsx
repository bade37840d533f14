import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, CirclePause, CirclePlay, Flag, Workflow } from "lucide-react";
import type { MessageDto } from "@/features/chat/api";
import { formatTime } from "@/lib/i18n";
import { cn } from "@/lib/utils";

type FlowEvent = "started" | "step" | "ended" | "paused" | "resumed";
const meta = (m: MessageDto) => m.metadata as { flowEvent?: FlowEvent; flowName?: string; stepName?: string; stepType?: string; reason?: string; replacedBy?: string; replacedVia?: string };

export const isFlowLine = (m: MessageDto) => typeof m.metadata?.flowEvent === "string";

const ICONS = { started: CirclePlay, ended: Flag, paused: CirclePause, resumed: CirclePlay, step: Workflow } as const;

/** One flow event in the chat log: started, paused, resumed or ended (or replaced by another flow: a customer's keyword or an operator's start), with the flow's name. */
function FlowEventLine({ m }: { m: MessageDto }) {
  const { t } = useTranslation("flows");
  const { flowEvent = "started", flowName = "", reason, replacedBy, replacedVia } = meta(m);
  const replaced = flowEvent === "ended" && reason === "replaced" && typeof replacedBy === "string";
  const Icon = ICONS[flowEvent] ?? Workflow;
  return (
    <div className="flex justify-center px-6" data-testid="flow-line" data-flow-event={flowEvent} data-message-id={m.messageId}>
      <p className="flex max-w-xl items-center gap-1.5 rounded-full bg-primary/8 px-3 py-0.5 text-[0.8125rem] text-muted-foreground">
        <Icon className="size-3.5 shrink-0 text-primary" aria-hidden />
        <span>{replaced ? t(replacedVia === "operator" ? "chatFlow.events.replacedByOperator" : "chatFlow.events.replaced", { name: flowName, by: replacedBy }) : t(`chatFlow.events.${flowEvent}`, { name: flowName })}</span>
        <span className="text-xs">{formatTime(m.createdAt)}</span>
      </p>
    </div>
  );
}

/** The steps a flow took, collapsed into one line that opens the list. */
function FlowStepsLine({ messages }: { messages: MessageDto[] }) {
  const { t } = useTranslation("flows");
  const [open, setOpen] = useState(false);
  const first = meta(messages[0]!);
  return (
    <div className="flex flex-col items-center px-6" data-testid="flow-steps">
      <button type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} className="flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-0.5 text-[0.8125rem] text-muted-foreground hover:bg-muted">
        <Workflow className="size-3.5 text-primary" aria-hidden />
        {t("chatFlow.steps", { count: messages.length, name: first.flowName ?? "" })}
        <ChevronDown className={cn("size-3.5 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {open && (
        <ol className="mt-1 space-y-0.5 text-[0.8125rem] text-muted-foreground" data-testid="flow-steps-list">
          {messages.map((m) => (
            <li key={m.messageId} className="flex gap-2">
              <span>{meta(m).stepName || m.content}</span>
              <span className="text-xs">{formatTime(m.createdAt)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** A run of system lines written by a flow: its events one by one, its steps as one expandable line. */
export function FlowSystemRun({ messages }: { messages: MessageDto[] }) {
  if (messages.every((m) => meta(m).flowEvent === "step")) return <FlowStepsLine messages={messages} />;
  return messages.map((m) => <FlowEventLine key={m.messageId} m={m} />);
}
