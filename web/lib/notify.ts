import { useSyncExternalStore } from "react";
import { i18n } from "./i18n";
import { createStore } from "./utils";

/** Snackbar notifications (SPEC §4, §9): replace by id, 3 s auto-dismiss, manual removal by id. */
export type NotificationType = "success" | "error" | "warning" | "info";
/** "top end" by default; "top start", "bottom end", "bottom start", "top center", "bottom center" also work. */
export type NotificationLocation = string;

export interface NotificationItem {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  location: NotificationLocation;
  /** A marker for special snackbars, e.g. "authError" for the session-expired one. */
  tag?: string;
}

export interface NotifyInput {
  id?: string | number;
  title?: string;
  message: string;
  type?: NotificationType;
  location?: NotificationLocation;
  tag?: string;
}

export const NOTIFICATION_TIMEOUT_MS = 3000;
export const DEFAULT_NOTIFICATION_LOCATION = "top end";

const store = createStore<NotificationItem[]>([]);
/** What was shown during this visit, newest first (the navbar's notifications menu reads it). */
export interface HistoryItem extends NotificationItem {
  at: number;
  read: boolean;
}
const HISTORY_LIMIT = 30;
const history = createStore<HistoryItem[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function defaultTitle(type: NotificationType): string {
  return i18n.t(`common:notifications.titles.${type}`);
}

function uniqueTimeId(): string {
  // The id defaults to the current time in ms; two calls in one ms must not replace each other.
  let id = String(Date.now());
  let n = 1;
  while (store.get().some((item) => item.id === id)) id = `${Date.now()}-${n++}`;
  return id;
}

export function notify(input: NotifyInput): string {
  const type = input.type ?? "error";
  const id = input.id !== undefined && input.id !== "" ? String(input.id) : uniqueTimeId();
  const item: NotificationItem = {
    id,
    type,
    title: input.title || defaultTitle(type),
    message: input.message,
    location: input.location ?? DEFAULT_NOTIFICATION_LOCATION,
    ...(input.tag ? { tag: input.tag } : {}),
  };
  store.set((items) => {
    const index = items.findIndex((i) => i.id === id);
    if (index === -1) return [...items, item];
    const next = items.slice();
    next[index] = item;
    return next;
  });
  history.set((items) => [{ ...item, at: Date.now(), read: false }, ...items.filter((h) => h.id !== id)].slice(0, HISTORY_LIMIT));
  const previous = timers.get(id);
  if (previous) clearTimeout(previous);
  timers.set(
    id,
    setTimeout(() => removeNotification(id), NOTIFICATION_TIMEOUT_MS),
  );
  return id;
}

export function removeNotification(id: string | number) {
  const key = String(id);
  const timer = timers.get(key);
  if (timer) clearTimeout(timer);
  timers.delete(key);
  if (store.get().some((i) => i.id === key)) store.set((items) => items.filter((i) => i.id !== key));
}

export function clearNotifications() {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  store.set([]);
}

export const getNotifications = store.get;
export const subscribeNotifications = store.subscribe;

export function useNotifications(): NotificationItem[] {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

export function useNotificationHistory(): HistoryItem[] {
  return useSyncExternalStore(history.subscribe, history.get, history.get);
}

export function markHistoryRead() {
  if (history.get().some((h) => !h.read)) history.set((items) => items.map((h) => ({ ...h, read: true })));
}

export function clearHistory() {
  history.set([]);
}
