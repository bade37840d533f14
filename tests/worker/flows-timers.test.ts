import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OVERDUE_DELAY_MS, resumeOverdueDelays } from "../../worker/features/flows/runtime/resume";
import { runFlowTimer } from "../../worker/features/flows/runtime/timer-job";
import { sleep } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";

/**
 * The delay step across a restart whose timer was lost: the run's wait is in D1 only, and the
 * flow-resume job continues a delay well past its due time from there, once (a late timer, or the
 * sweep run again, sends nothing a second time). A delay not yet overdue is left to its timer.
 */
describe("flows: overdue delays", () => {
  it("continues a delay whose timer never came, once; a late timer and a second sweep add nothing", async () => {
    const s = await tgSetup();
    await publishFlow(
      s.accountId,
      "Напоминание",
      graph(
        [step("s", "start", { triggers: [keyword("запись")] }), step("m1", "message", { text: "Напомню через час", buttons: [] }), step("d", "delay", { amount: 1, unit: "hours" }, "Час"), step("m2", "message", { text: "Прошёл час: ждём вас!", buttons: [] }), step("e", "end")],
        [link("s", "m1"), link("m1", "d"), link("d", "m2"), link("m2", "e")],
      ),
    );
    await s.say("запись");
    await s.waitSent(1);
    const waiting = (await s.run())!;
    expect(waiting).toMatchObject({ status: "waiting", step_name: "Час" });
    const wait = JSON.parse(waiting.wait) as { key: string; dueAt: number };

    // Not overdue yet (due, but within the grace its timer has): nothing moves.
    expect(await resumeOverdueDelays(env as never, { now: wait.dueAt + 1000 })).toBe(0);
    expect((await s.run())!.status).toBe("waiting");

    // Long past due and no timer came (the isolate restarted, the queue message was lost): continued from D1.
    expect(await resumeOverdueDelays(env as never, { now: wait.dueAt + OVERDUE_DELAY_MS + 1000 })).toBe(1);
    await s.waitSent(2);
    expect(await s.run()).toMatchObject({ status: "ended", end_reason: expect.any(String) });
    // The real timer arriving late, and the sweep running again: the same turn key, nothing more is sent.
    await runFlowTimer(env as never, { kind: "flow-timer", accountId: s.accountId, threadId: waiting.thread_id, runId: waiting.id, key: wait.key, dueAt: wait.dueAt - 3_600_000 });
    expect(await resumeOverdueDelays(env as never, { now: wait.dueAt + OVERDUE_DELAY_MS + 60_000 })).toBe(0);
    await sleep(1500);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Напомню через час", "Прошёл час: ждём вас!"]);
  });
});
