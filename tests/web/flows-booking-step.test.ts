import { describe, expect, it } from "vitest";
import { flowGraphSchema, stepOutputs, validateGraph } from "../../worker/features/flows/contract";
import { advance } from "../../worker/features/flows/runtime/engine";
import type { RtGraph, RunView, TurnContext } from "../../worker/features/flows/runtime/types";

/**
 * The booking step in the shared contract (outputs, defaults, references) and in the pure engine
 * (the waits and effects a turn leaves; the calendar's I/O is tests/worker/flows-booking.test.ts).
 */
const pos = { x: 0, y: 0 };
const booking = (cfg: Record<string, unknown> = {}) => ({ flowStepId: "b", name: "Запись", stepType: "booking", flowConfig: { position: pos, text: "Когда вам удобно?", ...cfg } });
const graph = (cfg: Record<string, unknown> = {}) =>
  flowGraphSchema.parse({
    steps: [
      { flowStepId: "s", name: "Старт", stepType: "start", flowConfig: { position: pos, triggers: [] } },
      booking(cfg),
      { flowStepId: "ok", name: "", stepType: "message", flowConfig: { position: pos, text: "Ждём вас: {{var.when}}" } },
      { flowStepId: "e", name: "", stepType: "end", flowConfig: { position: pos } },
    ],
    transitions: [
      { flowTransitionId: "1", fromStepId: "s", toStepId: "b", sourceHandle: "next" },
      { flowTransitionId: "2", fromStepId: "b", toStepId: "ok", sourceHandle: "booked" },
      { flowTransitionId: "3", fromStepId: "b", toStepId: "e", sourceHandle: "failed" },
      { flowTransitionId: "4", fromStepId: "ok", toStepId: "e", sourceHandle: "next" },
    ],
  });

const ctx = (nativeButtons: boolean): TurnContext => ({
  now: 1_000,
  timezone: "Europe/Moscow",
  platform: nativeButtons ? "TELEGRAM" : "WHATSAPP",
  nativeButtons,
  contact: { id: "c1", name: "Иван", platformUsername: null, phone: null, fields: {}, tags: new Set() },
  fieldDefs: new Map([["visit", { id: "f1", type: "date", options: [] }]]),
});
const FRESH: RunView = { stepId: null, stepName: "", status: "running", wait: null, vars: {}, retries: 0 };
const slots = [
  { id: "t1", label: "Пн 02.03, 10:00", start: 1_772_434_800_000 },
  { id: "t2", label: "Пн 02.03, 11:00", start: 1_772_438_400_000 },
];

