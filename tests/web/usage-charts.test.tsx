import { cloneElement, type ReactElement } from "react";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Usage } from "@/features/billing-account/api";
import { Charts, UsageCharts } from "@/features/billing-account/components/usage-charts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, stubFetch, stubResizeObserver } from "./support/fixtures";
import { renderWithClient, testQueryClient } from "./support/render";

/**
 * /billing's usage charts: the days are the account's (the server counts them in its time zone and
 * says which are today's), and both charts label the same days, from the range's first one.
 */
vi.mock("recharts", async (original) => ({
  ...(await original<typeof import("recharts")>()),
  // jsdom measures nothing: each chart gets a size of its own.
  ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) => cloneElement(children, { width: 560, height: 240 }),
}));

beforeAll(async () => {
  stubResizeObserver();
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["billing", "common"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const day = (i: number) => new Date(Date.UTC(2026, 9, 30) + i * 86_400_000).toISOString().slice(0, 10);
const usage = {
  from: day(0),
  to: day(29),
  timezone: "Europe/Moscow",
  days: Array.from({ length: 30 }, (_, i) => ({ day: day(i), aiReplies: i, messagesIn: 2 * i, messagesOut: i, broadcastRecipients: 0, tokensIn: 0, tokensOut: 0 })),
  totals: { aiReplies: 435, messagesIn: 870, messagesOut: 435, broadcastRecipients: 0, tokensIn: 0, tokensOut: 0 },
  byModel: [],
  byChannel: [],
} as unknown as Usage;

const xTicks = (figure: HTMLElement) => [...figure.querySelectorAll(".recharts-cartesian-axis-tick-labels text")].map((e) => e.textContent ?? "").filter((t) => /[а-я]/.test(t));

describe("usage charts", () => {
  it("label the same days on both charts, starting with the range's first day", () => {
    render(<Charts usage={usage} />);
    const ai = xTicks(screen.getByTestId("usage-chart-ai"));
    const messages = xTicks(screen.getByTestId("usage-chart-messages"));
    // Every 4th of the 30 days, from the first: the labels do not depend on how wide each chart's text is measured.
    expect(ai).toEqual(["30 окт.", "3 нояб.", "7 нояб.", "11 нояб.", "15 нояб.", "19 нояб.", "23 нояб.", "27 нояб."]);
    expect(messages).toEqual(ai);
  });

  it("ask for the last 30 days of the account, not the browser's UTC dates", async () => {
    const calls = stubFetch(() => jsonResponse(200, usage));
    renderWithClient(testQueryClient(), <UsageCharts accountId="acc-1" />);
    await waitFor(() => expect(calls.length).toBe(1));
    expect(calls[0]!.url).toContain("/api/accounts/acc-1/usage?days=30");
    expect(calls[0]!.url).not.toContain("from=");
  });
});
