import { useTranslation } from "react-i18next";
import { AlertTriangle, CircleCheck, X } from "lucide-react";
import type { FlowStep } from "@worker/features/flows/contract";
import type { EditorIssue } from "../issues";
import { Button } from "@/components/ui/button";
import { issueText } from "./wording";

/**
 * The validation issues as a list, worded in the interface language; an issue on a step selects
 * that step and brings it into view. `stepOf` finds an issue's step in the editor's graph.
 */
export function IssuesPanel({ issues, stepOf, onPick, onClose }: { issues: EditorIssue[]; stepOf: (id: string) => FlowStep | undefined; onPick: (stepId: string) => void; onClose: () => void }) {
  const { t } = useTranslation("flows");
  return (
    <section aria-label={t("editor.issuesTitle")} className="absolute start-3 bottom-3 z-10 max-h-[40%] w-[min(26rem,calc(100%-1.5rem))] overflow-auto rounded-lg border bg-card shadow-lg" data-testid="flow-issues">
      <div className="sticky top-0 flex items-center justify-between border-b bg-card px-3 py-2">
        <h2 className="text-sm font-semibold text-heading">{t("editor.issuesTitle")}</h2>
        <Button variant="ghost" size="icon" className="size-7" onClick={onClose} aria-label={t("editor.closeIssues")}>
          <X aria-hidden />
        </Button>
      </div>
      {issues.length === 0 ? (
        <p className="flex items-center gap-2 px-3 py-3 text-sm text-success">
          <CircleCheck className="size-4" aria-hidden />
          {t("editor.noIssues")}
        </p>
      ) : (
        <ul className="divide-y">
          {issues.map((i, n) => (
            <li key={`${i.stepId ?? ""}:${i.code}:${n}`}>
              <button type="button" disabled={!i.stepId} onClick={() => i.stepId && onPick(i.stepId)} className="flex w-full cursor-pointer items-start gap-2 px-3 py-2 text-start text-sm hover:bg-muted disabled:cursor-default disabled:hover:bg-transparent" data-testid="flow-issue">
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                <span className="min-w-0">
                  {i.stepId && <span className="block text-xs font-medium text-muted-foreground">{stepOf(i.stepId)?.name ?? t("editor.removedStep")}</span>}
                  {issueText(t, i, i.stepId ? stepOf(i.stepId) : undefined)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
