import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmDialogHost } from "@/components/confirm-dialog";
import { formatInZone, formatWallTime } from "@/features/broadcasts/account-time";
import type { Broadcast, BroadcastList } from "@/features/broadcasts/api";
import { BroadcastComposer } from "@/features/broadcasts/components/broadcast-composer";
import { BroadcastDetail } from "@/features/broadcasts/components/broadcast-detail";
import { BroadcastProgress } from "@/features/broadcasts/components/broadcast-progress";
import { BroadcastsTable } from "@/features/broadcasts/components/broadcasts-table";
import { MessagePreview } from "@/features/broadcasts/components/message-preview";
import { sampleVars } from "@/features/broadcasts/sample-contact";
import { i18n } from "@/lib/i18n";
import { broadcastDraftDto, jsonResponse as json, stubFetch, stubResizeObserver, type FetchCall } from "./support/fixtures";
import { renderWithClient } from "./support/render";
import { sessionClient, signOut } from "./signed-in";

/**
 * A broadcast's times read on the account's clock in one format everywhere (the composer's
 * confirmation, the list, the page), the zone named where it is not the browser's; Telegram's
 * unreported receipts are «—», not a zero; a broadcast cancelled before sending says so where its
 * recipients would be; the preview marks a free-text field's place instead of writing its label in.
 */
const ACCOUNT = "acc-1";
// Far from any test machine's zone: the browser's clock and the account's differ by hours.
const ZONE = "Asia/Vladivostok";
// 30.11.2026, 12:00 in Vladivostok (UTC+10).
const NOON = "2026-11-30T02:00:00.000Z";
const NOON_MS = Date.parse(NOON);

const COUNTS = { total: 3, queued: 0, sent: 3, delivered: 0, read: 0, failed: 0, skipped: 0, clicks: 0 };
const broadcast = (patch: Partial<Broadcast> & Record<string, unknown>) =>
  ({
    ...broadcastDraftDto({ name: "Распродажа", audience: { filter: {} }, content: { text: "Привет" } }, { channelId: "ch-tg", platform: "TELEGRAM", name: "@uyut_bot" }),
    pacing: { perSecond: 25 },
    ...patch,
  }) as unknown as Broadcast;