describe("the booking step", () => {
  it("has the outputs booked and failed, defaults for its numbers, and checks the field it saves into", () => {
    const g = graph({ saveTo: { kind: "field", key: "visit" } });
    const step = g.steps[1]!;
    expect(stepOutputs(step).map((o) => o.handle)).toEqual(["booked", "failed"]);
    expect(step.flowConfig).toMatchObject({ slots: 6, days: 7, zone: "calendar", maxRetries: 2 });
    const refs = { fieldKeys: [] as string[], tagIds: [], assistantIds: [], flowIds: [] };
    expect(validateGraph(g, refs).map((i) => i.code)).toEqual(["missingField"]);
    expect(validateGraph(g, { ...refs, fieldKeys: ["visit"] })).toEqual([]);
    expect(flowGraphSchema.safeParse({ steps: [booking({ slots: 11 })], transitions: [] }).success).toBe(false);
  });

  it("waits for the calendar, offers its slots as a numbered list where there are no buttons, books the one chosen, saves it and goes on along 'booked'", () => {
    const g = graph({ saveTo: { kind: "variable", name: "when" }, zone: "account" }) as unknown as RtGraph;
    const c = ctx(false);
    const entered = advance(g, FRESH, { kind: "start" }, c);
    expect(entered.run.wait).toMatchObject({ kind: "booking", phase: "loading", key: "b:1000" });
    expect(entered.effects.find((e) => e.type === "booking")).toEqual({ type: "booking", op: "offer", key: "b:1000", stepId: "b", count: 6, days: 7, timezone: "Europe/Moscow" });
    const offered = advance(g, entered.run, { kind: "booking", key: "b:1000", result: { status: "slots", slots } }, c);
    const sent = offered.effects.filter((e) => e.type === "send");
    expect(sent.map((e) => e.type === "send" && e.text)).toEqual(["Когда вам удобно?\n\n1. Пн 02.03, 10:00\n2. Пн 02.03, 11:00"]);
    // A result for an earlier visit of the step changes nothing.
    expect(advance(g, offered.run, { kind: "booking", key: "b:1", result: { status: "slots", slots } }, c).changed).toBe(false);
    const chosen = advance(g, offered.run, { kind: "message", text: "2" }, c);
    expect(chosen.effects.find((e) => e.type === "booking")).toMatchObject({ op: "book", start: slots[1]!.start });
    expect(chosen.run.wait).toMatchObject({ phase: "booking" });
    // While it books, the customer's messages wait.
    expect(advance(g, chosen.run, { kind: "message", text: "1" }, c).changed).toBe(false);
    const booked = advance(g, chosen.run, { kind: "booking", key: "b:1000", result: { status: "booked", bookingId: "bk1", label: "02.03.2026 в 11:00", date: "2026-03-02", local: "2026-03-02T11:00:00+03:00" } }, c);
    expect(booked.effects.filter((e) => e.type === "send").map((e) => e.type === "send" && e.text)).toEqual(["Готово! Вы записаны на 02.03.2026 в 11:00.", "Ждём вас: 02.03.2026 в 11:00"]);
    expect(booked.run).toMatchObject({ status: "ended", endReason: "completed", vars: { when: "02.03.2026 в 11:00" } });
  });

  it("re-offers fresh slots when taken meanwhile, re-asks with buttons on a stray reply, and takes 'failed' after the retries or with no calendar", () => {
    const g = graph({ maxRetries: 1, saveTo: { kind: "field", key: "visit" } }) as unknown as RtGraph;
    const c = ctx(true);
    const entered = advance(g, FRESH, { kind: "start" }, c);
    const offered = advance(g, entered.run, { kind: "booking", key: "b:1000", result: { status: "slots", slots } }, c);
    expect(offered.effects.find((e) => e.type === "send")).toMatchObject({ buttons: [{ label: "Пн 02.03, 10:00", data: "fl:t1" }, { label: "Пн 02.03, 11:00", data: "fl:t2" }] });
    const chosen = advance(g, offered.run, { kind: "message", text: "Пн 02.03, 10:00", buttonData: "fl:t1" }, c);
    const taken = advance(g, chosen.run, { kind: "booking", key: "b:1000", result: { status: "taken", slots: [slots[1]!] } }, c);
    expect(taken.effects.find((e) => e.type === "send")).toMatchObject({ text: "Это время только что заняли. Выберите другое:", buttons: [{ data: "fl:t2" }] });
    const stray = advance(g, taken.run, { kind: "message", text: "а вечером?" }, c);
    expect(stray.effects.find((e) => e.type === "send")).toMatchObject({ text: "Выберите время кнопкой или номером из списка", buttons: [{ data: "fl:t2" }] });
    const gaveUp = advance(g, stray.run, { kind: "message", text: "ну не знаю" }, c);
    expect(gaveUp.run).toMatchObject({ status: "ended" });
    expect(gaveUp.effects.some((e) => e.type === "stat" && e.stepId === "b" && e.kind === "completed")).toBe(true);
    const none = advance(g, entered.run, { kind: "booking", key: "b:1000", result: { status: "failed", reason: "notConnected" } }, c);
    expect(none.effects.find((e) => e.type === "send")).toMatchObject({ text: "Не получилось записать вас: попробуйте позже или напишите нам." });
    expect(none.run.status).toBe("ended");
    const booked = advance(g, chosen.run, { kind: "booking", key: "b:1000", result: { status: "booked", bookingId: "bk1", label: "02.03.2026 в 10:00", date: "2026-03-02", local: "2026-03-02T10:00:00+03:00" } }, c);
    expect(booked.effects.find((e) => e.type === "saveField")).toEqual({ type: "saveField", key: "visit", value: "2026-03-02" });
  });
});
