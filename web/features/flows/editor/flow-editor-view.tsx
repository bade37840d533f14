import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNodesInitialized, useReactFlow } from "@xyflow/react";
import type { StepType } from "@worker/features/flows/contract";
import type { EditorIssue } from "../issues";
import { notify } from "@/lib/notify";
import { flowApi, flowKeys, flowQueries, type Flow } from "../api";
import { errorSentence } from "../use-flow-actions";
import { ConflictDialog } from "./conflict-dialog";
import { CanvasExtrasContext } from "./editor-context";
import { EditorToolbar } from "./editor-toolbar";
import { FlowCanvas, useEditorKeys } from "./flow-canvas";
import { IssuesPanel } from "./issues-panel";
import { Palette } from "./palette";
import { SettingsPanel } from "./settings/settings-panel";
import { TestPanel } from "./test-panel";
import { issuesOf, useAutosave, type SavedGraph } from "./use-autosave";
import { useEditorIssues } from "./use-editor-issues";
import type { StepNode } from "./graph";
import { useFlowEditor } from "./use-flow-editor";
import { useGraphRefs } from "./use-graph-refs";
import { issueText } from "./wording";

const NO_ISSUES: EditorIssue[] = [];

/** The first place at or below `at` where a new node (232×100) does not cover another one. */
function freeSpot(nodes: readonly StepNode[], at: { x: number; y: number }) {
  const hit = (p: { x: number; y: number }) => nodes.some((n) => p.x < n.position.x + (n.measured?.width ?? 232) && n.position.x < p.x + 232 && p.y < n.position.y + (n.measured?.height ?? 100) && n.position.y < p.y + 100);
  const p = { ...at };
  for (let i = 0; i < 12 && hit(p); i++) p.y += 120;
  return p;
}

type Box = { left: number; top: number; right: number; bottom: number };

/**
 * How far to move the canvas (screen pixels) so that `node` lies inside `pane` with `margin` around
 * it; {0, 0} when it already does. A node larger than the pane keeps its start edge in view.
 */
export function revealShift(node: Box, pane: Box, margin = 24): { dx: number; dy: number } {
  const axis = (lo: number, hi: number, min: number, max: number) => (lo < min ? min - lo : hi > max ? Math.max(max - hi, min - lo) : 0);
  return { dx: axis(node.left, node.right, pane.left + margin, pane.right - margin), dy: axis(node.top, node.bottom, pane.top + margin, pane.bottom - margin) };
}

/**
 * The selected step stays in view when its settings open. On a phone they are a bottom sheet over
 * the lower part of the canvas: the step is brought into the part above it. On a wider screen they
 * are a panel beside the canvas, which becomes narrower: a step near its end edge is brought back in.
 */
