import { describe, expect, it } from "vitest";
import { tgTextUpdate } from "../../fakes/telegram";
import { type FakeReply, modelRequests, scriptModel } from "../ai-helpers";
import { connectTelegram, fakeRequests, tgBase, tgWebhook } from "../channel-helpers";
import { api } from "../helpers";
import { accountWithAssistant, runsSettled, sleep, threadsWithMessages } from "./helpers";

/**
 * The model's remote faults (issue #22): a 429 with retry-after, a 500, and an answer that stalls
 * mid-body. Each turn ends answered exactly once (one reply, one send), or failed with its reason in
 * a system note the operators see (and nothing sent).
 */
async function turn(script: FakeReply[], repeatLast = false) {
  const ctx = await accountWithAssistant({ debounceSeconds: 0 });
  await scriptModel(ctx.scope, script, { repeatLast });
  const { bot, secret } = await connectTelegram(ctx.token, ctx.accountId, undefined, { assistantId: ctx.assistantId });
  const chat = 650000 + Math.floor(Math.random() * 100000);
  await tgWebhook(ctx.accountId, secret, tgTextUpdate(Math.floor(Math.random() * 1e8), chat, `Когда откроетесь? ${ctx.scope}`));
  const [run] = await runsSettled(ctx.accountId, 1, 60_000);
  await sleep(1500);
  const [t] = await threadsWithMessages(ctx.accountId);
  const sends = await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/sendMessage` && String(r.body?.chat_id) === String(chat));
  ctx.socket.close();
  return { run: run!, messages: t!.messages, sends, requests: await modelRequests(ctx.scope), frames: ctx.socket.frames };
}

function answeredOnce(r: Awaited<ReturnType<typeof turn>>, text: string) {
  expect(r.run.status).toBe("done");
  expect(r.messages.filter((m) => m.senderType === "assistant").map((m) => [m.content, m.deliveryStatus])).toEqual([[text, "sent"]]);
  expect(r.sends.map((s) => s.body.text)).toEqual([text]);
}

describe("exactly once through the model's faults", () => {
  it("429 with retry-after: waited for, then answered once", async () => {
    const r = await turn([{ status: 429, body: { error: { message: "Rate limit reached", type: "rate_limit_exceeded" } }, headers: { "retry-after": "1" } }, { content: "Открываемся в 10:00." }]);
    answeredOnce(r, "Открываемся в 10:00.");
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]!.at - r.requests[0]!.at).toBeGreaterThanOrEqual(900);
  });

  it("500 once: retried, answered once", async () => {
    const r = await turn([{ status: 500 }, { content: "С 10 до 21." }]);
    answeredOnce(r, "С 10 до 21.");
    expect(r.requests).toHaveLength(2);
  });

  it("500 every time: no reply, nothing sent, the run failed and the operators see why", async () => {
    const r = await turn([{ status: 500 }], true);
    expect(r.run.status).toBe("failed");
    expect(r.messages.filter((m) => m.senderType === "assistant")).toHaveLength(0);
    expect(r.sends).toHaveLength(0);
    const note = r.messages.find((m) => m.direction === "system")!;
    expect(note.content).toMatch(/Ассистент не смог ответить клиенту: Модель ответила ошибкой 500/);
    expect(r.frames.some((f) => f.event === "message" && f.data.messageId === note.id)).toBe(true);
    expect(r.messages.filter((m) => m.direction === "incoming")).toHaveLength(1);
  });

  it("an answer that stalls mid-body: cut after the request timeout, asked again, answered once", async () => {
    const r = await turn([{ hang: true }, { content: "Работаем ежедневно." }]);
    answeredOnce(r, "Работаем ежедневно.");
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1]!.at - r.requests[0]!.at).toBeGreaterThanOrEqual(4500);
  });

  it("a streamed answer (test chat) that stalls after its first words: cut, the turn failed with its reason, the text never repeated", async () => {
    const ctx = await accountWithAssistant({ debounceSeconds: 0 });
    await scriptModel(ctx.scope, [{ hang: true }, { content: "Не должно прийти" }]);
    const res = await api("POST", `/platform-webwidget/accounts/${ctx.accountId}/new-message/stream?isTestChat=true`, {
      token: ctx.token,
      body: { assistantId: ctx.assistantId, contactPlatformUserId: "tester-stall", message: `Когда открыты? ${ctx.scope}` },
    });
    expect(res.status).toBe(200);
    const events = String(res.body)
      .split("\n\n")
      .filter(Boolean)
      .map((block) => ({ event: /event: (.+)/.exec(block)?.[1], data: JSON.parse(/data: (.+)/.exec(block)![1]!) }));
    expect(events.filter((e) => e.event === "delta").map((e) => e.data.text).join("")).toBe("Сейчас");
    expect(events.at(-1)!.data).toMatchObject({ status: "failed" });
    const [run] = await runsSettled(ctx.accountId, 1);
    expect([run!.status, run!.error]).toEqual(["failed", "Модель перестала отвечать посреди ответа (тайм-аут)"]);
    const [t] = await threadsWithMessages(ctx.accountId);
    expect(t!.messages.filter((m) => m.senderType === "assistant")).toHaveLength(0);
    expect(t!.messages.find((m) => m.direction === "system")!.content).toMatch(/перестала отвечать посреди ответа/);
    expect(await modelRequests(ctx.scope)).toHaveLength(1);
    ctx.socket.close();
  });
});
