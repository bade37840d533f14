import { describe, expect, it } from "vitest";
import { addMember, api, env, ownerWithAccount } from "./helpers";
import { modelRequests, scopeToken, scriptModel } from "./ai-helpers";

async function setup() {
  const u = await ownerWithAccount("Анна Тестер", "Пекарня «Колосок»");
  const accountId = u.accountId;
  const a = await api("POST", `/accounts/${accountId}/assistants`, {
    token: u.token,
    body: { name: "Колосок", instructions: "Ты — помощник пекарни.", knowledge: "Хлеб бородинский стоит 90 рублей.\nРаботаем с 8 до 20." },
  });
  return { ...u, accountId, assistantId: a.body.assistantId as string };
}

const send = (s: { token: string; accountId: string; assistantId: string }, message: string, extra: Record<string, unknown> = {}) =>
  api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message?isTestChat=true`, {
    token: s.token,
    body: { assistantId: s.assistantId, contactPlatformUserId: "tester-1", message, name: "Анна Тестер", ...extra },
  });

describe("test chat (playground)", () => {
  it("answers a message with the assistant's reply in the response and keeps the chat", async () => {
    const s = await setup();
    const scope = scopeToken("pg");
    await scriptModel(scope, [{ content: "Бородинский стоит 90 рублей." }]);
    const r = await send(s, `Сколько стоит бородинский? ${scope}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ content: "Бородинский стоит 90 рублей.", status: "answered" });
    expect(r.body.messageId).toBeTruthy();
    expect(r.body.contact).toMatchObject({ name: "Анна Тестер", platform: "WEBCHAT", isTestContact: true, platformUserId: "tester-1" });
    expect(r.body.contact.thread).toMatchObject({ channelId: null, testChatAssistantId: s.assistantId, lastMessage: "Бородинский стоит 90 рублей.", gptStatus: "COMPLETED" });

    const sent = await modelRequests(scope);
    expect(sent).toHaveLength(1);
    const system = sent[0]!.body.messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toContain("Ты — помощник пекарни.");
    expect(system.content).toContain("Хлеб бородинский стоит 90 рублей.");
    expect(sent[0]!.body.messages.at(-1)).toEqual({ role: "user", content: `Сколько стоит бородинский? ${scope}` });
    expect(sent[0]!.body.tools.map((t: any) => t.function.name)).toEqual(["handoff_to_operator", "get_current_datetime", "save_contact_fact"]);

    const list = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ contactId: r.body.contact.contactId, lastMessage: "Бородинский стоит 90 рублей." });
    const found = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats?q=${encodeURIComponent("БОРОДИНСКИЙ")}`, { token: s.token });
    expect(found.body.data).toHaveLength(1);
    const none = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats?q=круассан`, { token: s.token });
    expect(none.body.data).toHaveLength(0);

    const msgs = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats/${r.body.contact.contactId}/messages`, { token: s.token });
    expect(msgs.status).toBe(200);
    expect(msgs.body.data.map((m: any) => [m.messageDirection, m.content])).toEqual([
      ["outgoing", "Бородинский стоит 90 рублей."],
      ["incoming", `Сколько стоит бородинский? ${scope}`],
    ]);
    // a test contact never reaches a messenger: the reply is final at once, nothing is queued as pending
    expect(msgs.body.data[0]).toMatchObject({ senderType: "assistant", deliveryStatus: "sent" });

    // the tokens are counted for the assistant
    const usage = await env.DB.prepare("SELECT requests FROM assistant_token_usage WHERE account_id = ? AND assistant_id = ?").bind(s.accountId, s.assistantId).first<{ requests: number }>();
    expect(usage!.requests).toBe(1);
  });

  it("shows the demo model's tool call in the log and hands the chat to an operator", async () => {
    const s = await setup();
    const r = await send(s, "Позовите, пожалуйста, живого оператора");
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("answered");
    expect(r.body.content).toMatch(/оператор/);
    expect(r.body.handoff).toBe(true);
    expect(r.body.contact.thread.isGptActive).toBe(false);
    const msgs = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats/${r.body.contact.contactId}/messages`, { token: s.token });
    const types = msgs.body.data.map((m: any) => m.messageType).reverse();
    expect(types).toEqual(["text", "tool_call", "tool_result", "text", "text"]);
    const call = msgs.body.data.find((m: any) => m.messageType === "tool_call");
    expect(call.metadata.tool_calls[0]).toMatchObject({ id: expect.any(String), function: { name: "handoff_to_operator", arguments: expect.stringContaining("reason") } });
    const result = msgs.body.data.find((m: any) => m.messageType === "tool_result");
    expect(result.metadata.tool_call_id).toBe(call.metadata.tool_calls[0].id);
    const note = msgs.body.data.find((m: any) => m.messageDirection === "system");
    expect(note.content).toMatch(/передал диалог оператору/);

    // AI is off now: the next message stays unanswered, with a reason for the popup
    const next = await send(s, "Алло?");
    expect(next.body).toMatchObject({ status: "silent", content: null, messageId: null });
    expect(next.body.notice).toMatch(/ИИ выключен/);

    // clearing starts over: no messages, AI on again
    const cleared = await api("DELETE", `/platform-webwidget/accounts/${s.accountId}/test-chats/${r.body.contact.contactId}`, { token: s.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.contact.thread).toMatchObject({ isGptActive: true, lastMessage: null });
    const empty = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats/${r.body.contact.contactId}/messages`, { token: s.token });
    expect(empty.body.data).toHaveLength(0);
    const again = await send(s, "Здравствуйте!");
    expect(again.body.status).toBe("answered");
    expect(again.body.content).toMatch(/Здравствуйте/);
  });

  it("streams the reply as server-sent events", async () => {
    const s = await setup();
    const scope = scopeToken("sse");
    await scriptModel(scope, [{ content: "Мы работаем с восьми утра до восьми вечера." }]);
    const res = await api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message/stream?isTestChat=true`, {
      token: s.token,
      body: { assistantId: s.assistantId, contactPlatformUserId: "tester-2", message: `Когда открыты? ${scope}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = String(res.body)
      .split("\n\n")
      .filter(Boolean)
      .map((block) => ({ event: /event: (.+)/.exec(block)?.[1], data: JSON.parse(/data: (.+)/.exec(block)![1]!) }));
    expect(events[0]!.event).toBe("incoming");
    const deltas = events.filter((e) => e.event === "delta").map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe("Мы работаем с восьми утра до восьми вечера.");
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(done.data).toMatchObject({ status: "answered", content: "Мы работаем с восьми утра до восьми вечера." });
    expect((await modelRequests(scope))[0]!.body.stream).toBe(true);
  });

  it("rejects bad input and other accounts' assistants and chats", async () => {
    const s = await setup();
    const noFlag = await api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message`, { token: s.token, body: { assistantId: s.assistantId, contactPlatformUserId: "x", message: "hi" } });
    expect(noFlag.status).toBe(400);
    const empty = await send(s, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.message).toBeTruthy();
    const missing = await api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message?isTestChat=true`, { token: s.token, body: { message: "hi" } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.details.fields).sort()).toEqual(["assistantId", "contactPlatformUserId"]);

    const other = await setup();
    const foreign = await send({ ...s, assistantId: other.assistantId }, "Привет");
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("ASSISTANT_NOT_FOUND");
    const mine = await send(other, "Привет");
    expect(mine.status).toBe(200);
    // s cannot read or clear other's chat, neither through its own account nor through other's
    const viaOwn = await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats/${mine.body.contact.contactId}/messages`, { token: s.token });
    expect(viaOwn.status).toBe(404);
    const viaOther = await api("DELETE", `/platform-webwidget/accounts/${other.accountId}/test-chats/${mine.body.contact.contactId}`, { token: s.token });
    expect(viaOther.status).toBe(404);
    expect(viaOther.body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats`, { token: s.token })).body.data).toHaveLength(0);
    expect((await api("GET", `/platform-webwidget/accounts/${s.accountId}/test-chats`)).status).toBe(401);

    // an operator may use the test chat
    const op = await addMember(other.token, other.accountId, "operator");
    const byOp = await send({ token: op.token, accountId: other.accountId, assistantId: other.assistantId }, "Добрый день");
    expect(byOp.status).toBe(200);
  });
});