function useRevealSelected(selectedId: string | undefined) {
  const rf = useReactFlow();
  useEffect(() => {
    if (!selectedId) return;
    if (!window.matchMedia("(min-width: 768px)").matches) {
      const n = rf.getNode(selectedId);
      const box = document.querySelector(".react-flow")?.getBoundingClientRect();
      if (!n || !box) return;
      const zoom = Math.max(rf.getZoom(), 0.8);
      void rf.setCenter(n.position.x + 116, n.position.y + 40 + (box.height * 0.22) / zoom, { zoom, duration: 300 });
      return;
    }
    const frame = requestAnimationFrame(() => {
      const pane = document.querySelector(".react-flow")?.getBoundingClientRect();
      const node = document.querySelector(`.react-flow__node[data-id="${CSS.escape(selectedId)}"]`)?.getBoundingClientRect();
      if (!pane || !node) return;
      const { dx, dy } = revealShift(node, pane);
      if (!dx && !dy) return;
      const vp = rf.getViewport();
      void rf.setViewport({ x: vp.x + dx, y: vp.y + dy, zoom: vp.zoom }, { duration: 300 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, rf]);
}

/**
 * Publish (after saving what is pending) and Test (the draft in the member's test chat). A refusal
 * for issues is told with the first issue worded in the interface language (`word`).
 */
function usePublishAndTest(accountId: string, flow: Flow, flush: () => Promise<boolean>, onRefused: (issues: EditorIssue[]) => void, onTesting: () => void, word: (issue: EditorIssue) => string) {
  const { t } = useTranslation("flows");
  const qc = useQueryClient();
  const [busy, setBusy] = useState<"publish" | "test" | null>(null);
  const publish = async () => {
    setBusy("publish");
    try {
      if (!(await flush())) return notify({ type: "error", message: t("errors.notSaved") });
      await flowApi.publish(accountId, flow.flowId);
      notify({ type: "success", message: t("toasts.published") });
      await qc.invalidateQueries({ queryKey: flowKeys.all(accountId) });
    } catch (e) {
      const issues = issuesOf(e);
      if (issues.length) onRefused(issues);
      const refused = issues.length > 1 ? t("errors.publishRefusedMore", { issue: word(issues[0]!), more: issues.length - 1 }) : issues.length ? t("errors.publishRefused", { issue: word(issues[0]!) }) : null;
      notify({ type: "error", message: refused ?? errorSentence(e, t("errors.publish")) });
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    setBusy("test");
    try {
      if (!(await flush())) return notify({ type: "error", message: t("errors.notSaved") });
      await flowApi.test(accountId, flow.flowId);
      await qc.invalidateQueries({ queryKey: flowKeys.testBot(accountId) });
      onTesting();
    } catch {
      /* the API client said why */
    } finally {
      setBusy(null);
    }
  };
  return { busy, publish, test };
}

/**
 * After a save the flow's card in the cache is what the server now has: the new revision and graph
 * (the editor opened again starts from them, not from a revision the server left behind) and, since
 * the draft now differs from what runs, "unpublished edits" (the toolbar says so and Publish is on).
 */
export function keepCardCurrent(qc: QueryClient, accountId: string, flowId: string, saved: SavedGraph) {
  qc.setQueryData<Flow>(flowKeys.detail(accountId, flowId), (f) => (f ? { ...f, graph: saved.graph, revision: saved.revision, issues: saved.issues, hasUnpublishedChanges: true } : f));
}

/** The editor of one flow: toolbar, palette, canvas, the selected step's settings, the issues. */
export function FlowEditorView({ accountId, flow, readOnly }: { accountId: string; flow: Flow; readOnly: boolean }) {
  // "broadcasts" too: the message step's file field speaks the broadcast composer's words.
  const { t } = useTranslation(["flows", "broadcasts"]);
  const qc = useQueryClient();
  const rf = useReactFlow();
  const editor = useFlowEditor(flow.graph);
  const { lists, refs } = useGraphRefs(accountId, flow.flowId);
  const autosave = useAutosave(accountId, flow.flowId, editor.graph, flow.revision, !readOnly, (saved) => keepCardCurrent(qc, accountId, flow.flowId, saved));
  const [refused, setRefused] = useState<{ graph: typeof editor.graph; issues: EditorIssue[] } | null>(null);
  const { issues, byStep } = useEditorIssues(editor.graph, refs, refused?.graph === editor.graph ? refused : autosave.serverIssues);
  const [showIssues, setShowIssues] = useState(false);
  const [showStats, setShowStats] = useState(false);
  const stats = useQuery({ ...flowQueries.stats(accountId, flow.flowId), enabled: showStats });
  const [testing, setTesting] = useState(false);
  const stepOf = (id: string) => editor.nodes.find((n) => n.id === id)?.data.step;
  const actions = usePublishAndTest(
    accountId,
    flow,
    () => autosave.flush(editor.commitNow()),
    (list) => {
      setRefused({ graph: editor.graph, issues: list });
      setShowIssues(true);
    },
    () => setTesting(true),
    (i) => issueText(t, i, i.stepId ? stepOf(i.stepId) : undefined),
  );
  const extras = useMemo(() => ({ issuesByStep: byStep, stats: showStats ? (stats.data?.steps ?? null) : null, readOnly }), [byStep, showStats, stats.data, readOnly]);
  useEditorKeys(editor, readOnly);
  useRevealSelected(editor.selectedStep?.flowStepId);
  const measured = useNodesInitialized();
  const laidOut = useRef(false);
  useEffect(() => {
    if (!measured || laidOut.current) return;
    laidOut.current = true;
    if (editor.layoutIfOverlapping()) requestAnimationFrame(() => void rf.fitView({ padding: 0.2, maxZoom: 1 }));
  }, [measured, editor, rf]);

  const addAt = useCallback(
    (type: StepType, at: { x: number; y: number }) =>
      editor.addStep(type, t(`stepTypes.${type}`), at, { text: t(`defaults.${type === "question" || type === "booking" ? type : "message"}`), assistantId: lists.assistants[0]?.id, flowId: lists.flows[0]?.id }),
    [editor, t, lists],
  );
  const addInView = (type: StepType) => {
    const el = document.querySelector(".react-flow");
    const box = el?.getBoundingClientRect();
    const at = box ? rf.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    addAt(type, freeSpot(editor.nodes, { x: Math.round(at.x - 116), y: Math.round(at.y - 35) }));
  };
  const pick = (stepId: string) => {
    editor.setNodes((ns) => ns.map((n) => ({ ...n, selected: n.id === stepId })));
    const n = editor.nodes.find((x) => x.id === stepId);
    if (n) void rf.setCenter(n.position.x + 116, n.position.y + 40, { zoom: Math.max(rf.getZoom(), 0.8), duration: 300 });
  };
  // Stable handlers for the memoized toolbar and palette (the view re-renders on every drag frame).
  const latest = useRef({ addInView, actions });
  latest.current = { addInView, actions };
  const onPaletteAdd = useCallback((type: StepType) => latest.current.addInView(type), []);
  const palette = useMemo(() => <Palette onAdd={onPaletteAdd} />, [onPaletteAdd]);
  const onTest = useCallback(() => void latest.current.actions.test(), []);
  const onPublish = useCallback(() => void latest.current.actions.publish(), []);
  const onToggleStats = useCallback(() => setShowStats((s) => !s), []);
  const onToggleIssues = useCallback(() => setShowIssues((s) => !s), []);
  const testPanel = useMemo(() => <TestPanel accountId={accountId} open={testing} onOpenChange={setTesting} />, [accountId, testing]);
  const { setNodes } = editor;
  const deselect = useCallback(() => setNodes((ns) => ns.map((n) => (n.selected ? { ...n, selected: false } : n))), [setNodes]);
  const reload = async () => {
    const fresh = await qc.fetchQuery({ ...flowQueries.detail(accountId, flow.flowId), staleTime: 0 });
    editor.replace(fresh.graph);
    autosave.rebase(fresh.graph, fresh.revision);
  };

  return (
    <CanvasExtrasContext.Provider value={extras}>
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-md bg-card shadow-card bordered:border bordered:border-border bordered:shadow-none" data-testid="flow-editor">
        <EditorToolbar
          accountId={accountId}
          flow={flow}
          readOnly={readOnly}
          save={autosave.state}
          issueCount={issues.length}
          showIssues={showIssues}
          showStats={showStats}
          canUndo={editor.canUndo}
          canRedo={editor.canRedo}
          publishing={actions.busy === "publish"}
          testing={actions.busy === "test"}
          onUndo={editor.undo}
          onRedo={editor.redo}
          onLayout={editor.autoLayout}
          onToggleStats={onToggleStats}
          onToggleIssues={onToggleIssues}
          onTest={onTest}
          onPublish={onPublish}
        />
        <div className="relative flex min-h-0 flex-1 flex-col md:flex-row">
          {!readOnly && palette}
          <div className="relative min-h-0 min-w-0 flex-1 bg-background">
            <FlowCanvas editor={editor} readOnly={readOnly} onAddAt={addAt} />
            {showIssues && <IssuesPanel issues={issues} stepOf={stepOf} onPick={pick} onClose={() => setShowIssues(false)} />}
          </div>
          {editor.selectedStep && <SettingsPanel key={`${editor.selectedStep.flowStepId}:${editor.epoch}`} step={editor.selectedStep} issues={byStep.get(editor.selectedStep.flowStepId) ?? NO_ISSUES} lists={lists} graph={editor.graph} readOnly={readOnly} onChange={editor.updateStep} onClose={deselect} />}
        </div>
      </div>
      <ConflictDialog open={autosave.state === "conflict"} onReload={reload} />
      {!readOnly && testPanel}
    </CanvasExtrasContext.Provider>
  );
}
