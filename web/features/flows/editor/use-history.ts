import { useCallback, useRef, useState } from "react";
import type { FlowGraph } from "@worker/features/flows/contract";

const LIMIT = 100;

/**
 * Undo and redo over committed graphs: `record` after each change (a drop, a connection, a drag's
 * end, a settings edit after its pause), `undo`/`redo` return the graph to show, or null.
 */
export function useGraphHistory(initial: FlowGraph) {
  const past = useRef<FlowGraph[]>([]);
  const future = useRef<FlowGraph[]>([]);
  const present = useRef(initial);
  const [, setTick] = useState(0);
  const bump = () => setTick((n) => n + 1);

  const record = useCallback((g: FlowGraph) => {
    past.current = [...past.current.slice(-(LIMIT - 1)), present.current];
    future.current = [];
    present.current = g;
    bump();
  }, []);
  const reset = useCallback((g: FlowGraph) => {
    past.current = [];
    future.current = [];
    present.current = g;
    bump();
  }, []);
  const undo = useCallback((): FlowGraph | null => {
    const prev = past.current.at(-1);
    if (!prev) return null;
    past.current = past.current.slice(0, -1);
    future.current = [present.current, ...future.current];
    present.current = prev;
    bump();
    return prev;
  }, []);
  const redo = useCallback((): FlowGraph | null => {
    const next = future.current[0];
    if (!next) return null;
    future.current = future.current.slice(1);
    past.current = [...past.current, present.current];
    present.current = next;
    bump();
    return next;
  }, []);
  return { record, reset, undo, redo, canUndo: past.current.length > 0, canRedo: future.current.length > 0 };
}