let calls: FetchCall[];
let recipients: unknown[];

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["broadcasts", "chat", "contacts", "common", "customFields"]);
  stubResizeObserver();
});
beforeEach(() => {
  recipients = [];
  calls = stubFetch((url) => {
    const path = new URL(url, "http://localhost").pathname;
    if (path === `/api/accounts/${ACCOUNT}`) return json(200, { accountId: ACCOUNT, name: "Уют", timezone: ZONE });
    if (path.endsWith("/broadcast-channels")) return json(200, { data: [{ channelId: "ch-tg", platform: "TELEGRAM", name: "@uyut_bot" }] });
    if (path.endsWith("/broadcast-audience")) return json(200, { channelId: "ch-tg", platform: "TELEGRAM", count: 12, quotaRemaining: 100, planRemaining: 100, packagesRemaining: 0 });
    if (path.endsWith("/broadcast-quota")) return json(200, { remaining: 100, reserved: 0, reservations: [], grants: [] });
    if (path.endsWith("/audience/count")) return json(200, { total: 12, byChannel: { telegram: 12, whatsapp: 0, instagram: 0 } });
    if (path.endsWith("/recipients")) return json(200, { data: recipients, meta: { total: recipients.length, limit: 20, lastPage: 1, page: 1 } });
    return json(200, { data: [], meta: { total: 0, limit: 20, lastPage: 1, page: 1 } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
});

describe("a broadcast's times", () => {
  it("are formatted the one way: an instant on a zone's clock, a typed wall time as typed", () => {
    expect(formatInZone(NOON, ZONE)).toBe("30.11.2026, 12:00");
    expect(formatInZone(NOON, "Europe/Moscow")).toBe("30.11.2026, 05:00");
    expect(formatWallTime("2026-11-30T12:00")).toBe("30.11.2026, 12:00");
  });

  it("the schedule's confirmation repeats the time entered, with the account's zone", async () => {
    renderWithClient(
      sessionClient("owner"),
      <>
        <BroadcastComposer accountId={ACCOUNT} broadcast={null} />
        <ConfirmDialogHost />
      </>,
      { router: true },
    );
    fireEvent.change(await screen.findByLabelText("Название", undefined, { timeout: 10_000 }), { target: { value: "Распродажа" } });
    fireEvent.change(screen.getByLabelText("Текст"), { target: { value: "Скидки до пятницы" } });
    fireEvent.click(screen.getByTestId("schedule-later"));
    fireEvent.change(await screen.findByTestId("schedule-at"), { target: { value: "2026-11-30T12:00" } });
    await waitFor(() => expect(screen.getByText("Часовой пояс аккаунта: Asia/Vladivostok")).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByTestId("broadcast-start")));
    const dialog = await screen.findByTestId("confirm-dialog", undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain("Отправка начнётся 30.11.2026, 12:00 по времени аккаунта (Asia/Vladivostok).");
    expect(dialog.textContent).not.toContain("2026-11-30");
    expect(calls.filter((c) => c.init?.method === "POST")).toEqual([]);
  });

  it("the page shows the scheduled time on the account's clock and names the zone", async () => {
    renderWithClient(sessionClient("owner"), <BroadcastDetail accountId={ACCOUNT} broadcast={broadcast({ status: "scheduled", scheduledAt: NOON_MS, counts: { ...COUNTS, total: 0, sent: 0 } })} onDeleted={() => {}} />, {
      router: true,
    });
    await waitFor(() => expect(screen.getByTestId("broadcast-time-zone").textContent).toBe("Время — по часовому поясу аккаунта: Asia/Vladivostok"));
    expect(screen.getByTestId("broadcast-scheduled-at").textContent).toBe("30.11.2026, 12:00");
  });

  it("the list too, with the zone under the column's title", async () => {
    const list: BroadcastList = { data: [broadcast({ status: "scheduled", scheduledAt: NOON_MS, counts: { ...COUNTS, total: 0, sent: 0 } })], meta: { total: 1, limit: 20, lastPage: 1, page: 1 } } as unknown as BroadcastList;
    function List() {
      const q = useQuery({ queryKey: ["test-list"], queryFn: async () => list });
      return <BroadcastsTable accountId={ACCOUNT} list={q} p={{ page: 1, limit: 20 }} onPage={() => {}} onReset={() => {}} canCreate busyOn={() => false} onAction={() => {}} onDelete={() => {}} />;
    }
    renderWithClient(sessionClient("owner"), <List />, { router: true });
    await waitFor(() => expect(screen.getByTestId("time-zone-label").textContent).toBe("Asia/Vladivostok"));
    expect(screen.getByTestId("broadcast-when").textContent).toBe("30.11.2026, 12:00");
  });
});

describe("a broadcast's results", () => {
  it("Telegram: delivered and read are «—» with the reason, not zeros", () => {
    render(<BroadcastProgress counts={COUNTS} platform="TELEGRAM" />);
    expect(screen.getByTestId("count-delivered").textContent).toBe("—");
    expect(screen.getByTestId("count-read").textContent).toBe("—");
    expect(screen.getByTestId("count-sent").textContent).toBe("3");
    expect(screen.getByTestId("no-receipts").textContent).toBe("Telegram не сообщает о доставке и прочтении: отправленные сообщения остаются в состоянии «Отправлено».");
  });

  it("WhatsApp reports them: its zeros are real", () => {
    render(<BroadcastProgress counts={COUNTS} platform="WHATSAPP" />);
    expect(screen.getByTestId("count-delivered").textContent).toBe("0");
    expect(screen.queryByTestId("no-receipts")).toBeNull();
  });

  it("a broadcast cancelled before sending says so instead of «recipients appear once it starts», without an empty progress", async () => {
    renderWithClient(
      sessionClient("owner"),
      <BroadcastDetail accountId={ACCOUNT} broadcast={broadcast({ status: "cancelled", scheduledAt: NOON_MS, completedAt: NOON_MS, counts: { ...COUNTS, total: 0, sent: 0 } })} onDeleted={() => {}} />,
      { router: true },
    );
    const empty = await screen.findByTestId("recipients-empty");
    expect(empty.textContent).toBe("Рассылка отменена до отправки: сообщения никому не отправлялись");
    expect(screen.queryByTestId("broadcast-progress")).toBeNull();
    expect(screen.queryByTestId("recipients-state-filter")).toBeNull();
    // its end is told as the cancellation
    expect(screen.getByText("Отменена", { selector: "li span" })).toBeTruthy();
    expect(screen.queryByText("Завершена")).toBeNull();
  });

  it("one not started yet still says its recipients come with the start", async () => {
    renderWithClient(sessionClient("owner"), <BroadcastDetail accountId={ACCOUNT} broadcast={broadcast({ status: "scheduled", scheduledAt: NOON_MS, counts: { ...COUNTS, total: 0, sent: 0 } })} onDeleted={() => {}} />, {
      router: true,
    });
    expect((await screen.findByTestId("recipients-empty")).textContent).toBe("Получатели появятся после запуска");
  });
});

describe("the preview's variables", () => {
  const FIELDS = [
    { key: "city", label: "Город", type: "text" as const, options: [] },
    { key: "size", label: "Размер", type: "select" as const, options: ["M", "L"] },
  ];

  it("a free-text field is a marked place named by the field, not its label written in as the value", () => {
    render(<MessagePreview platform="TELEGRAM" text="Привет, {{name}}! Ваш город: {{city}}. Размер {{size}}." buttons={[]} vars={sampleVars("Анна", FIELDS)} />);
    const text = screen.getByTestId("broadcast-preview-text");
    const marks = within(text).getAllByTestId("broadcast-preview-variable");
    expect(marks.map((m) => [m.tagName, m.textContent, m.getAttribute("title")])).toEqual([["MARK", "Город", "Здесь будет значение поля «Город» каждого контакта"]]);
    // the other variables get sample values
    expect(text.textContent).toBe("Привет, Анна! Ваш город: Город. Размер M.");
    expect(screen.getByTestId("broadcast-preview-variables-hint").textContent).toBe("В выделенные места подставятся значения полей каждого контакта.");
  });

  it("without such a field, no marks and no hint", () => {
    render(<MessagePreview platform="WHATSAPP" text="Размер {{size}}" buttons={[{ label: "Каталог" }]} vars={sampleVars("Анна", FIELDS)} />);
    expect(screen.queryByTestId("broadcast-preview-variable")).toBeNull();
    expect(screen.queryByTestId("broadcast-preview-variables-hint")).toBeNull();
    expect(screen.getByTestId("broadcast-preview-text").textContent).toBe("Размер M\n\n1. Каталог");
  });
});
