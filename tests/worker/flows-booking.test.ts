import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { waitFor } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { accountEvents, gc, markBusy, setupCalendar } from "./google-helpers";
import { api } from "./helpers";

/**
 * The flows' booking step through the real chain: a webhook from the fake Telegram → the flow's
 * turn → free slots from the fake Google Calendar as an inline keyboard → the customer's button →
 * freeBusy re-checked and the event inserted with our id → the booking stored (source "flow") →
 * the run goes on along "booked".
 */
const bookingFlow = () =>
  graph(
    [
      step("s", "start", { triggers: [keyword("запись")] }),
      step("b", "booking", { text: "Выберите время, {{name}}:", slots: 3, days: 2, zone: "calendar", bookedText: "", takenText: "", noSlotsText: "", errorText: "", maxRetries: 1, saveTo: { kind: "variable", name: "when" } }, "Запись"),
      step("ok", "message", { text: "Ждём вас: {{var.when}}", buttons: [] }, "Ждём"),
      step("no", "message", { text: "Запишем вас вручную", buttons: [] }, "Вручную"),
      step("e", "end"),
    ],
    [link("s", "b"), link("b", "ok", "booked"), link("b", "no", "failed"), link("ok", "e"), link("no", "e")],
  );

type Button = { text: string; callback_data: string };
const keyboard = (m: { reply_markup?: { inline_keyboard: Button[][] } }) => (m.reply_markup?.inline_keyboard ?? []).map((row) => row[0]!);

describe("flows: the booking step", () => {
  it("offers free slots as Telegram buttons, books the pressed one in Google Calendar, stores it as a flow booking and goes on along 'booked'", async () => {
    const s = await tgSetup();
    await setupCalendar(s, { reminderHours: 0 });
    const receiver = (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).WEBHOOK_RECEIVER_URL!;
    const path = `/hooks/flowbook-${Date.now().toString(36)}`;
    expect((await api("POST", `/accounts/${s.accountId}/webhooks`, { token: s.token, body: { url: `${receiver}${path}`, events: ["booking.created"] } })).status).toBe(201);
    await publishFlow(s.accountId, "Запись", bookingFlow());
    await s.say("запись");
    const [offer] = await s.waitSent(1);
    expect(offer!.text).toBe("Выберите время, Иван:");
    const buttons = keyboard(offer!);
    expect(buttons).toHaveLength(3);
    for (const b of buttons) {
      expect(b.text).toMatch(/^(Пн|Вт|Ср|Чт|Пт|Сб|Вс) \d\d\.\d\d, \d\d:00$/);
      expect(b.callback_data).toMatch(/^fl:t[0-9a-z]+$/);
    }
    expect(await s.run()).toMatchObject({ status: "waiting", step_name: "Запись" });
    expect(JSON.parse((await s.run())!.wait)).toMatchObject({ kind: "booking", phase: "choose" });

    const chosen = buttons[1]!;
    await s.press(chosen.callback_data, chosen.text);
    const sent = await s.waitSent(3);
    const hhmm = /(\d\d:00)$/.exec(chosen.text)![1];
    expect(sent[1]!.text).toMatch(new RegExp(`^Готово! Вы записаны на \\d\\d\\.\\d\\d\\.\\d{4} в ${hhmm}\\.$`));
    expect(sent[2]!.text).toMatch(new RegExp(`^Ждём вас: \\d\\d\\.\\d\\d\\.\\d{4} в ${hhmm}$`));
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run ends");
    expect(await s.run()).toMatchObject({ end_reason: "completed" });

    // One event in Google, with the booking's id, at the pressed slot's time.
    const events = await accountEvents(s.accountId);
    expect(events).toHaveLength(1);
    const t = (await s.thread())!;
    const list = await api("GET", `${gc(s.accountId, "/bookings")}?contactId=${t.contact_id}`, { token: s.token });
    expect(list.body.data).toHaveLength(1);
    const booking = list.body.data[0];
    expect(booking).toMatchObject({ source: "flow", status: "booked", contactId: t.contact_id, threadId: t.id, eventId: events[0]!.id });
    expect(booking.startLocal.slice(11, 16)).toBe(hhmm);
    expect(Date.parse(events[0]!.start.dateTime)).toBe(Date.parse(booking.start));
    const hooks = await waitFor(async () => {
      const all = ((await (await fetch(`${receiver}/__requests`)).json()) as { path: string; body: { type: string; data: { id: string; source: string } } }[]).filter((r) => r.path === path);
      return all.length >= 1 && all;
    }, 15_000);
    expect(hooks[0]!.body).toMatchObject({ type: "booking.created", data: { id: booking.id, source: "flow" } });
  });

  it("re-asks on a reply that is not a slot; a slot taken in Google meanwhile gets fresh slots, and the new choice is booked", async () => {
    const s = await tgSetup();
    await setupCalendar(s, { reminderHours: 0 });
    await publishFlow(s.accountId, "Запись", bookingFlow());
    await s.say("запись");
    const [offer] = await s.waitSent(1);
    const first = keyboard(offer!);
    await s.say("завтра вечером");
    const [, again] = await s.waitSent(2);
    expect(again!.text).toBe("Выберите время кнопкой или номером из списка");
    expect(keyboard(again!).map((b) => b.callback_data)).toEqual(first.map((b) => b.callback_data));

    // Someone takes the first slot directly in Google before the customer presses it.
    const run = await s.run();
    const slot = JSON.parse(run!.wait).slots[0] as { start: number };
    await markBusy(new Date(slot.start).toISOString(), new Date(slot.start + 3_600_000).toISOString());
    await s.press(first[0]!.callback_data, first[0]!.text);
    const [, , taken] = await s.waitSent(3);
    expect(taken!.text).toBe("Это время только что заняли. Выберите другое:");
    const fresh = keyboard(taken!);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.map((b) => b.callback_data)).not.toContain(first[0]!.callback_data);
    expect(await accountEvents(s.accountId)).toHaveLength(0);

    // The digit of the list counts too.
    await s.say("1");
    const sent = await s.waitSent(5);
    expect(sent[3]!.text).toMatch(/^Готово! Вы записаны на /);
    expect(sent[4]!.text).toMatch(/^Ждём вас: /);
    const events = await accountEvents(s.accountId);
    expect(events).toHaveLength(1);
    const hhmm = /(\d\d:00)$/.exec(fresh[0]!.text)![1];
    const rows = await env.DB.prepare("SELECT status, source, start_at FROM calendar_bookings WHERE account_id = ?").bind(s.accountId).all<{ status: string; source: string; start_at: number }>();
    expect(rows.results).toHaveLength(1);
    expect(rows.results[0]).toMatchObject({ status: "booked", source: "flow" });
    expect(rows.results[0]!.start_at).not.toBe(slot.start);
    expect(sent[3]!.text).toContain(`в ${hhmm}`);
  });

  it("without a connected calendar goes along 'failed' with the step's sentence", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "Запись", bookingFlow());
    await s.say("запись");
    const sent = await s.waitSent(2);
    expect(sent.map((m) => m.text)).toEqual(["Не получилось записать вас: попробуйте позже или напишите нам.", "Запишем вас вручную"]);
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run ends");
  });
});
