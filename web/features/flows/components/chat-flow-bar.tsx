import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Play, Square, Workflow } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useAbility } from "@/lib/ability";
import { useBusyAction } from "@/lib/use-busy-action";
import { cn } from "@/lib/utils";
import { chatKeys, type ContactDto } from "@/features/chat/api";
import type { ThreadFlowDto } from "@worker/features/inbox/serialize";
import { flowApi, flowQueries } from "../api";

/** The thread's running flow as the chat payload carries it. */
export const threadFlowOf = (contact: ContactDto): ThreadFlowDto | null => contact.thread?.flow ?? null;

/**
 * The chat header's flow: the running flow (name, step) with Stop and, when paused, Resume; with no
 * flow running, a menu that starts a published flow by hand (its manual trigger). Operators too.
 */
export function ChatFlowBar({ accountId, contact }: { accountId: string; contact: ContactDto }) {
  const { t } = useTranslation("flows");
  const qc = useQueryClient();
  const canRun = useAbility().can("read", "Thread");
  const { busy, run } = useBusyAction<"start" | "stop" | "resume">();
  const thread = contact.thread;
  const flow = threadFlowOf(contact);
  if (!thread || !canRun) return null;
  const act = async (kind: "start" | "stop" | "resume", flowId?: string) => {
    const body = kind === "start" ? { action: "start" as const, flowId: flowId! } : { action: kind };
    const r = await run(kind, () => flowApi.threadFlow(accountId, thread.threadId, body), t(`chatFlow.toasts.${kind}`));
    if (r !== undefined) await qc.invalidateQueries({ queryKey: chatKeys.all(accountId) });
  };
  if (!flow) return <StartFlowMenu accountId={accountId} busy={busy === "start"} onStart={(id) => void act("start", id)} />;
  const paused = flow.status === "paused";
  return (
    <div className={cn("flex min-w-0 items-center gap-1 rounded-md border px-2 py-1 text-[0.8125rem]", paused ? "border-warning/50 bg-warning/8" : "border-primary/40 bg-primary/6")} data-testid="chat-flow" data-status={flow.status}>
      <Workflow className={cn("size-4 shrink-0", paused ? "text-warning" : "text-primary")} aria-hidden />
      <span className="hidden min-w-0 @3xl:block">
        <span className="block max-w-40 truncate font-medium text-heading">{flow.flowName}</span>
        <span className="block max-w-40 truncate text-xs text-muted-foreground">{paused ? t("chatFlow.paused") : t("chatFlow.step", { step: flow.stepName })}</span>
      </span>
      {paused && (
        <IconButton label={t("chatFlow.resume", { name: flow.flowName })} onClick={() => void act("resume")} loading={busy === "resume"} testId="chat-flow-resume">
          <Play aria-hidden />
        </IconButton>
      )}
      <IconButton label={t("chatFlow.stop", { name: flow.flowName })} onClick={() => void act("stop")} loading={busy === "stop"} testId="chat-flow-stop">
        <Square aria-hidden />
      </IconButton>
    </div>
  );
}

function IconButton({ label, onClick, loading, testId, children }: { label: string; onClick: () => void; loading: boolean; testId: string; children: React.ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7" onClick={onClick} loading={loading} aria-label={label} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

/** "Start a flow": the published flows that an operator may start by hand. */
function StartFlowMenu({ accountId, busy, onStart }: { accountId: string; busy: boolean; onStart: (flowId: string) => void }) {
  const { t } = useTranslation("flows");
  const flows = useQuery(flowQueries.published(accountId));
  const manual = (flows.data?.data ?? []).filter((f) => f.triggers.some((tr) => tr.type === "manual"));
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" loading={busy} aria-label={t("chatFlow.start")} data-testid="chat-flow-start">
              <Workflow aria-hidden />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>{t("chatFlow.start")}</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end" className="max-h-80 min-w-56 overflow-y-auto">
        <DropdownMenuLabel>{t("chatFlow.start")}</DropdownMenuLabel>
        {manual.length === 0 ? (
          <p className="max-w-64 px-2 py-1.5 text-[0.8125rem] text-muted-foreground">{flows.isPending ? t("chatFlow.loading") : t("chatFlow.none")}</p>
        ) : (
          manual.map((f) => (
            <DropdownMenuItem key={f.flowId} onSelect={() => onStart(f.flowId)} data-testid="chat-flow-option">
              <Workflow aria-hidden />
              <span className="truncate">{f.name}</span>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
