import dagre from "@dagrejs/dagre";
import type { FlowEdge, StepNode } from "./graph";

/** SPEC §9: a node is laid out as 70×70 unless it rendered larger (then its measured size counts). */
export const DEFAULT_NODE_SIZE = 70;

/** Left-to-right layout with dagre: each node's new top-left position, by id. */
export function layoutPositions(nodes: readonly StepNode[], edges: readonly FlowEdge[]): Map<string, { x: number; y: number }> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "LR", nodesep: 40, ranksep: 90, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  const size = (n: StepNode) => ({ width: Math.max(DEFAULT_NODE_SIZE, n.measured?.width ?? n.width ?? 0), height: Math.max(DEFAULT_NODE_SIZE, n.measured?.height ?? n.height ?? 0) });
  for (const n of nodes) g.setNode(n.id, size(n));
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const out = new Map<string, { x: number; y: number }>();
  for (const n of nodes) {
    const p = g.node(n.id);
    const { width, height } = size(n);
    // dagre gives centres; React Flow positions the top-left corner.
    out.set(n.id, { x: Math.round(p.x - width / 2), y: Math.round(p.y - height / 2) });
  }
  return out;
}
