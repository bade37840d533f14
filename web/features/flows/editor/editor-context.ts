import { createContext, useContext } from "react";
import type { EditorIssue } from "../issues";
import type { FlowStats } from "../api";

/**
 * What the nodes read besides their step: the issues by step and the per-step counts (when the
 * toggle shows them). In a context, so a node's data stays the step alone and a drag re-renders only
 * the node that moves.
 */
export interface CanvasExtras {
  issuesByStep: ReadonlyMap<string, EditorIssue[]>;
  stats: FlowStats["steps"] | null;
  readOnly: boolean;
}

export const CanvasExtrasContext = createContext<CanvasExtras>({ issuesByStep: new Map(), stats: null, readOnly: true });

export const useCanvasExtras = () => useContext(CanvasExtrasContext);
