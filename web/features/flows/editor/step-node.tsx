import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle } from "lucide-react";
import type { FlowStep } from "@worker/features/flows/contract";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { STEP_LOOK, stepOutputs, type StepOutput } from "../steps";
import { useCanvasExtras } from "./editor-context";
import type { StepNode as StepNodeType } from "./graph";
import { useStepSummary } from "./step-summary";
import { issueText, outputLabel } from "./wording";

/**
 * A step on the canvas: its type's icon and colour, its name and a line of what it does, an input
 * on the left (not on the start) and one output per button, option, branch, "no answer" or "else"
 * on the right. Issues ring it in red; the counts toggle shows entered / completed / dropped.
 */
function StepNodeView({ data, selected }: NodeProps<StepNodeType>) {
  const { t } = useTranslation("flows");
  const step = data.step;
  const { issuesByStep, stats } = useCanvasExtras();
  const issues = issuesByStep.get(step.flowStepId);
  const look = STEP_LOOK[step.stepType];
  const Icon = look.icon;
  const summary = useStepSummary(step);
  const outputs = stepOutputs(step);
  const counts = stats?.[step.flowStepId];
  return (
    <div
      className={cn(
        "w-[232px] rounded-lg border bg-card text-card-foreground shadow-sm transition-shadow",
        selected ? "border-primary ring-3 ring-primary/25" : "border-border",
        issues && "border-destructive ring-2 ring-destructive/25",
      )}
      style={{ minHeight: 70 }}
      data-testid="flow-node"
      data-step-type={step.stepType}
      data-step-id={step.flowStepId}
      data-issues={issues?.length ?? 0}
      aria-label={`${t(`stepTypes.${step.stepType}`)}: ${step.name}`}
    >
      {step.stepType !== "start" && <Handle type="target" position={Position.Left} className="!size-3 !border-2 !border-card !bg-muted-foreground" />}
      <div className="flex items-start gap-2.5 p-2.5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md text-white" style={{ backgroundColor: look.color }} aria-hidden>
          <Icon className="size-[1.125rem]" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1">
            <span className="truncate text-[0.8125rem] leading-5 font-semibold text-heading">{step.name}</span>
            {issues && (
              <span className="ms-auto flex shrink-0 items-center gap-0.5 text-xs font-medium text-destructive" title={issues.map((i) => issueText(t, i, step)).join("\n")} data-testid="node-issues">
                <AlertTriangle className="size-3.5" aria-hidden />
                {issues.length}
              </span>
            )}
          </div>
          <p className="line-clamp-2 text-xs leading-4 text-muted-foreground">{summary || t(`stepTypes.${step.stepType}`)}</p>
        </div>
      </div>
      {counts && (
        <div className="flex gap-3 border-t px-2.5 py-1 text-[0.6875rem] text-muted-foreground tabular-nums" data-testid="node-stats">
          <span title={t("stats.entered")}>→ {formatNumber(counts.entered)}</span>
          <span title={t("stats.completed")} className="text-success">✓ {formatNumber(counts.completed)}</span>
          <span title={t("stats.dropped")} className="text-destructive">✕ {formatNumber(counts.dropped)}</span>
        </div>
      )}
      {outputs.length > 0 && <Outputs step={step} outputs={outputs} />}
    </div>
  );
}

function Outputs({ step, outputs }: { step: FlowStep; outputs: StepOutput[] }) {
  const { t } = useTranslation("flows");
  const single = outputs.length === 1 && outputs[0]!.kind === "next";
  if (single) return <Handle type="source" id="next" position={Position.Right} className="!size-3 !border-2 !border-card" style={{ backgroundColor: STEP_LOOK[step.stepType].color }} data-testid="handle-next" />;
  return (
    <ul className="border-t py-1">
      {outputs.map((o) => (
        <li key={o.id} className="relative flex h-6 items-center justify-end px-3 text-[0.6875rem] text-muted-foreground">
          <span className="truncate">{outputLabel(t, step, o)}</span>
          <Handle type="source" id={o.id} position={Position.Right} className="!size-2.5 !border-2 !border-card" style={{ backgroundColor: o.kind === "noAnswer" || o.kind === "else" ? "var(--color-muted-foreground)" : STEP_LOOK[step.stepType].color }} data-testid={`handle-${o.id}`} />
        </li>
      ))}
    </ul>
  );
}

export const StepNodeComponent = memo(StepNodeView);
export const NODE_TYPES = { step: StepNodeComponent };
