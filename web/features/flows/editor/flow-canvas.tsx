import { useCallback, useEffect, useMemo, useRef, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { Background, Controls, MiniMap, ReactFlow, useReactFlow, type Node } from "@xyflow/react";
import type { StepType } from "@worker/features/flows/contract";
import { usePreferences } from "@/lib/preferences";
import { STEP_LOOK } from "../steps";
import type { StepNode } from "./graph";
import { DRAG_MIME } from "./palette";
import { NODE_TYPES } from "./step-node";
import type { FlowEditor } from "./use-flow-editor";

const isTyping = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/**
 * Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, Ctrl/Cmd+C copy, Ctrl/Cmd+V paste: on the
 * whole page while the editor is open (a click on the canvas leaves the focus on the page), except
 * in text fields and while a dialog is open.
 */
export function useEditorKeys(editor: FlowEditor, readOnly: boolean) {
  const latest = useRef(editor);
  latest.current = editor;
  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || !(e.ctrlKey || e.metaKey) || document.querySelector("[role=dialog]")) return;
      const ed = latest.current;
      const key = e.key.toLowerCase();
      if (key === "c" && !ed.selected.length) return; // copying page text stays the browser's
      const act = key === "z" ? (e.shiftKey ? ed.redo : ed.undo) : key === "y" ? ed.redo : key === "c" ? ed.copy : key === "v" ? ed.paste : null;
      if (!act) return;
      e.preventDefault();
      act();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [readOnly]);
}

// Stable across renders: an inline `nodeColor` made the minimap redraw all of its nodes on every drag frame.
const minimapColor = (n: Node) => STEP_LOOK[(n as StepNode).data.step.stepType].color;
// Stable props: React Flow copies an option whose identity changed into its store (a store update that
// every node, edge and handle selector re-runs), and an inline object is a new one on every drag frame.
const DELETE_KEYS = ["Delete", "Backspace"];
const MULTI_SELECT_KEYS = ["Meta", "Control"];
const EDGE_OPTIONS = { type: "smoothstep" };
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1 };
const PRO_OPTIONS = { hideAttribution: true };
const onDragOver = (e: DragEvent) => {
  e.preventDefault();
  e.dataTransfer.dropEffect = "move";
};

/**
 * The canvas: React Flow with the step nodes, a minimap, zoom controls and fit view. Steps are
 * dropped from the palette; Delete or Backspace removes the selection (never the start); arrow keys
 * nudge the selected steps; Shift-drag or Ctrl/Cmd-click selects several.
 */
const MINIMAP_SIZE = { width: 160, height: 104 } as const;

export function FlowCanvas({ editor, readOnly, onAddAt }: { editor: FlowEditor; readOnly: boolean; onAddAt: (type: StepType, at: { x: number; y: number }) => void }) {
  const { t } = useTranslation("flows");
  const rf = useReactFlow();
  // React Flow's own light/dark look ("system" follows the OS as the app does); styles.css maps its controls and minimap to the app's colours.
  const colorMode = usePreferences().theme;
  const aria = useMemo(
    () => ({
      "node.a11yDescription.default": t("a11y.node"),
      "node.a11yDescription.keyboardDisabled": t("a11y.nodeNoKeys"),
      "node.a11yDescription.ariaLiveMessage": ({ direction, x, y }: { direction: string; x: number; y: number }) => t("a11y.moved", { direction, x, y }),
      "edge.a11yDescription.default": t("a11y.edge"),
      "controls.ariaLabel": t("a11y.controls"),
      "controls.zoomIn.ariaLabel": t("a11y.zoomIn"),
      "controls.zoomOut.ariaLabel": t("a11y.zoomOut"),
      "controls.fitView.ariaLabel": t("a11y.fitView"),
      "controls.interactive.ariaLabel": t("a11y.interactive"),
      "minimap.ariaLabel": t("a11y.minimap"),
      "handle.ariaLabel": t("a11y.handle"),
    }),
    [t],
  );
  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = e.dataTransfer.getData(DRAG_MIME) as StepType;
      if (!type || readOnly) return;
      e.preventDefault();
      const at = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      onAddAt(type, { x: Math.round(at.x - 35), y: Math.round(at.y - 35) });
    },
    [rf, readOnly, onAddAt],
  );
  return (
    <ReactFlow<StepNode>
      nodes={editor.nodes}
      edges={editor.edges}
      nodeTypes={NODE_TYPES}
      onNodesChange={editor.onNodesChange}
      onEdgesChange={editor.onEdgesChange}
      onConnect={editor.onConnect}
      onDrop={onDrop}
      onDragOver={onDragOver}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      edgesReconnectable={false}
      deleteKeyCode={readOnly ? null : DELETE_KEYS}
      multiSelectionKeyCode={MULTI_SELECT_KEYS}
      selectionKeyCode="Shift"
      defaultEdgeOptions={EDGE_OPTIONS}
      fitView
      fitViewOptions={FIT_VIEW_OPTIONS}
      minZoom={0.1}
      onlyRenderVisibleElements
      proOptions={PRO_OPTIONS}
      ariaLabelConfig={aria}
      colorMode={colorMode}
      data-testid="flow-canvas"
    >
      <Background gap={20} />
      <Controls showInteractive={false} />
      {/*
        The minimap sits in the bottom corner, over the canvas: while a step's settings are open the
        canvas is a panel narrower and the steps worked on reach that corner (their outputs went
        under it), so it is not shown then; otherwise it is small (React Flow's is 200×150).
      */}
      {!editor.selectedStep && <MiniMap pannable zoomable nodeColor={minimapColor} style={MINIMAP_SIZE} className="!hidden sm:!block" />}
    </ReactFlow>
  );
}
