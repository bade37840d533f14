import { useSyncExternalStore } from "react";
import { createStore } from "./utils";

/**
 * The thin top loading bar (SPEC §4, §9). Route loads and requests in flight call `begin()`/`end()`;
 * the bar starts on the first and finishes when the last one ends.
 */
export const LOADING_BAR = {
  initialProgress: 10,
  initialBuffer: 20,
  tickMs: 800,
  cap: 82,
  capAbove: 80,
  resetDelayMs: 300,
  height: 2,
  zIndex: 9999,
} as const;

export interface LoadingBarState {
  visible: boolean;
  progress: number;
  buffer: number;
}

const store = createStore<LoadingBarState>({ visible: false, progress: 0, buffer: LOADING_BAR.initialBuffer });
let ticker: ReturnType<typeof setInterval> | null = null;
let resetTimer: ReturnType<typeof setTimeout> | null = null;
let inFlight = 0;

const randomBetween = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

function tick() {
  store.set((s) => {
    let progress = s.progress + randomBetween(5, 15);
    if (progress > LOADING_BAR.capAbove) progress = LOADING_BAR.cap;
    const buffer = Math.min(100, s.buffer + randomBetween(6, 16));
    return { ...s, progress, buffer };
  });
}

export function startLoadingBar() {
  if (resetTimer) {
    clearTimeout(resetTimer);
    resetTimer = null;
  }
  if (ticker) clearInterval(ticker);
  store.set({ visible: true, progress: LOADING_BAR.initialProgress, buffer: LOADING_BAR.initialBuffer });
  ticker = setInterval(tick, LOADING_BAR.tickMs);
}

export function finishLoadingBar() {
  if (!store.get().visible) return;
  store.set((s) => ({ ...s, progress: 100 }));
  if (resetTimer) clearTimeout(resetTimer);
  resetTimer = setTimeout(() => {
    if (ticker) clearInterval(ticker);
    ticker = null;
    resetTimer = null;
    store.set({ visible: false, progress: 0, buffer: LOADING_BAR.initialBuffer });
  }, LOADING_BAR.resetDelayMs);
}

/** One more thing is loading; returns the matching `end` (safe to call twice). */
export function beginLoading(): () => void {
  inFlight += 1;
  if (inFlight === 1) startLoadingBar();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) finishLoadingBar();
  };
}

/** Only for tests: forget timers and counters. */
export function resetLoadingBar() {
  if (ticker) clearInterval(ticker);
  if (resetTimer) clearTimeout(resetTimer);
  ticker = null;
  resetTimer = null;
  inFlight = 0;
  store.set({ visible: false, progress: 0, buffer: LOADING_BAR.initialBuffer });
}

export const getLoadingBar = store.get;

export function useLoadingBar(): LoadingBarState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
