import { cloneElement, type ReactElement } from "react";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Charts } from "@/features/partners/components/stats-card";
import type { Stats } from "@/features/partners/api";
import { i18n } from "@/lib/i18n";
import { stubResizeObserver } from "./support/fixtures";

/** The partner's statistics charts write their axis numbers in the interface's grouping: «20 000», not «20000». */
vi.mock("recharts", async (original) => ({
  ...(await original<typeof import("recharts")>()),
  // jsdom measures nothing: the chart gets a size of its own.
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 640, height: 260 }),
}));

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["partners"]);
});
afterEach(cleanup);

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("partner statistics charts", () => {
  it("group the digits of the axis ticks", () => {
    const month = (m: string, clicks: number, revenue: number) => ({ month: m, clicks, registrations: 3, payingAccounts: 1, revenueKopecks: revenue, commissionKopecks: revenue / 5 });
    const stats = { months: [month("2026-10", 12000, 1_500_000), month("2026-11", 20000, 2_000_000)] } as unknown as Stats;
    const { container } = render(<Charts stats={stats} />);
    // Every axis's tick labels; the numeric ones are the value axes' (the months read «окт. 26»).
    const ticks = [...container.querySelectorAll(".recharts-cartesian-axis-tick-labels text")].map((e) => nbsp(e.textContent ?? "")).filter((t) => /^[\d ]+$/.test(t));
    expect(ticks.length).toBeGreaterThan(4);
    expect(ticks).toContain("20 000");
    expect(ticks.filter((t) => /\d{4,}/.test(t))).toEqual([]);
  });
});
