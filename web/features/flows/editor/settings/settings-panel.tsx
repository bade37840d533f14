import { memo, useMemo, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { AlertTriangle, X } from "lucide-react";
import type { FlowGraph, FlowStep, StepType } from "@worker/features/flows/contract";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import type { EditorIssue } from "../../issues";
import { STEP_LOOK } from "../../steps";
import type { RefLists } from "../use-graph-refs";
import { issueText } from "../wording";
import { TextInputField } from "./fields";
import { BookingForm } from "./booking-form";
import { ActionForm, AiForm, ConditionForm, DelayForm, GotoForm } from "./logic-forms";
import { MessageForm, QuestionForm, type FormProps } from "./message-forms";
import { StartForm } from "./start-form";
import { useStepForm } from "./step-form";

const FORMS: Partial<Record<StepType, ComponentType<FormProps>>> = {
  start: StartForm,
  message: MessageForm,
  question: QuestionForm,
  condition: ConditionForm,
  ai: AiForm,
  action: ActionForm,
  delay: DelayForm,
  goto: GotoForm,
  booking: BookingForm,
};

/** The flow variables questions save answers into (`{{var.x}}` in later texts). */
function flowVariables(graph: FlowGraph): string[] {
  const names = new Set<string>();
  for (const s of graph.steps) if ((s.stepType === "question" || s.stepType === "booking") && s.flowConfig.saveTo?.kind === "variable" && s.flowConfig.saveTo.name) names.add(s.flowConfig.saveTo.name);
  return [...names];
}

/** The selected step's settings: its name, its type's form (the contract's schema), its issues. */
export const SettingsPanel = memo(function SettingsPanel({
  step,
  issues,
  lists,
  graph,
  readOnly,
  onChange,
  onClose,
}: {
  step: FlowStep;
  issues: EditorIssue[];
  lists: RefLists;
  graph: FlowGraph;
  readOnly: boolean;
  onChange: (stepId: string, patch: { name: string; config: Record<string, unknown> }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("flows");
  const form = useStepForm(step, onChange);
  const look = STEP_LOOK[step.stepType];
  const Icon = look.icon;
  const Body = FORMS[step.stepType];
  const variables = useMemo(() => flowVariables(graph), [graph]);
  const vars = useMemo(() => ({ fields: lists.fields, variables }), [lists.fields, variables]);
  return (
    <aside
      aria-label={t("settings.title", { name: step.name })}
      className="absolute inset-x-0 bottom-0 z-20 max-h-[45%] overflow-y-auto rounded-t-xl border-t bg-card shadow-[0_-8px_24px_rgb(0_0_0/0.12)] md:static md:max-h-none md:w-[360px] md:shrink-0 md:rounded-none md:border-s md:border-t-0 md:shadow-none"
      data-testid="step-settings"
      data-step-type={step.stepType}
    >
      <div className="sticky top-0 z-10 flex items-center gap-2 rounded-t-xl border-b bg-card px-4 py-3 md:rounded-none">
        <span className="flex size-7 items-center justify-center rounded-md text-white" style={{ backgroundColor: look.color }} aria-hidden>
          <Icon className="size-4" />
        </span>
        <h2 className="flex-1 truncate text-sm font-semibold text-heading">{t(`stepTypes.${step.stepType}`)}</h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label={t("settings.close")} data-testid="step-settings-close">
          <X aria-hidden />
        </Button>
      </div>
      {issues.length > 0 && (
        <ul className="space-y-1 border-b bg-destructive/6 px-4 py-2 text-[0.8125rem] text-destructive" data-testid="step-issues">
          {issues.map((i, n) => (
            <li key={n} className="flex gap-1.5">
              <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {issueText(t, i, step)}
            </li>
          ))}
        </ul>
      )}
      <Form {...form}>
        <form className="space-y-4 p-4" onSubmit={(e) => e.preventDefault()} noValidate aria-label={t("settings.formLabel")}>
          <TextInputField form={form} name="name" label={t("settings.name")} disabled={readOnly} testId="step-name" />
          {Body && <Body form={form} lists={lists} vars={vars} readOnly={readOnly} />}
          {step.stepType === "end" && <p className="text-[0.8125rem] text-muted-foreground">{t("stepHints.end")}</p>}
        </form>
      </Form>
    </aside>
  );
});
