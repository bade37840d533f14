import { useCallback, type Dispatch, type MutableRefObject, type SetStateAction } from "react";
import { applyEdgeChanges, applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from "@xyflow/react";
import type { FlowGraph } from "@worker/features/flows/contract";
import { cloneSteps, connectEdge, toEdge, toGraph, toNode, type FlowEdge, type StepNode } from "./graph";
import { layoutPositions } from "./layout";

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

interface Deps {
  live: MutableRefObject<{ nodes: StepNode[]; edges: FlowEdge[] }>;
  setNodes: Dispatch<SetStateAction<StepNode[]>>;
  setEdges: Dispatch<SetStateAction<FlowEdge[]>>;
  setGraph: Dispatch<SetStateAction<FlowGraph>>;
  commit: () => void;
  /** The history's reset (stable). */
  reset: (g: FlowGraph) => void;
}

/** Copy and paste of the selected steps, the left-to-right layout, and the layout on opening. */
export function useCanvasCommands({ live, setNodes, setEdges, setGraph, commit, reset }: Deps) {
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
    reset(g);
    setGraph(g);
    return true;
  }, [reset]);

  return { copy, paste, autoLayout, layoutIfOverlapping };
}

/**
 * React Flow's changes applied to the canvas state. A removal or a connection is a change of the
 * graph (committed now); a drag's end or an arrow-key nudge is committed after a pause.
 */
export function useCanvasHandlers(setNodes: Deps["setNodes"], setEdges: Deps["setEdges"], commit: () => void, commitSoon: () => void) {
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

  return { onNodesChange, onEdgesChange, onConnect };
}
