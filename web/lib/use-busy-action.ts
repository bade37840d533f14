import { useState } from "react";
import { notify } from "@/lib/notify";

/**
 * One action at a time on a card or row: which one runs (for its button's spinner), a success toast
 * when it worked, and `undefined` when it failed — the API client has already shown why, so the
 * caller only decides what to do with a result.
 */
export function useBusyAction<K extends string = string>() {
  const [busy, setBusy] = useState<K | null>(null);
  const run = async <T>(kind: K, fn: () => Promise<T>, ok?: string): Promise<T | undefined> => {
    setBusy(kind);
    try {
      const r = await fn();
      if (ok) notify({ type: "success", message: ok });
      return r;
    } catch {
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
