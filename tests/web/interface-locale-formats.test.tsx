import { cleanup, render } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fillDays } from "@/features/billing-account/components/usage-charts";
import { wallClock } from "@/features/google-calendar/api";
import { formatMoney } from "@/features/products/money";
import { PromotionPeriod } from "@/features/promotions/components/promotion-bits";
import { i18n } from "@/lib/i18n";

/**
 * Dates and amounts follow the interface language, never the browser's (QA: the billing chart said
 * "Mar 1" to a Russian reader with an English browser, Google Calendar bookings "11/30/2026, 12:00 PM"
 * in English next to "27/11/2026, 15:01", promotions in Russian format for French readers). Each
 * check runs in two languages: a formatter that follows the environment's locale passes at most one.
 */
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const inLanguage = async (lng: string) => {
  await i18n.changeLanguage(lng);
  await i18n.loadNamespaces(["products"]);
};

beforeAll(() => inLanguage("ru"));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("formats of the interface language", () => {
  const usage = { days: [{ day: "2026-03-01", aiReplies: 3, messagesIn: 1, messagesOut: 2, broadcastRecipients: 0 }] } as unknown as Parameters<typeof fillDays>[0];

  it("labels the billing usage chart's days", async () => {
    await inLanguage("ru");
    expect(fillDays(usage, "2026-02-28", "2026-03-01").map((d) => d.label)).toEqual(["28 февр.", "1 мар."]);
    await inLanguage("en");
    expect(fillDays(usage, "2026-02-28", "2026-03-01").map((d) => d.label)).toEqual(["28 Feb", "1 Mar"]);
  });

  it("writes a booking's wall-clock time day first, on a 24-hour clock", async () => {
    await inLanguage("en");
    expect(wallClock("2026-11-30T12:00:00+03:00")).toBe("Mon, 30/11/2026, 12:00");
    expect(wallClock("2026-11-30T15:30:00+03:00")).toBe("Mon, 30/11/2026, 15:30");
    await inLanguage("ru");
    expect(wallClock("2026-11-30T12:00:00+03:00")).toBe("пн, 30.11.2026, 12:00");
  });

  it("writes prices and promotion periods in the reader's format", async () => {
    await inLanguage("ru");
    expect(nbsp(formatMoney(199000))).toBe("1 990,00 ₽");
    await inLanguage("en");
    expect(nbsp(formatMoney(199000))).toBe("₽1,990.00");
    await inLanguage("fr");
    const { container } = render(<PromotionPeriod promotion={{ validFrom: "2026-03-01T07:00:00Z", validTo: null }} timeZone="Europe/Moscow" />);
    expect(nbsp(container.textContent ?? "")).toBe("du 01/03/2026 10:00");
  });
});
