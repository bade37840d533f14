import { memo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AlertTriangle, ArrowLeft, BarChart3, Check, CloudOff, FlaskConical, LayoutGrid, Loader2, Redo2, Send, Undo2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import type { Flow } from "../api";
import { FlowStatusBadge } from "../components/flow-status-badge";
import type { SaveState } from "./use-autosave";

/**
 * The save state after the flow's name. In a narrow toolbar (the name and the status badges need the
 * room) a state that is fine ("Сохранено", "Сохраняется…") is its icon alone, its words in the
 * tooltip and for screen readers; a failed save keeps its words.
 */
export function SaveIndicator({ state }: { state: SaveState }) {
  const { t } = useTranslation("flows");
  const bad = state === "error" || state === "conflict";
  const icon = state === "saving" || state === "pending" ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : state === "saved" ? <Check className="size-3.5" aria-hidden /> : <CloudOff className="size-3.5" aria-hidden />;
  return (
    <span role="status" title={t(`save.${state}`)} className={cn("inline-flex shrink-0 items-center gap-1 text-[0.8125rem] whitespace-nowrap", bad ? "text-destructive" : "text-muted-foreground")} data-testid="save-state" data-state={state}>
      {icon}
      <span className={bad ? undefined : "sr-only @5xl:not-sr-only"}>{t(`save.${state}`)}</span>
    </span>
  );
}

function IconAction({ label, onClick, disabled, pressed, children, testId }: { label: string; onClick: () => void; disabled?: boolean; pressed?: boolean; children: ReactNode; testId?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" className={cn("size-8", pressed && "bg-primary/12 text-primary")} onClick={onClick} disabled={disabled} aria-label={label} aria-pressed={pressed} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

export interface ToolbarProps {
  accountId: string;
  flow: Flow;
  readOnly: boolean;
  save: SaveState;
  issueCount: number;
  showIssues: boolean;
  showStats: boolean;
  canUndo: boolean;
  canRedo: boolean;
  publishing: boolean;
  testing: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onLayout: () => void;
  onToggleStats: () => void;
  onToggleIssues: () => void;
  onTest: () => void;
  onPublish: () => void;
}

/** Edits the server does not have yet (waiting for the pause, on their way, or refused by a failed save). */
const unsaved = (save: SaveState) => save === "pending" || save === "saving" || save === "error";

/**
 * Whether Publish has something to do: a flow not published (a draft, an archived one), or a
 * published one whose draft changed since (saved, or still to be saved: Publish saves it first).
 */
export function publishable(flow: Pick<Flow, "status" | "hasUnpublishedChanges">, save: SaveState): boolean {
  return flow.status !== "published" || flow.hasUnpublishedChanges || unsaved(save);
}

/** Back to the list, the flow's name and status, the save state, the editing tools, Test and Publish. */
function EditorToolbarView(p: ToolbarProps) {
  const { t } = useTranslation("flows");
  const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";
  const canPublish = publishable(p.flow, p.save);
  const publishHint = p.issueCount > 0 ? t("editor.publishBlocked") : !canPublish ? t("editor.nothingToPublish") : undefined;
  return (
    <div className="@container flex shrink-0 flex-wrap items-center gap-2 border-b bg-card px-2 py-2 sm:px-3" data-testid="flow-toolbar">
      <Button asChild variant="ghost" size="icon" className="size-8">
        <Link to={`/${p.accountId}/flows`} aria-label={t("editor.back")}>
          <ArrowLeft className="rtl:rotate-180" aria-hidden />
        </Link>
      </Button>
      {/* In a narrow toolbar the name has a line of its own, the status and the save state go under it. */}
      <div className="flex min-w-0 flex-1 flex-col items-start gap-x-2 gap-y-0.5 @5xl:flex-row @5xl:items-center">
        <h1 className="max-w-full truncate text-base font-semibold text-heading" data-testid="flow-title">
          {p.flow.name}
        </h1>
        <div className="flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-1">
          <FlowStatusBadge className="contents" status={p.flow.status} changed={p.flow.hasUnpublishedChanges || (!p.readOnly && unsaved(p.save))} />
          {!p.readOnly && <SaveIndicator state={p.save} />}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {!p.readOnly && (
          <>
            <IconAction label={t("editor.undo", { keys: `${mod}+Z` })} onClick={p.onUndo} disabled={!p.canUndo} testId="flow-undo">
              <Undo2 aria-hidden />
            </IconAction>
            <IconAction label={t("editor.redo", { keys: `${mod}+Shift+Z` })} onClick={p.onRedo} disabled={!p.canRedo} testId="flow-redo">
              <Redo2 aria-hidden />
            </IconAction>
            <IconAction label={t("editor.layout")} onClick={p.onLayout} testId="flow-layout">
              <LayoutGrid aria-hidden />
            </IconAction>
          </>
        )}
        <IconAction label={t("editor.stats")} onClick={p.onToggleStats} pressed={p.showStats} testId="flow-stats-toggle">
          <BarChart3 aria-hidden />
        </IconAction>
        <Button variant="ghost" size="sm" className={cn("gap-1.5", p.issueCount ? "text-destructive" : "text-muted-foreground", p.showIssues && "bg-muted")} onClick={p.onToggleIssues} aria-pressed={p.showIssues} data-testid="flow-issues-toggle">
          <AlertTriangle aria-hidden />
          {t("editor.issues", { count: p.issueCount })}
        </Button>
        {!p.readOnly && (
          <>
            <Button variant="outline" size="sm" onClick={p.onTest} loading={p.testing} data-testid="flow-test">
              <FlaskConical aria-hidden />
              {t("editor.test")}
            </Button>
            <Button size="sm" onClick={p.onPublish} loading={p.publishing} disabled={p.issueCount > 0 || !canPublish} title={publishHint} data-testid="flow-publish">
              <Send aria-hidden />
              {t("editor.publish")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** Memoized: the editor re-renders on every drag frame, the toolbar only when its props change. */
export const EditorToolbar = memo(EditorToolbarView);
