import { useState, type MouseEvent } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { createStore } from "./utils";

/** The default confirmation dialog (SPEC §2.12) as a promise: `if (await confirm()) …`. */
export interface ConfirmOptions {
  title?: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
}

export interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const store = createStore<PendingConfirm | null>(null);
let seq = 0;

export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  // A new question replaces an unanswered one; the old one counts as cancelled.
  store.get()?.resolve(false);
  return new Promise<boolean>((resolve) => {
    store.set({ ...options, id: ++seq, resolve });
  });
}

export function settleConfirm(ok: boolean) {
  const current = store.get();
  if (!current) return;
  store.set(null);
  current.resolve(ok);
}

export const confirmStore = store;

export interface ConfirmButtonProps extends Omit<ButtonProps, "onClick"> {
  confirm?: ConfirmOptions;
  onConfirm: () => unknown;
}

/** A button that asks first (the "confirm directive" of §2.12) and then runs `onConfirm`. */
export function ConfirmButton({ confirm: options, onConfirm, loading, ...props }: ConfirmButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    if (!(await confirm(options))) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return <Button {...props} loading={loading || busy} onClick={onClick} />;
}
