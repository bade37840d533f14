import { createStore } from "@/lib/utils";

/**
 * What the reply box of a conversation has to pick up when it shows (it may have been unmounted,
 * or showing another conversation, when it happened): a reply that did not go out (its text goes
 * back into the box, with why) and a request to take the keyboard focus (the conversation was opened
 * from the list with the keyboard). Keyed by the list's item key (contact and thread).
 */
export interface FailedSend {
  content: string;
  files: File[];
  /** Reused when the same text is sent again, so a reply that did reach the server is not doubled. */
  clientMessageId: string;
  /** A sentence for the box, or null when a snackbar already said why (an answer of the server). */
  message: string | null;
}

const failures = createStore<Record<string, FailedSend[]>>({});
let focusRequest: string | null = null;

export const sendFailureStore = failures;

export function addSendFailure(key: string, failure: FailedSend) {
  failures.set((all) => ({ ...all, [key]: [...(all[key] ?? []), failure] }));
}

/** The failures of a conversation, removed from the store (the box holds them now). */
export function takeSendFailures(key: string): FailedSend[] {
  const mine = failures.get()[key] ?? [];
  if (mine.length) {
    failures.set((all) => {
      const { [key]: _taken, ...rest } = all;
      return rest;
    });
  }
  return mine;
}

/** The conversation `key` was opened with the keyboard: its reply box takes the focus when it shows. */
export function requestComposerFocus(key: string) {
  focusRequest = key;
}

export function takeComposerFocus(key: string): boolean {
  if (focusRequest !== key) return false;
  focusRequest = null;
  return true;
}
