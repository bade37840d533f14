import { useMemo } from "react";
import { validateGraph, type FlowGraph, type FlowRefs } from "@worker/features/flows/contract";
import type { EditorIssue } from "../issues";

const NO_REFS: FlowRefs = { fieldKeys: [], tagIds: [], assistantIds: [], flowIds: [] };

/**
 * The issues to show: the contract's validateGraph on the current graph (at once, before saving),
 * plus what the server answered for this same graph (its save or a refused publish) that the
 * client check did not find. Grouped by step for the nodes.
 */
export function useEditorIssues(graph: FlowGraph, refs: FlowRefs | undefined, server: { graph: FlowGraph; issues: EditorIssue[] } | null) {
  // Until the account's lists are in, references are not checked (an unloaded list is not "missing").
  const local = useMemo(() => (refs ? validateGraph(graph, refs) : validateGraph(graph, NO_REFS).filter((i) => !i.code.startsWith("missing"))), [graph, refs]);
  return useMemo(() => {
    const all: EditorIssue[] = [...local];
    const seen = new Set(local.map((i) => `${i.stepId ?? ""}|${i.code}`));
    if (server && server.graph === graph) for (const i of server.issues) if (!seen.has(`${i.stepId ?? ""}|${i.code}`)) all.push(i);
    const byStep = new Map<string, EditorIssue[]>();
    for (const i of all) if (i.stepId) byStep.set(i.stepId, [...(byStep.get(i.stepId) ?? []), i]);
    return { issues: all, byStep };
  }, [local, server, graph]);
}
