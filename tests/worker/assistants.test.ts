import { describe, expect, it } from "vitest";
import { addMember, api, env, ownerWithAccount } from "./helpers";
import { modelRequests, scopeToken, scriptModel } from "./ai-helpers";

const owner = () => ownerWithAccount("Владелец", "Салон «Лотос»");

describe("account assistants", () => {
  it("creates with defaults (built-in tools on), lists, reads, updates and deletes", async () => {
    const o = await owner();
    const created = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Администратор салона" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Администратор салона",
      model: "gpt-4.1-mini",
      language: "ru",
      debounceSeconds: 0,
      isActive: true,
      tools: ["handoff_to_operator", "get_current_datetime", "save_contact_fact"],
    });
    const id = created.body.assistantId as string;

    const list = await api("GET", `/accounts/${o.accountId}/assistants`, { token: o.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 1, page: 1 });
    expect(list.body.data[0].assistantId).toBe(id);

    const search = await api("GET", `/accounts/${o.accountId}/assistants?q=${encodeURIComponent("АДМИНИСТРАТОР")}`, { token: o.token });
    expect(search.body.data).toHaveLength(1);
    const miss = await api("GET", `/accounts/${o.accountId}/assistants?q=склад`, { token: o.token });
    expect(miss.body.data).toHaveLength(0);

    const patch = await api("PATCH", `/accounts/${o.accountId}/assistants/${id}`, {
      token: o.token,
      body: { model: "gpt-4o-mini", knowledge: "Стрижка — 1500 ₽", debounceSeconds: 5, handoffKeywords: ["Жалоба", "жалоба"], tools: ["get_current_datetime"] },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.message).toBe("Ассистент успешно обновлен!");
    expect(patch.body).toMatchObject({ model: "gpt-4o-mini", knowledge: "Стрижка — 1500 ₽", debounceSeconds: 5, handoffKeywords: ["жалоба"], tools: ["get_current_datetime"] });

    const got = await api("GET", `/accounts/${o.accountId}/assistants/${id}`, { token: o.token });
    expect(got.body.model).toBe("gpt-4o-mini");

    const del = await api("DELETE", `/accounts/${o.accountId}/assistants/${id}`, { token: o.token });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe("Ассистент успешно удален!");
    expect((await api("GET", `/accounts/${o.accountId}/assistants/${id}`, { token: o.token })).status).toBe(404);
  });

  it("rejects bad input with field messages", async () => {
    const o = await owner();
    const bad = await api("POST", `/accounts/${o.accountId}/assistants`, {
      token: o.token,
      body: { name: " ", model: "gpt 5", temperature: 3, debounceSeconds: 61, tools: ["rm_rf"], maxReplyTokens: 10 },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.fields;
    for (const f of ["name", "model", "temperature", "debounceSeconds", "tools.0", "maxReplyTokens"]) expect(fields[f], f).toBeTruthy();
    expect(fields.model[0]).toMatch(/без пробелов/);

    const ok = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Ок" } });
    const empty = await api("PATCH", `/accounts/${o.accountId}/assistants/${ok.body.assistantId}`, { token: o.token, body: {} });
    expect(empty.status).toBe(400);
    const malformed = await api("PATCH", `/accounts/${o.accountId}/assistants/${ok.body.assistantId}`, { token: o.token, raw: "{nope" });
    expect(malformed.status).toBe(400);
  });

  it("never shows or changes another account's assistant", async () => {
    const a = await owner();
    const b = await owner();
    const mine = await api("POST", `/accounts/${a.accountId}/assistants`, { token: a.token, body: { name: "Чужой" } });
    const id = mine.body.assistantId;
    // b through its own account: the assistant does not exist there
    expect((await api("GET", `/accounts/${b.accountId}/assistants/${id}`, { token: b.token })).status).toBe(404);
    expect((await api("PATCH", `/accounts/${b.accountId}/assistants/${id}`, { token: b.token, body: { name: "Взлом" } })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${b.accountId}/assistants/${id}`, { token: b.token })).status).toBe(404);
    expect((await api("GET", `/accounts/${b.accountId}/assistants`, { token: b.token })).body.data).toHaveLength(0);
    // b through a's account: not a member → 404 as if the account did not exist
    const direct = await api("GET", `/accounts/${a.accountId}/assistants`, { token: b.token });
    expect(direct.status).toBe(404);
    expect(direct.body.code).toBe("ACCOUNT_NOT_FOUND");
    expect((await api("GET", `/accounts/${a.accountId}/assistants/${id}`, { token: a.token })).body.name).toBe("Чужой");
  });

  it("lets an operator read but not change assistants", async () => {
    const o = await owner();
    const op = await addMember(o.token, o.accountId, "operator");
    const a = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Ассистент" } });
    expect((await api("GET", `/accounts/${o.accountId}/assistants`, { token: op.token })).body.data).toHaveLength(1);
    expect((await api("PATCH", `/accounts/${o.accountId}/assistants/${a.body.assistantId}`, { token: op.token, body: { name: "x" } })).status).toBe(403);
    expect((await api("POST", `/accounts/${o.accountId}/assistants`, { token: op.token, body: { name: "x" } })).status).toBe(403);
  });

  it("generates instructions from a business description through the model and records the tokens", async () => {
    const o = await owner();
    const a = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Лотос" } });
    const id = a.body.assistantId;
    const scope = scopeToken("gen");
    await scriptModel(scope, [{ content: `Ты — администратор салона «Лотос». ${scope}` }]);
    const r = await api("POST", `/accounts/${o.accountId}/assistants/${id}/generate`, { token: o.token, body: { description: `Салон красоты в центре Казани, стрижки и маникюр ${scope}` } });
    expect(r.status).toBe(200);
    expect(r.body.instructions).toContain("администратор салона «Лотос»");
    const sent = await modelRequests(scope);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.model).toBe("gpt-4.1-mini");
    expect(JSON.stringify(sent[0]!.body.messages)).toContain("Салон красоты в центре Казани");
    // The company's name goes with the description: the instructions speak for that company.
    const company = (await env.DB.prepare("SELECT name FROM accounts WHERE id = ?").bind(o.accountId).first<{ name: string }>())!.name;
    expect(JSON.stringify(sent[0]!.body.messages)).toContain(`Компания: ${company}`);
    const usage = await env.DB.prepare("SELECT total_tokens, requests FROM assistant_token_usage WHERE account_id = ? AND assistant_id = ?").bind(o.accountId, id).first<{ total_tokens: number; requests: number }>();
    expect(usage!.requests).toBe(1);
    expect(usage!.total_tokens).toBeGreaterThan(0);
    const ev = await env.DB.prepare("SELECT quantity FROM usage_events WHERE account_id = ? AND kind = 'ai_tokens'").bind(o.accountId).all();
    expect(ev.results).toHaveLength(1);

    // the demo model answers any description (no scope): Russian instructions
    const demo = await api("POST", `/accounts/${o.accountId}/assistants/${id}/generate`, { token: o.token, body: { description: "Доставка суши и роллов по Новосибирску" } });
    expect(demo.status).toBe(200);
    expect(demo.body.instructions).toMatch(/Доставка суши/);
    expect(demo.body.instructions.split("\n")[0]).toContain(`ИИ-ассистент компании ${company.includes("«") ? company : `«${company}»`}.`);

    const short = await api("POST", `/accounts/${o.accountId}/assistants/${id}/generate`, { token: o.token, body: { description: "кафе" } });
    expect(short.status).toBe(400);
    expect(short.body.details.fields.description).toBeTruthy();
  });

  it("reports a model that refuses as a 502 with a Russian message, not a 500", async () => {
    const o = await owner();
    const a = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Лотос" } });
    const scope = scopeToken("genfail");
    await scriptModel(scope, [{ status: 401, body: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } } }]);
    const r = await api("POST", `/accounts/${o.accountId}/assistants/${a.body.assistantId}/generate`, { token: o.token, body: { description: `Цветочный магазин ${scope}` } });
    expect(r.status).toBe(502);
    expect(r.body.code).toBe("GENERATION_FAILED");
    expect(r.body.message).toMatch(/Не удалось сгенерировать/);
    expect(await modelRequests(scope)).toHaveLength(1); // 401 is not retried
  });

  it("tells the editor about the model and the tools", async () => {
    const o = await owner();
    const info = await api("GET", "/assistants/model-info", { token: o.token });
    expect(info.status).toBe(200);
    expect(info.body.models).toEqual(["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"]);
    expect(info.body.demo).toBe(false);
    const tools = await api("GET", "/assistants/tools", { token: o.token });
    expect(tools.body.data.map((t: { name: string }) => t.name)).toEqual(["handoff_to_operator", "get_current_datetime", "save_contact_fact", "create_lead", "find_free_slots", "book_slot", "cancel_booking"]);
    expect((await api("GET", "/assistants/model-info")).status).toBe(401);
  });
});
