import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from "react";
import type { FlowGraph, FlowStep, StepType } from "@worker/features/flows/contract";
import { newStep, type StepDefaults } from "../steps";
import { pruneEdges, toCanvas, toGraph, toNode, type FlowEdge, type StepNode } from "./graph";
import { useCanvasCommands, useCanvasHandlers } from "./use-canvas-commands";
import { useGraphHistory } from "./use-history";

const sameGraph = (a: FlowGraph, b: FlowGraph) => JSON.stringify(a) === JSON.stringify(b);

type Live = MutableRefObject<{ nodes: StepNode[]; edges: FlowEdge[] }>;

/**
 * When the canvas state becomes the graph (saved, validated, undone): now (a removal, a connection),
 * after a pause (typing in the settings, a drag's end, arrow-key nudges), or at once on request.
 */
function useGraphCommits(live: Live, graph: FlowGraph, setGraph: Dispatch<SetStateAction<FlowGraph>>, history: ReturnType<typeof useGraphHistory>) {
  // `record` alone (stable): the history object is new on every render, and an effect that depended on
  // it ran toGraph and compared two whole graphs on every drag frame once anything had been committed.
  const { record } = history;
  const [seq, setSeq] = useState(0);
  const later = useRef<ReturnType<typeof setTimeout>>(undefined);
  const commit = useCallback(() => {
    clearTimeout(later.current);
    setSeq((n) => n + 1);
  }, []);
  const commitSoon = useCallback(() => {
    clearTimeout(later.current);
    later.current = setTimeout(() => setSeq((n) => n + 1), 400);
  }, []);
  useEffect(() => () => clearTimeout(later.current), []);
  const committed = useRef(graph);
  committed.current = graph;
  /** Commits an edit still in its pause now and returns the graph (publish and Test save this one). */
  const commitNow = useCallback((): FlowGraph => {
    clearTimeout(later.current);
    const g = toGraph(live.current.nodes, live.current.edges);
    if (sameGraph(committed.current, g)) return committed.current;
    record(g);
    committed.current = g;
    setGraph(g);
    return g;
  }, [record, live, setGraph]);

  useEffect(() => {
    if (!seq) return;
    const g = toGraph(live.current.nodes, live.current.edges);
    setGraph((prev) => {
      if (sameGraph(prev, g)) return prev;
      record(g);
      return g;
    });
  }, [seq, record, live, setGraph]);
  return { commit, commitSoon, commitNow };
}

/**
 * The canvas state of one flow: nodes and edges as React Flow changes them, the committed graph
 * (what is saved, validated and undone), history, and the editing commands the canvas, the palette,
 * the keyboard and the settings panel call.
 */
export function useFlowEditor(initial: FlowGraph) {
  const [nodes, setNodes] = useState<StepNode[]>(() => toCanvas(initial).nodes);
  const [edges, setEdges] = useState<FlowEdge[]>(() => toCanvas(initial).edges);
  const [graph, setGraph] = useState(initial);
  const history = useGraphHistory(initial);
  const live = useRef({ nodes, edges });
  live.current = { nodes, edges };
  const { commit, commitSoon, commitNow } = useGraphCommits(live, graph, setGraph, history);

  /** Bumped when the graph is replaced from history or the server, so open forms start over. */
  const [epoch, setEpoch] = useState(0);
  const show = useCallback((g: FlowGraph) => {
    setEpoch((n) => n + 1);
    const c = toCanvas(g);
    setNodes(c.nodes);
    setEdges(c.edges);
    setGraph(g);
  }, []);

  const { onNodesChange, onEdgesChange, onConnect } = useCanvasHandlers(setNodes, setEdges, commit, commitSoon);

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

  const { copy, paste, autoLayout, layoutIfOverlapping } = useCanvasCommands({ live, setNodes, setEdges, setGraph, commit, reset: history.reset });

  // The history's functions are stable (its object is not): callbacks that do not change on a drag frame keep the toolbar's memo.
  const { undo: back, redo: forward, reset } = history;
  const undo = useCallback(() => {
    const g = back();
    if (g) show(g);
  }, [back, show]);
  const redo = useCallback(() => {
    const g = forward();
    if (g) show(g);
  }, [forward, show]);
  /** After a reload (another tab saved): the server's graph, history forgotten. */
  const replace = useCallback(
    (g: FlowGraph) => {
      reset(g);
      show(g);
    },
    [reset, show],
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
    commitNow,
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
