import { useCallback, useEffect, useRef, useState } from "react";
import type { FlowGraph } from "@worker/features/flows/contract";
import type { EditorIssue } from "../issues";
import { isApiError } from "@/lib/api";
import { flowApi, type GraphSaved } from "../api";

/** What a save left on the server: the graph, its revision and its issues. */
export type SavedGraph = { graph: FlowGraph } & GraphSaved;

export type SaveState = "saved" | "pending" | "saving" | "error" | "conflict";

const DELAY = 800;

/**
 * Drafts save themselves: a committed graph is PUT after a pause with the revision it was based on.
 * One save at a time; a change during a save is saved after it. 409 REVISION_CONFLICT (another tab
 * saved first) stops saving until the user reloads; the server's issues of the latest save are kept.
 * `onSaved`: after each save the server took.
 */
export function useAutosave(accountId: string, flowId: string, graph: FlowGraph, initialRevision: number, enabled: boolean, onSaved?: (saved: SavedGraph) => void) {
  const [state, setState] = useState<SaveState>("saved");
  const [serverIssues, setServerIssues] = useState<{ graph: FlowGraph; issues: EditorIssue[] } | null>(null);
  const revision = useRef(initialRevision);
  const saved = useRef(graph);
  const latest = useRef(graph);
  latest.current = graph;
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopped = useRef(false);
  const savedHook = useRef(onSaved);
  savedHook.current = onSaved;

  const saveNow = useCallback(async (): Promise<void> => {
    if (running.current) {
      await running.current;
      return saveNow();
    }
    const g = latest.current;
    if (g === saved.current || stopped.current) return;
    setState("saving");
    running.current = (async () => {
      try {
        const r = await flowApi.saveGraph(accountId, flowId, { ...g, revision: revision.current });
        revision.current = r.revision;
        saved.current = g;
        setServerIssues({ graph: g, issues: r.issues });
        savedHook.current?.({ ...r, graph: g });
        setState(latest.current === g ? "saved" : "pending");
      } catch (e) {
        if (isApiError(e) && e.status === 409) {
          stopped.current = true;
          setState("conflict");
        } else {
          setState("error");
          if (isApiError(e) && e.status === 400) setServerIssues({ graph: g, issues: issuesOf(e, g) });
        }
      } finally {
        running.current = null;
      }
    })();
    await running.current;
  }, [accountId, flowId]);

  useEffect(() => {
    if (!enabled || stopped.current) return;
    // Back to what the server has (an undo then a redo before the pause ended): nothing to send.
    if (graph === saved.current) return setState((s) => (s === "pending" ? "saved" : s));
    setState((s) => (s === "saving" ? s : "pending"));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveNow(), DELAY);
    return () => clearTimeout(timer.current);
  }, [graph, enabled, saveNow]);

  /** Save what is pending now (before publish or a test run; `now`: the graph just committed); true when the server has the latest graph. */
  const flush = useCallback(async (now?: FlowGraph) => {
    clearTimeout(timer.current);
    if (now) latest.current = now;
    await saveNow();
    return latest.current === saved.current;
  }, [saveNow]);

  /** After a reload: the server's graph and revision are the new base. */
  const rebase = useCallback((g: FlowGraph, rev: number) => {
    stopped.current = false;
    revision.current = rev;
    saved.current = g;
    latest.current = g;
    setServerIssues(null);
    setState("saved");
  }, []);

  useEffect(() => {
    // Leaving with unsaved changes: try once more (the request survives the page's unload poorly, so also warn).
    const warn = (e: BeforeUnloadEvent) => {
      if (latest.current !== saved.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      if (latest.current !== saved.current && !stopped.current) void saveNow();
    };
  }, [saveNow]);

  return { state, serverIssues, flush, rebase, revision };
}

/**
 * The issues a 400 carries: `details.issues` (publish refused), or one per field message of a
 * malformed graph, on its step (`steps.3.flowConfig.text` → the fourth step of `graph`).
 */
export function issuesOf(e: unknown, graph?: FlowGraph): EditorIssue[] {
  if (!isApiError(e)) return [];
  const details = e.body.details as { issues?: EditorIssue[] } | undefined;
  if (Array.isArray(details?.issues)) return details.issues;
  return Object.entries(e.fieldErrors()).map(([path, message]) => {
    const m = /^steps\.(\d+)\./.exec(path);
    const stepId = m ? graph?.steps[Number(m[1])]?.flowStepId : undefined;
    return { stepId, code: "invalid" as const, message };
  });
}
