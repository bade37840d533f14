import type { Edge, Node } from "@xyflow/react";
import type { FlowGraph, FlowStep, FlowTransition } from "@worker/features/flows/contract";
import { newId } from "@worker/lib/ids";
import { stepOutputs } from "../steps";

/** A step on the canvas: the node carries the step itself (its position lives in the node). */
export type StepNodeData = { step: FlowStep };
export type StepNode = Node<StepNodeData, "step">;
export type FlowEdge = Edge;

export function toNode(step: FlowStep, selected = false): StepNode {
  return { id: step.flowStepId, type: "step", position: { ...step.flowConfig.position }, data: { step }, selected, deletable: step.stepType !== "start" };
}

export function toEdge(t: FlowTransition): FlowEdge {
  return { id: t.flowTransitionId, source: t.fromStepId, target: t.toStepId, sourceHandle: t.sourceHandle, type: "smoothstep" };
}

export function toCanvas(graph: FlowGraph): { nodes: StepNode[]; edges: FlowEdge[] } {
  return { nodes: graph.steps.map((s) => toNode(s)), edges: graph.transitions.map(toEdge) };
}

/**
 * The graph as the API stores it: each node's position into `flowConfig.position`, and only the
 * transitions whose output still exists (a removed button takes its edge with it) and whose ends do.
 */
export function toGraph(nodes: readonly StepNode[], edges: readonly FlowEdge[]): FlowGraph {
  const steps = nodes.map((n) => ({ ...n.data.step, flowConfig: { ...n.data.step.flowConfig, position: { x: Math.round(n.position.x), y: Math.round(n.position.y) } } }) as FlowStep);
  const outputs = new Map(steps.map((s) => [s.flowStepId, new Set(stepOutputs(s).map((o) => o.id))]));
  const transitions: FlowTransition[] = [];
  const used = new Set<string>();
  for (const e of edges) {
    const handle = e.sourceHandle ?? "next";
    const key = `${e.source}\u0000${handle}`;
    if (!outputs.get(e.source)?.has(handle) || !outputs.has(e.target) || used.has(key)) continue;
    used.add(key);
    transitions.push({ flowTransitionId: e.id, fromStepId: e.source, toStepId: e.target, sourceHandle: handle });
  }
  return { steps, transitions };
}

/** The edges whose output still exists on their source step (after a button or a rule was removed). */
export function pruneEdges(nodes: readonly StepNode[], edges: FlowEdge[]): FlowEdge[] {
  const outputs = new Map(nodes.map((n) => [n.id, new Set(stepOutputs(n.data.step).map((o) => o.id))]));
  const next = edges.filter((e) => outputs.get(e.source)?.has(e.sourceHandle ?? "next") && outputs.has(e.target));
  return next.length === edges.length ? edges : next;
}

/** One output connects to one step: a new edge from a handle replaces the one it had. */
export function connectEdge(edges: FlowEdge[], c: { source: string; target: string; sourceHandle?: string | null }): FlowEdge[] {
  if (c.source === c.target) return edges;
  const handle = c.sourceHandle ?? "next";
  return [...edges.filter((e) => !(e.source === c.source && (e.sourceHandle ?? "next") === handle)), toEdge({ flowTransitionId: newId(), fromStepId: c.source, toStepId: c.target, sourceHandle: handle })];
}

/**
 * Copies of steps (new ids, shifted by `offset`) and of the transitions between them; a start is
 * not copied (a flow has one).
 */
export function cloneSteps(steps: readonly FlowStep[], transitions: readonly FlowTransition[], offset: { x: number; y: number }): FlowGraph {
  const ids = new Map<string, string>();
  const copies: FlowStep[] = [];
  for (const s of steps) {
    if (s.stepType === "start") continue;
    const id = newId();
    ids.set(s.flowStepId, id);
    const cfg = structuredClone(s.flowConfig);
    cfg.position = { x: s.flowConfig.position.x + offset.x, y: s.flowConfig.position.y + offset.y };
    copies.push({ ...s, flowStepId: id, flowConfig: cfg } as FlowStep);
  }
  const links = transitions
    .filter((t) => ids.has(t.fromStepId) && ids.has(t.toStepId))
    .map((t) => ({ ...t, flowTransitionId: newId(), fromStepId: ids.get(t.fromStepId)!, toStepId: ids.get(t.toStepId)! }));
  return { steps: copies, transitions: links };
}
