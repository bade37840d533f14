import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, CheckCheck, ChevronRight, Clock3, CornerDownRight, Info, Wrench } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDate, formatTime } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useSystemNoteText } from "@/features/chat/system-note";
import { mediaSrc } from "@/features/chat/utils";
import { CardButtons } from "@/features/products/components/card-buttons";
import { ToolProducts } from "@/features/products/components/tool-products";
import type { TestChatMessage } from "../types";

interface ToolCallMeta {
  tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[];
  tool_call_id?: string;
  name?: string;
  ok?: boolean;
}

function dayLabel(ts: number, t: (k: string) => string): string {
  const d = new Date(ts);
  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  if (d.toDateString() === today.toDateString()) return t("today");
  if (d.toDateString() === yesterday.toDateString()) return t("yesterday");
  return formatDate(d, { long: true });
}

function pretty(raw: string | undefined): string {
  if (!raw) return "";
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

/** Consecutive messages of one side form a group; a date chip separates days (§2.9). */
type Row = { kind: "day"; key: string; label: string } | { kind: "message"; key: string; message: TestChatMessage; first: boolean; last: boolean };

function rowsOf(messages: TestChatMessage[], t: (k: string) => string): Row[] {
  const rows: Row[] = [];
  let day = "";
  const side = (m: TestChatMessage) => (m.messageDirection === "system" || m.isSystem ? "system" : m.messageType === "tool_call" || m.messageType === "tool_result" ? "tool" : m.messageDirection);
  messages.forEach((m, i) => {
    const d = new Date(m.createdAt).toDateString();
    if (d !== day) {
      day = d;
      rows.push({ kind: "day", key: `day-${d}`, label: dayLabel(m.createdAt, t) });
    }
    const prev = messages[i - 1];
    const next = messages[i + 1];
    const sameDayPrev = prev && new Date(prev.createdAt).toDateString() === d;
    const sameDayNext = next && new Date(next.createdAt).toDateString() === d;
    rows.push({
      kind: "message",
      key: m.messageId,
      message: m,
      first: !sameDayPrev || side(prev) !== side(m),
      last: !sameDayNext || side(next) !== side(m),
    });
  });
  return rows;
}

type OpenTool = { name: string; args: string; result: string; ok: boolean };
type MessageRow = Extract<Row, { kind: "message" }>;

/**
 * The test chat's log. In a test chat the tester plays the customer, so the customer's
 * (incoming) messages sit on the right and the assistant's replies on the left.
 */
export function MessageLog({ messages, assistantName }: { messages: TestChatMessage[]; assistantName?: string }) {
  const { t } = useTranslation("testChat");
  const noteText = useSystemNoteText();
  const [openTool, setOpenTool] = useState<OpenTool | null>(null);

  // tool_call_id → the call, so a result can show its arguments too.
  const calls = new Map<string, { name: string; args: string }>();
  for (const m of messages) {
    if (m.messageType !== "tool_call") continue;
    for (const c of (m.metadata as ToolCallMeta).tool_calls ?? []) if (c.id) calls.set(c.id, { name: c.function?.name ?? m.content, args: c.function?.arguments ?? "" });
  }

  return (
    <>
      <ol className="flex flex-col gap-0.5" data-testid="test-chat-log" aria-live="polite">
        {rowsOf(messages, t).map((row) => {
          if (row.kind === "day") {
            return (
              <li key={row.key} className="my-3 flex justify-center">
                <span className="rounded-full bg-secondary/12 px-3 py-0.5 text-[0.75rem] font-medium text-muted-foreground">{row.label}</span>
              </li>
            );
          }
          const m = row.message;
          if (m.messageType === "tool_call") return <ToolCallRow key={row.key} row={row} />;
          if (m.messageType === "tool_result") return <ToolResultRow key={row.key} row={row} calls={calls} onOpen={setOpenTool} />;
          if (m.messageDirection === "system" || m.isSystem) {
            return (
              <li key={row.key} className="my-2 flex justify-center" data-testid="system-message">
                <p className="inline-flex max-w-[90%] items-start gap-1.5 text-center text-[0.8125rem] text-muted-foreground">
                  <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                  <span>{noteText(m)}</span>
                </p>
              </li>
            );
          }
          return <BubbleRow key={row.key} row={row} assistantName={assistantName} />;
        })}
      </ol>
      <ToolResultDialog tool={openTool} onClose={() => setOpenTool(null)} />
    </>
  );
}

function ToolCallRow({ row }: { row: MessageRow }) {
  const { t } = useTranslation("testChat");
  const m = row.message;
  const c = (m.metadata as ToolCallMeta).tool_calls?.[0];
  const name = c?.function?.name ?? m.content;
  return (
    <li className={cn("flex justify-start", row.first && "mt-2")} data-testid="tool-call" data-tool={name}>
      <div className="inline-flex max-w-[85%] items-center gap-1.5 rounded-md border border-dashed border-info/50 bg-info/8 px-2.5 py-1 text-[0.75rem] text-foreground">
        <Wrench className="size-3.5 shrink-0 text-info" aria-hidden />
        <span className="shrink-0 whitespace-nowrap text-muted-foreground">{t("toolCall")}</span>
        <code className="min-w-0 shrink truncate font-semibold">{name}</code>
        {c?.function?.arguments && c.function.arguments !== "{}" && <code className="min-w-0 flex-1 truncate text-muted-foreground">{c.function.arguments}</code>}
      </div>
    </li>
  );
}

function ToolResultRow({ row, calls, onOpen }: { row: MessageRow; calls: Map<string, { name: string; args: string }>; onOpen: (tool: OpenTool) => void }) {
  const { t } = useTranslation("testChat");
  const m = row.message;
  const meta = m.metadata as ToolCallMeta;
  const call = meta.tool_call_id ? calls.get(meta.tool_call_id) : undefined;
  const name = meta.name ?? call?.name ?? "";
  const ok = meta.ok !== false && !/^\{"error"/.test(m.content);
  return (
    <li className={cn("flex flex-col items-start gap-1", row.first && "mt-2")} data-testid="tool-result" data-tool={name}>
      <button
        type="button"
        onClick={() => onOpen({ name, args: call?.args ?? "", result: m.content, ok })}
        // Named by its visible text ("Результат функции search_knowledge"), as a voice user reads it
        // out (axe's label-content-name-mismatch); what a click does is its description.
        title={t("toolShow", { name })}
        className={cn(
          "group inline-flex max-w-[85%] cursor-pointer items-center gap-1.5 rounded-md border border-dashed px-2.5 py-1 text-start text-[0.75rem] transition-colors focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none",
          ok ? "border-success/50 bg-success/8 hover:bg-success/15" : "border-destructive/50 bg-destructive/8 hover:bg-destructive/15",
        )}
      >
        <CornerDownRight className={cn("size-3.5 shrink-0", ok ? "text-success" : "text-destructive")} aria-hidden />
        <span className="shrink-0 whitespace-nowrap text-muted-foreground">{ok ? t("toolResult") : t("toolFailed")}</span>
        <code className="min-w-0 truncate font-semibold text-foreground">{name}</code>
        <ChevronRight className="size-3.5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 rtl:rotate-180" aria-hidden />
      </button>
      {ok && <ToolProducts name={name} content={m.content} className="max-w-[85%] ps-6" />}
    </li>
  );
}

/** A message bubble: the tester's on the right, the assistant's (named on the first of a run) on the left. */
function BubbleRow({ row, assistantName }: { row: MessageRow; assistantName?: string }) {
  const m = row.message;
  const mine = m.messageDirection === "incoming";
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start", row.first && "mt-2")} data-testid={mine ? "tester-message" : "assistant-message"}>
      <div className={cn("flex max-w-[85%] flex-col", mine ? "items-end" : "items-start")}>
        {row.first && !mine && assistantName && <span className="mb-0.5 px-1 text-[0.75rem] font-medium text-muted-foreground">{assistantName}</span>}
        <div
          className={cn(
            "relative rounded-lg px-3 py-1.5 text-[0.9375rem] leading-snug break-words whitespace-pre-wrap shadow-xs",
            mine ? "bg-primary text-primary-foreground" : "bg-muted text-foreground dark:bg-white/8",
            mine ? (row.last ? "rounded-ee-sm" : "") : row.last ? "rounded-es-sm" : "",
            m.pending && "opacity-70",
          )}
        >
          {m.messageType === "image" && m.payloadUrl && <img src={mediaSrc(m.payloadUrl) ?? undefined} alt={m.fileName ?? ""} className="mb-1 block w-56 max-w-full rounded-md bg-muted object-cover" loading="lazy" data-testid="test-chat-image" />}
          <bdi>{m.content}</bdi>
          <span className={cn("ms-2 inline-flex translate-y-0.5 items-center gap-0.5 align-bottom text-[0.6875rem]", mine ? "text-primary-foreground/75" : "text-muted-foreground")}>
            {formatTime(m.createdAt)}
            {mine && (m.pending ? <Clock3 className="size-3" aria-hidden /> : m.isRead ? <CheckCheck className="size-3.5" aria-hidden /> : <Check className="size-3.5" aria-hidden />)}
          </span>
          <CardButtons metadata={m.metadata} tone={mine ? "out" : "in"} />
        </div>
      </div>
    </li>
  );
}

function ToolResultDialog({ tool, onClose }: { tool: OpenTool | null; onClose: () => void }) {
  const { t } = useTranslation("testChat");
  return (
    <Dialog open={!!tool} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[400px] max-w-[500px] gap-4 sm:max-w-[500px] sm:p-6" data-testid="tool-result-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Wrench className="size-5 text-primary" aria-hidden />
            {t("toolDialogTitle", { name: tool?.name ?? "" })}
          </DialogTitle>
          <DialogDescription className="sr-only">{t("toolResult")}</DialogDescription>
        </DialogHeader>
        {tool?.args && tool.args !== "{}" && (
          <section className="grid gap-1.5">
            <h4 className="text-[0.8125rem] font-medium text-muted-foreground">{t("toolArguments")}</h4>
            <pre className="overflow-x-auto rounded-md bg-muted p-3 font-mono text-[0.8125rem] dark:bg-white/6">{pretty(tool.args)}</pre>
          </section>
        )}
        <section className="grid gap-1.5">
          <h4 className="text-[0.8125rem] font-medium text-muted-foreground">{t("toolOutput")}</h4>
          <pre className={cn("overflow-x-auto rounded-md p-3 font-mono text-[0.8125rem] whitespace-pre-wrap", tool?.ok ? "bg-muted dark:bg-white/6" : "bg-destructive/10 text-destructive")}>
            {pretty(tool?.result)}
          </pre>
        </section>
      </DialogContent>
    </Dialog>
  );
}
