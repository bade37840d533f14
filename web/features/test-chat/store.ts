import { useSyncExternalStore } from "react";
import { createStore } from "@/lib/utils";

/**
 * Whether the floating test chat is open, and an assistant another page asked it to start a chat
 * with ("Проверить в тестовом чате" on an assistant card).
 */
export interface TestChatPopupState {
  open: boolean;
  /** Bumped on every request, so asking twice for the same assistant starts over both times. */
  request: { assistantId: string; seq: number } | null;
}

const store = createStore<TestChatPopupState>({ open: false, request: null });
let seq = 0;

export function openTestChat(assistantId?: string) {
  store.set((s) => ({ open: true, request: assistantId ? { assistantId, seq: ++seq } : s.request }));
}

export function closeTestChat() {
  store.set((s) => ({ ...s, open: false }));
}

export function toggleTestChat() {
  store.set((s) => ({ ...s, open: !s.open }));
}

export function consumeTestChatRequest() {
  store.set((s) => ({ ...s, request: null }));
}

export function useTestChatPopup(): TestChatPopupState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
