import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from "@xyflow/react";
import type { FlowGraph, FlowStep, StepType } from "@worker/features/flows/contract";
import { newStep, type StepDefaults } from "../steps";
import { cloneSteps, connectEdge, pruneEdges, toCanvas, toEdge, toGraph, toNode, type FlowEdge, type StepNode } from "./graph";
import { layoutPositions } from "./layout";
import { useGraphHistory } from "./use-history";

/** The clipboard of copied steps, shared by the editor's tabs of one page (not the system clipboard). */
let clipboard: FlowGraph | null = null;

/** Whether any two measured nodes overlap. */
function overlapping(nodes: readonly StepNode[]) {
  const boxes = nodes.map((n) => ({ x: n.position.x, y: n.position.y, w: n.measured?.width ?? 0, h: n.measured?.height ?? 0 }));
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) return true;
    }
  return false;
}

const sameGraph = (a: FlowGraph, b: FlowGraph) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The canvas state of one flow: nodes and edges as React Flow changes them, the committed graph
 * (what is saved, validated and undone), history, and the editing commands the canvas, the palette,
 * the keyboard and the settings panel call.
 */
export function useFlowEditor(initial: FlowGraph) {
  const [nodes, setNodes] = useState<StepNode[]>(() => toCanvas(initial).nodes);
  const [edges, setEdges] = useState<FlowEdge[]>(() => toCanvas(initial).edges);
  const [graph, setGraph] = useState(initial);
  const [seq, setSeq] = useState(0);
  const history = useGraphHistory(initial);
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  const live = useRef({ nodes, edges });
  live.current = { nodes, edges };

  const commit = useCallback(() => {
    clearTimeout(later.current);
    setSeq((n) => n + 1);
  }, []);
  /** A commit after a pause: typing in the settings, arrow-key nudges. */
  const commitSoon = useCallback(() => {
    clearTimeout(later.current);
    later.current = setTimeout(() => setSeq((n) => n + 1), 400);
  }, []);
  useEffect(() => () => clearTimeout(later.current), []);

  useEffect(() => {
    if (!seq) return;
    const g = toGraph(live.current.nodes, live.current.edges);
    setGraph((prev) => {
      if (sameGraph(prev, g)) return prev;
      history.record(g);
      return g;
    });
  }, [seq, history]);

  /** Bumped when the graph is replaced from history or the server, so open forms start over. */
  const [epoch, setEpoch] = useState(0);
  const show = useCallback((g: FlowGraph) => {
    setEpoch((n) => n + 1);
    const c = toCanvas(g);
    setNodes(c.nodes);
    setEdges(c.edges);
    setGraph(g);
  }, []);

  const onNodesChange = useCallback(
    (changes: NodeChange<StepNode>[]) => {
      setNodes((ns) => applyNodeChanges(changes, ns));
      if (changes.some((c) => c.type === "remove")) {
        const gone = new Set(changes.flatMap((c) => (c.type === "remove" ? [c.id] : [])));
        setEdges((es) => es.filter((e) => !gone.has(e.source) && !gone.has(e.target)));
        commit();
      } else if (changes.some((c) => c.type === "position" && c.dragging === false)) commitSoon();
    },
    [commit, commitSoon],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      setEdges((es) => applyEdgeChanges(changes, es));
      if (changes.some((c) => c.type === "remove")) commit();
    },
    [commit],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      setEdges((es) => connectEdge(es, c));
      commit();
    },
    [commit],
  );

  const addStep = useCallback(
    (type: StepType, name: string, position: { x: number; y: number }, defaults: StepDefaults) => {
      const step = newStep(type, name, position, defaults);
      setNodes((ns) => [...ns.map((n) => (n.selected ? { ...n, selected: false } : n)), toNode(step, true)]);
      commit();
      return step;
    },
    [commit],
  );

  const updateStep = useCallback(
    (stepId: string, patch: Partial<Pick<FlowStep, "name">> & { config?: Record<string, unknown> }) => {
      setNodes((ns) => {
        const next = ns.map((n) => {
          if (n.id !== stepId) return n;
          const step = n.data.step;
          const flowConfig = patch.config ? { ...patch.config, position: step.flowConfig.position } : step.flowConfig;
          return { ...n, data: { step: { ...step, name: patch.name ?? step.name, flowConfig } as FlowStep } };
        });
        setEdges((es) => pruneEdges(next, es));
        return next;
      });
      commitSoon();
    },
    [commitSoon],
  );

  const copy = useCallback(() => {
    const { nodes: ns } = live.current;
    const chosen = ns.filter((n) => n.selected);
    if (!chosen.length) return false;
    const g = toGraph(chosen, live.current.edges);
    clipboard = g;
    return true;
  }, []);
  const paste = useCallback(() => {
    if (!clipboard) return false;
    const copies = cloneSteps(clipboard.steps, clipboard.transitions, { x: 40, y: 40 });
    clipboard = { steps: copies.steps, transitions: copies.transitions };
    setNodes((ns) => [...ns.map((n) => (n.selected ? { ...n, selected: false } : n)), ...copies.steps.map((s) => toNode(s, true))]);
    setEdges((es) => [...es, ...copies.transitions.map(toEdge)]);
    commit();
    return copies.steps.length > 0;
  }, [commit]);

  const autoLayout = useCallback(() => {
    const { nodes: ns, edges: es } = live.current;
    const at = layoutPositions(ns, es);
    setNodes(ns.map((n) => ({ ...n, position: at.get(n.id) ?? n.position })));
    commit();
  }, [commit]);

  /**
   * On opening: a graph whose positions were made for 70×70 nodes (a template, an import, the API)
   * overlaps once the nodes render larger, so it is laid out with the measured sizes. That is the
   * starting point (no undo step); an editor's autosave then stores the positions.
   */
  const layoutIfOverlapping = useCallback(() => {
    const { nodes: ns, edges: es } = live.current;
    if (!overlapping(ns)) return false;
    const at = layoutPositions(ns, es);
    const next = ns.map((n) => ({ ...n, position: at.get(n.id) ?? n.position }));
    setNodes(next);
    const g = toGraph(next, es);
    history.reset(g);
    setGraph(g);
    return true;
  }, [history]);

  const undo = useCallback(() => {
    const g = history.undo();
    if (g) show(g);
  }, [history, show]);
  const redo = useCallback(() => {
    const g = history.redo();
    if (g) show(g);
  }, [history, show]);
  /** After a reload (another tab saved): the server's graph, history forgotten. */
  const replace = useCallback(
    (g: FlowGraph) => {
      history.reset(g);
      show(g);
    },
    [history, show],
  );

  // Only the chosen ids (not every drag frame) change what the settings panel receives.
  const selectedKey = nodes.flatMap((n) => (n.selected ? [n.id] : [])).join(",");
  const selectedStep = nodes.find((n) => n.id === selectedKey)?.data.step ?? null;
  const selected = useMemo(() => (selectedKey ? selectedKey.split(",") : []), [selectedKey]);
  return {
    nodes,
    edges,
    graph,
    selected,
    selectedStep,
    epoch,
    setNodes,
    onNodesChange,
    onEdgesChange,
    onConnect,
    addStep,
    updateStep,
    copy,
    paste,
    autoLayout,
    layoutIfOverlapping,
    undo,
    redo,
    replace,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
  };
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;
