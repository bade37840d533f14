import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Analytics } from "@/features/analytics/api";
import { BroadcastsTable } from "@/features/analytics/components/tables";
import { i18n } from "@/lib/i18n";

/** QA: analytics' «Результаты рассылок» showed «Доставлено 0 (0%) / Прочитано 0 (0%)» for Telegram, which reports neither. */
beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["analytics"]);
});
afterEach(cleanup);

const broadcast = (id: string, channelId: string) => ({ id, name: `Рассылка ${id}`, channelId, startedAt: Date.UTC(2026, 10, 27, 9), status: "completed", total: 4, sent: 4, delivered: 2, read: 1, failed: 0, replied: 1 });

describe("analytics: a broadcast's receipts", () => {
  it("Telegram's delivered and read are «—» with the reason; WhatsApp's are counted", () => {
    const data = {
      filters: { channels: [{ id: "tg", name: "Бот", platform: "TELEGRAM" }, { id: "wa", name: "WhatsApp", platform: "WHATSAPP" }], assistants: [] },
      broadcasts: [{ ...broadcast("1", "tg"), delivered: 0, read: 0 }, broadcast("2", "wa")],
    } as unknown as Analytics;
    render(<BroadcastsTable data={data} />);
    const rows = within(screen.getByTestId("broadcasts-table")).getAllByRole("row").slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(cells(rows[0]!).slice(1)).toEqual(["4", "—", "—", "1 (25%)"]);
    expect(screen.getAllByTestId("broadcast-receipt-unreported")[0]!.getAttribute("title")).toMatch(/Telegram не сообщает о доставке/);
    expect(cells(rows[1]!).slice(1)).toEqual(["4", "2 (50%)", "1 (25%)", "1 (25%)"]);
  });
});
