import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearNotifications, getNotifications, notify, NOTIFICATION_TIMEOUT_MS, removeNotification } from "@/lib/notify";

describe("notification store (SPEC §4, §8, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearNotifications();
  });
  afterEach(() => vi.useRealTimers());

  it("defaults: type error, title Ошибка, position top end, id = current time in ms", () => {
    vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
    const id = notify({ message: "Что-то пошло не так" });
    expect(id).toBe(String(Date.now()));
    expect(getNotifications()).toEqual([{ id, title: "Ошибка", message: "Что-то пошло не так", type: "error", location: "top end" }]);
  });

  it("default titles per type: Успешно, Ошибка, Внимание, Информация", () => {
    notify({ id: "s", message: "m", type: "success" });
    notify({ id: "e", message: "m", type: "error" });
    notify({ id: "w", message: "m", type: "warning" });
    notify({ id: "i", message: "m", type: "info" });
    expect(getNotifications().map((n) => n.title)).toEqual(["Успешно", "Ошибка", "Внимание", "Информация"]);
    notify({ id: "custom", title: "Своё", message: "m", type: "success" });
    expect(getNotifications().at(-1)?.title).toBe("Своё");
  });

  it("is removed automatically after 3 seconds", () => {
    expect(NOTIFICATION_TIMEOUT_MS).toBe(3000);
    notify({ id: "a", message: "m" });
    vi.advanceTimersByTime(2999);
    expect(getNotifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toHaveLength(0);
  });

  it("an existing id is replaced in place and its timer restarts", () => {
    notify({ id: "a", message: "first" });
    notify({ id: "b", message: "other" });
    vi.advanceTimersByTime(2000);
    notify({ id: "a", message: "second", type: "success" });
    expect(getNotifications().map((n) => [n.id, n.message, n.type])).toEqual([
      ["a", "second", "success"],
      ["b", "other", "error"],
    ]);
    vi.advanceTimersByTime(1000); // b reaches 3 s, a only 1 s since its replacement
    expect(getNotifications().map((n) => n.id)).toEqual(["a"]);
    vi.advanceTimersByTime(1999);
    expect(getNotifications().map((n) => n.id)).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(getNotifications()).toEqual([]);
  });

  it("other ids are added, two notices in the same millisecond do not collide", () => {
    vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
    notify({ message: "one" });
    notify({ message: "two" });
    expect(getNotifications().map((n) => n.message)).toEqual(["one", "two"]);
  });

  it("manual removal by id", () => {
    notify({ id: 1, message: "one" });
    notify({ id: 2, message: "two" });
    removeNotification(1);
    expect(getNotifications().map((n) => n.id)).toEqual(["2"]);
    // A removed item's timer does not fire on a later item with the same id.
    vi.advanceTimersByTime(2500);
    notify({ id: 1, message: "again" });
    vi.advanceTimersByTime(600);
    expect(getNotifications().map((n) => n.id)).toEqual(["1"]);
  });
});
