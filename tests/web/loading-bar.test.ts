import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { beginLoading, finishLoadingBar, getLoadingBar, LOADING_BAR, resetLoadingBar, startLoadingBar } from "@/lib/loading-bar";

describe("loading bar (SPEC §4, §9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetLoadingBar();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("starts visible at progress 10 and buffer 20", () => {
    startLoadingBar();
    expect(getLoadingBar()).toEqual({ visible: true, progress: 10, buffer: 20 });
    expect(LOADING_BAR).toMatchObject({ height: 2, zIndex: 9999, tickMs: 800 });
  });

  it("grows progress by 5..15 and buffer by 6..16 every 800 ms", () => {
    const random = vi.spyOn(Math, "random");
    startLoadingBar();
    random.mockReturnValue(0); // the smallest step
    vi.advanceTimersByTime(799);
    expect(getLoadingBar().progress).toBe(10);
    vi.advanceTimersByTime(1);
    expect(getLoadingBar()).toMatchObject({ progress: 15, buffer: 26 });
    random.mockReturnValue(0.999999); // the largest step
    vi.advanceTimersByTime(800);
    expect(getLoadingBar()).toMatchObject({ progress: 30, buffer: 42 });
  });

  it("caps progress at 82 once it goes above 80", () => {
    vi.spyOn(Math, "random").mockReturnValue(0.999999);
    startLoadingBar();
    // 10 → 25 → 40 → 55 → 70 → 85 (> 80) → 82
    vi.advanceTimersByTime(800 * 4);
    expect(getLoadingBar().progress).toBe(70);
    vi.advanceTimersByTime(800);
    expect(getLoadingBar().progress).toBe(82);
    vi.advanceTimersByTime(800 * 10);
    expect(getLoadingBar().progress).toBe(82);
    expect(getLoadingBar().buffer).toBeLessThanOrEqual(100);
  });

  it("finish goes to 100, then after 300 ms resets to 0/20 and hides", () => {
    startLoadingBar();
    vi.advanceTimersByTime(1600);
    finishLoadingBar();
    expect(getLoadingBar()).toMatchObject({ visible: true, progress: 100 });
    vi.advanceTimersByTime(299);
    expect(getLoadingBar().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getLoadingBar()).toEqual({ visible: false, progress: 0, buffer: 20 });
    // The ticker stopped: nothing moves any more.
    vi.advanceTimersByTime(5000);
    expect(getLoadingBar()).toEqual({ visible: false, progress: 0, buffer: 20 });
  });

  it("is driven by overlapping loads: shows on the first, finishes after the last", () => {
    const endA = beginLoading();
    const endB = beginLoading();
    expect(getLoadingBar().visible).toBe(true);
    endA();
    endA(); // ending twice counts once
    vi.advanceTimersByTime(1000);
    expect(getLoadingBar().visible).toBe(true);
    expect(getLoadingBar().progress).toBeLessThan(100);
    endB();
    expect(getLoadingBar().progress).toBe(100);
    vi.advanceTimersByTime(300);
    expect(getLoadingBar().visible).toBe(false);
  });

  it("a new start during the 300 ms finish keeps the bar up", () => {
    startLoadingBar();
    finishLoadingBar();
    vi.advanceTimersByTime(200);
    startLoadingBar();
    vi.advanceTimersByTime(200);
    expect(getLoadingBar()).toMatchObject({ visible: true });
    expect(getLoadingBar().progress).toBeLessThan(100);
  });
});
