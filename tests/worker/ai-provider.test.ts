import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { baseUrlSchema } from "../../worker/features/ai-provider/ai-provider.schemas";
import { modelInfo } from "../../worker/features/ai-provider/ai-provider.service";
import { checkOutboundUrl } from "../../worker/lib/outbound-url";
import { PROVIDER_API_KEY } from "../fakes/llm-provider";
import { modelRequests, scopeToken, scriptModel, waitFor } from "./ai-helpers";
import { fakeRequests, fakes } from "./channel-helpers";
import { addMember, api, env } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

/**
 * An account's own OpenAI-compatible provider against a second fake (tests/fakes/llm-provider.ts)
 * with its own API key, its own /models and model names the platform never offers.
 */
const providerBase = () => fakes().AI_PROVIDER_FAKE_URL!;
const providerUrl = () => `${providerBase()}/v1`;
const db = () => getDb(env.DB);
const providerRequests = (scope: string) => fakeRequests(providerBase(), (r) => r.rawBody.includes(scope));

async function withProvider(opts: { apiKey?: string; model?: string } = {}) {
  const owner = await ownerWithAccount();
  const put = await api("PUT", `/accounts/${owner.accountId}/ai-provider`, { token: owner.token, body: { baseUrl: providerUrl(), apiKey: opts.apiKey ?? PROVIDER_API_KEY } });
  expect(put.status).toBe(200);
  const a = await api("POST", `/accounts/${owner.accountId}/assistants`, {
    token: owner.token,
    body: { name: "Ассистент", model: opts.model ?? "qwen2.5-7b-instruct", knowledge: "Доставка по Москве — 300 ₽." },
  });
  expect(a.status).toBe(201);
  const channelId = await createChannel(owner.accountId, { assistantId: a.body.assistantId });
  return { ...owner, assistantId: a.body.assistantId as string, channelId };
}

async function say(accountId: string, channelId: string, user: string, text: string) {
  const [r] = await ingest([incoming(accountId, channelId, user, text)]);
  if (!r || !("threadId" in r) || !r.threadId) throw new Error(`not ingested: ${JSON.stringify(r)}`);
  return r.threadId;
}

const messagesOf = (accountId: string, threadId: string) =>
  db().select().from(schema.messages).where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.threadId, threadId))).orderBy(asc(schema.messages.createdAt), asc(schema.messages.id)).all();

async function settledRun(threadId: string) {
  return waitFor(async () => {
    const runs = await db().select().from(schema.assistantRuns).where(eq(schema.assistantRuns.threadId, threadId)).all();
    return runs.length && runs.every((r) => !["pending", "running"].includes(r.status)) ? runs[0]! : null;
  }, 15_000);
}

describe("account AI provider: settings API", () => {
  it("saves base URL and key, returns only the key's last 4 characters, stores the key sealed, lists the models", async () => {
    const o = await ownerWithAccount();
    const empty = await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ configured: false, keySet: false, keyLast4: null });

    const put = await api("PUT", `/accounts/${o.accountId}/ai-provider`, { token: o.token, body: { baseUrl: `${providerUrl()}/`, apiKey: ` ${PROVIDER_API_KEY} ` } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ configured: true, baseUrl: providerUrl(), keySet: true, keyLast4: "1234", message: "AI-провайдер сохранён" });
    expect(put.body.models).toEqual(["llama-3.1-8b-instruct", "mistral-small-24b", "qwen2.5-7b-instruct"]);
    const got = await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token });
    expect(got.body).toMatchObject({ configured: true, baseUrl: providerUrl(), keyLast4: "1234" });
    for (const body of [put.body, got.body]) expect(JSON.stringify(body)).not.toContain(PROVIDER_API_KEY.slice(0, -4));
    const row = await db().select().from(schema.aiProviders).where(eq(schema.aiProviders.accountId, o.accountId)).get();
    expect(row!.apiKeySealed).toMatch(/^v1\./);
    expect(row!.apiKeySealed).not.toContain(PROVIDER_API_KEY);

    // The same address without a key keeps the saved key; another address wants the key again.
    const same = await api("PUT", `/accounts/${o.accountId}/ai-provider`, { token: o.token, body: { baseUrl: providerUrl() } });
    expect(same.status).toBe(200);
    expect(same.body.keyLast4).toBe("1234");
    const moved = await api("PUT", `/accounts/${o.accountId}/ai-provider`, { token: o.token, body: { baseUrl: `${providerBase()}/nolist/v1` } });
    expect(moved.status).toBe(400);
    expect(moved.body.details.fields.apiKey).toEqual(["Адрес провайдера изменился: введите ключ API заново"]);
    const checkMoved = await api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token, body: { baseUrl: `${providerBase()}/nolist/v1` } });
    expect(checkMoved.status).toBe(400);
    expect(checkMoved.body.details.fields.apiKey).toBeDefined();

    const del = await api("DELETE", `/accounts/${o.accountId}/ai-provider`, { token: o.token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ configured: false, removed: true });
    expect((await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token })).body.configured).toBe(false);
    expect(await db().select().from(schema.aiProviders).where(eq(schema.aiProviders.accountId, o.accountId)).get()).toBeUndefined();
  });

  it("rejects bad input with field messages and saves nothing", async () => {
    const o = await ownerWithAccount();
    const cases: [unknown, string][] = [
      [{ baseUrl: "ftp://models.example.com/v1", apiKey: "k" }, "baseUrl"],
      [{ baseUrl: "не адрес", apiKey: "k" }, "baseUrl"],
      [{ baseUrl: "https://user:pass@models.example.com/v1", apiKey: "k" }, "baseUrl"],
      [{ baseUrl: "https://models.example.com/v1?x=1", apiKey: "k" }, "baseUrl"],
      [{ baseUrl: `https://models.example.com/${"a".repeat(500)}`, apiKey: "k" }, "baseUrl"],
      [{ baseUrl: "https://models.example.com/v1", apiKey: "ключ с пробелом" }, "apiKey"],
      [{ baseUrl: "https://models.example.com/v1", apiKey: "k".repeat(501) }, "apiKey"],
      [{ baseUrl: "https://models.example.com/v1" }, "apiKey"],
      [{ baseUrl: 42, apiKey: "k" }, "baseUrl"],
    ];
    for (const [body, field] of cases) {
      const r = await api("PUT", `/accounts/${o.accountId}/ai-provider`, { token: o.token, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.details.fields[field]?.[0], JSON.stringify(body)).toMatch(/[а-яА-Я]/);
    }
    const malformed = await api("PUT", `/accounts/${o.accountId}/ai-provider`, { token: o.token, raw: "{nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("MALFORMED_REQUEST");
    const checkNothing = await api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token });
    expect(checkNothing.status).toBe(400);
    expect(checkNothing.body.details.fields.baseUrl).toBeDefined();
    expect((await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token })).body.configured).toBe(false);
  });

  it("allows http and local addresses only in development; production wants https and a public name", () => {
    const prod = baseUrlSchema(false);
    const dev = baseUrlSchema(true);
    expect(dev.safeParse("http://127.0.0.1:8080/v1").success).toBe(true);
    expect(prod.safeParse("https://api.together.xyz/v1")).toMatchObject({ success: true, data: "https://api.together.xyz/v1" });
    for (const bad of ["http://api.together.xyz/v1", "https://127.0.0.1/v1", "https://[::1]/v1", "https://2130706433/v1", "https://localhost/v1", "https://ollama.local/v1", "https://gpu.internal/v1", "https://intranet/v1"]) {
      const r = prod.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toMatch(/[а-яА-Я]/);
    }
    expect(checkOutboundUrl("https://10.0.0.8/v1", { development: false })).toBe("private-host");
    expect(checkOutboundUrl("http://10.0.0.8/v1", { development: true })).toBeNull();
  });

  it("is for owners and admins: operators get 403 on every route, reads included; other accounts see 404", async () => {
    const o = await ownerWithAccount();
    const op = await addMember(o.token, o.accountId, "operator");
    const admin = await addMember(o.token, o.accountId, "admin");
    const base = `/accounts/${o.accountId}/ai-provider`;
    const body = { baseUrl: providerUrl(), apiKey: PROVIDER_API_KEY };
    for (const [m, p] of [["GET", base], ["PUT", base], ["DELETE", base], ["POST", `${base}/check`]] as const) {
      const r = await api(m, p, { token: op.token, body: m === "GET" || m === "DELETE" ? undefined : body });
      expect(r.status, `${m} ${p}`).toBe(403);
    }
    expect((await api("PUT", base, { token: admin.token, body })).status).toBe(200);
    expect((await api("GET", base, { token: admin.token })).body.keyLast4).toBe("1234");
    const stranger = await ownerWithAccount("Чужой");
    expect((await api("GET", base, { token: stranger.token })).status).toBe(404);
    expect((await api("GET", `/assistants/model-info?accountId=${o.accountId}`, { token: stranger.token })).status).toBe(404);
    // model-info tells members (operators too) which models the account's provider lists
    const info = await api("GET", `/assistants/model-info?accountId=${o.accountId}`, { token: op.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ demo: false, models: ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"], provider: { custom: true, host: new URL(providerUrl()).host } });
    expect(info.body.provider.models).toContain("qwen2.5-7b-instruct");
    const plain = await api("GET", `/assistants/model-info?accountId=${stranger.accountId}`, { token: stranger.token });
    expect(plain.body.provider).toEqual({ custom: false, host: null, models: [] });
    // The demo badge: shown while the platform's demo model answers, never for an account with its own provider.
    expect((await modelInfo(env, stranger.accountId, true)).demo).toBe(true);
    expect((await modelInfo(env, o.accountId, true)).demo).toBe(false);
    expect((await modelInfo(env, o.accountId, false)).demo).toBe(false);
  });

  it("accepts any sensible model id on assistants and refuses the rest with a Russian field message", async () => {
    const o = await ownerWithAccount();
    // Four assistants: more than the free plan's three.
    await env.DB.prepare("UPDATE subscriptions SET plan_id = '0000000planbusiness' WHERE account_id = ?").bind(o.accountId).run();
    for (const model of ["qwen2.5-7b-instruct", "meta-llama/Llama-3.1-8B-Instruct", "llama3.1:8b", "gpt-4o-mini"]) {
      const r = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "A", model } });
      expect(r.status, model).toBe(201);
      expect(r.body.model).toBe(model);
    }
    for (const model of ["", "two words", "x".repeat(101), "-leading-dash", "модель", 7]) {
      const r = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "A", model } });
      expect(r.status, String(model)).toBe(400);
      expect(r.body.details.fields.model[0]).toMatch(/[а-яА-Я]/);
    }
  });
});

describe("account AI provider: connection check", () => {
  it("lists the models and makes one tiny completion with the provider's key", async () => {
    const o = await ownerWithAccount();
    const before = (await fakeRequests(providerBase())).length;
    const r = await api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token, body: { baseUrl: providerUrl(), apiKey: PROVIDER_API_KEY, model: "qwen2.5-7b-instruct" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, model: "qwen2.5-7b-instruct", models: ["llama-3.1-8b-instruct", "mistral-small-24b", "qwen2.5-7b-instruct"] });
    expect(r.body.message).toMatch(/^Подключение работает/);
    const mine = (await fakeRequests(providerBase())).slice(before).filter((q) => q.path.startsWith("/v1/"));
    const completion = mine.find((q) => q.path === "/v1/chat/completions" && q.body?.model === "qwen2.5-7b-instruct" && q.body?.max_tokens === 1);
    expect(completion).toBeDefined();
    expect(completion!.headers.authorization).toBe(`Bearer ${PROVIDER_API_KEY}`);
    // Nothing saved by a check of an unsaved provider.
    expect((await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token })).body.configured).toBe(false);
  });

  it("explains each failure in a sentence; a provider without /models is fine", async () => {
    const o = await ownerWithAccount();
    const check = (body: Record<string, unknown>) => api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token, body });
    const badKey = await check({ baseUrl: providerUrl(), apiKey: "sk-wrong-key-0000" });
    expect(badKey.status).toBe(200);
    expect(badKey.body).toMatchObject({ ok: false, code: "KEY_REJECTED" });
    expect(badKey.body.message).toMatch(/^Провайдер отклонил ключ API/);

    const unknownModel = await check({ baseUrl: providerUrl(), apiKey: PROVIDER_API_KEY, model: "gpt-4.1-mini" });
    expect(unknownModel.body).toMatchObject({ ok: false, code: "MODEL_UNKNOWN" });
    expect(unknownModel.body.message).toBe("Провайдер не знает модель «gpt-4.1-mini»: выберите другую модель в настройках ассистента");
    expect(unknownModel.body.models).toContain("qwen2.5-7b-instruct");

    const noList = await check({ baseUrl: `${providerBase()}/nolist/v1`, apiKey: PROVIDER_API_KEY, model: "llama-3.1-8b-instruct" });
    expect(noList.body).toMatchObject({ ok: true, models: null, model: "llama-3.1-8b-instruct" });

    const wrongPath = await check({ baseUrl: `${providerBase()}/api`, apiKey: PROVIDER_API_KEY, model: "qwen2.5-7b-instruct" });
    expect(wrongPath.body).toMatchObject({ ok: false, code: "NOT_FOUND", models: null });
    expect(wrongPath.body.message).toMatch(/проверьте базовый URL/);

    const unreachable = await check({ baseUrl: "http://127.0.0.1:9/v1", apiKey: PROVIDER_API_KEY });
    expect(unreachable.body).toMatchObject({ ok: false, code: "UNREACHABLE" });
    expect(unreachable.body.message).toBe("Не удалось подключиться к провайдеру 127.0.0.1:9: адрес недоступен");
    for (const r of [badKey, unknownModel, wrongPath, unreachable]) expect(r.body.message).not.toMatch(/Unauthorized|Not Found|ECONNREFUSED|OPENAI|Error:/);
  });

  it("a host that does not answer is reported after 10 seconds, not left hanging", async () => {
    const o = await ownerWithAccount();
    const started = Date.now();
    const r = await api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token, body: { baseUrl: `${providerBase()}/slow/v1`, apiKey: PROVIDER_API_KEY } });
    expect(r.body).toMatchObject({ ok: false, code: "TIMEOUT" });
    expect(r.body.message).toBe(`Провайдер ${new URL(providerBase()).host} не ответил за 10 секунд`);
    expect(Date.now() - started).toBeLessThan(14_000);
  });

  it("checks the saved provider when the body is empty and keeps its model list up to date", async () => {
    const o = await withProvider();
    await db().update(schema.aiProviders).set({ models: ["stale"] }).where(eq(schema.aiProviders.accountId, o.accountId));
    const r = await api("POST", `/accounts/${o.accountId}/ai-provider/check`, { token: o.token });
    expect(r.body).toMatchObject({ ok: true, model: "qwen2.5-7b-instruct" });
    expect((await api("GET", `/accounts/${o.accountId}/ai-provider`, { token: o.token })).body.models).toContain("qwen2.5-7b-instruct");
  });
});

describe("account AI provider: assistants use it", () => {
  it("a customer's turn goes to the account's provider with its key and model; the platform's model is not asked", async () => {
    const ctx = await withProvider();
    const scope = scopeToken("prov");
    await scriptModel(scope, [{ content: "ответ платформы" }]);
    const threadId = await say(ctx.accountId, ctx.channelId, "u1", `Сколько стоит доставка? ${scope}`);
    const run = await settledRun(threadId);
    expect(run.status).toBe("done");
    const reqs = await providerRequests(scope);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.path).toBe("/v1/chat/completions");
    expect(reqs[0]!.headers.authorization).toBe(`Bearer ${PROVIDER_API_KEY}`);
    expect(reqs[0]!.body.model).toBe("qwen2.5-7b-instruct");
    expect(reqs[0]!.body.messages.at(-1)).toEqual({ role: "user", content: `Сколько стоит доставка? ${scope}` });
    expect(await modelRequests(scope)).toHaveLength(0);
    const reply = (await messagesOf(ctx.accountId, threadId)).find((m) => m.senderType === "assistant" && m.type === "text");
    expect(reply!.content).toMatch(/^\[qwen2\.5-7b-instruct\] /);
    expect(reply!.metadata).toMatchObject({ model: "qwen2.5-7b-instruct" });
  });

  it("the test chat streams from the account's provider", async () => {
    const ctx = await withProvider({ model: "mistral-small-24b" });
    const scope = scopeToken("provsse");
    const res = await api("POST", `/platform-webwidget/accounts/${ctx.accountId}/new-message/stream?isTestChat=true`, {
      token: ctx.token,
      body: { assistantId: ctx.assistantId, contactPlatformUserId: "tester-p", message: `Привет ${scope}` },
    });
    expect(res.status).toBe(200);
    const events = String(res.body)
      .split("\n\n")
      .filter(Boolean)
      .map((block) => ({ event: /event: (.+)/.exec(block)?.[1], data: JSON.parse(/data: (.+)/.exec(block)![1]!) }));
    const text = events.filter((e) => e.event === "delta").map((e) => e.data.text).join("");
    expect(text).toMatch(/^\[mistral-small-24b\] Здравствуйте!/);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { status: "answered" } });
    const reqs = await providerRequests(scope);
    expect(reqs[0]!.body).toMatchObject({ model: "mistral-small-24b", stream: true });
    expect(reqs[0]!.headers.authorization).toBe(`Bearer ${PROVIDER_API_KEY}`);
  });

  it("the instruction generator uses the account's provider", async () => {
    const ctx = await withProvider({ model: "llama-3.1-8b-instruct" });
    const scope = scopeToken("gen");
    const r = await api("POST", `/accounts/${ctx.accountId}/assistants/${ctx.assistantId}/generate`, { token: ctx.token, body: { description: `Пекарня у дома, печём хлеб и торты на заказ ${scope}` } });
    expect(r.status).toBe(200);
    expect(r.body.instructions).toMatch(/^\[llama-3\.1-8b-instruct\]/);
    const reqs = await providerRequests(scope);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.body.model).toBe("llama-3.1-8b-instruct");
  });

  it("a rejected key leaves a readable system note in the thread, asked once, no reply", async () => {
    const ctx = await withProvider({ apiKey: "sk-revoked-key-9999" });
    const scope = scopeToken("badkey");
    const threadId = await say(ctx.accountId, ctx.channelId, "u2", `Здравствуйте ${scope}`);
    const run = await settledRun(threadId);
    expect(run.status).toBe("failed");
    expect(await providerRequests(scope)).toHaveLength(1); // a rejected key is not retried
    const msgs = await messagesOf(ctx.accountId, threadId);
    expect(msgs.map((m) => m.senderType)).toEqual(["contact", "system"]);
    expect(msgs[1]!.content).toBe(
      "Ассистент не смог ответить клиенту: Провайдер отклонил ключ API (401): проверьте ключ в настройках AI-провайдера аккаунта. Ответьте, пожалуйста, вручную.",
    );
    expect(msgs[1]!.metadata).toMatchObject({ event: "ai_error", code: "KEY_REJECTED" });
    const gen = await api("POST", `/accounts/${ctx.accountId}/assistants/${ctx.assistantId}/generate`, { token: ctx.token, body: { description: "Пекарня у дома, печём хлеб и торты" } });
    expect(gen.status).toBe(502);
    expect(gen.body.message).toMatch(/^Не удалось сгенерировать инструкции\. Провайдер отклонил ключ API/);
  });

  it("another account keeps the platform's model", async () => {
    await withProvider();
    const other = await ownerWithAccount("Другой");
    const a = await api("POST", `/accounts/${other.accountId}/assistants`, { token: other.token, body: { name: "Другой ассистент" } });
    const channelId = await createChannel(other.accountId, { assistantId: a.body.assistantId });
    const scope = scopeToken("other");
    await scriptModel(scope, [{ content: "Ответ модели платформы." }]);
    const threadId = await say(other.accountId, channelId, "u3", `Вопрос ${scope}`);
    expect((await settledRun(threadId)).status).toBe("done");
    expect(await modelRequests(scope)).toHaveLength(1);
    expect(await providerRequests(scope)).toHaveLength(0);
    const reply = (await messagesOf(other.accountId, threadId)).find((m) => m.senderType === "assistant");
    expect(reply!.content).toBe("Ответ модели платформы.");
  });

  it("after the provider is removed, the account's assistants go back to the platform's model", async () => {
    const ctx = await withProvider({ model: "gpt-4.1-nano" });
    expect((await api("DELETE", `/accounts/${ctx.accountId}/ai-provider`, { token: ctx.token })).status).toBe(200);
    const scope = scopeToken("back");
    await scriptModel(scope, [{ content: "Снова платформа." }]);
    const threadId = await say(ctx.accountId, ctx.channelId, "u4", `Вопрос ${scope}`);
    expect((await settledRun(threadId)).status).toBe("done");
    expect((await modelRequests(scope))[0]!.body.model).toBe("gpt-4.1-nano");
    expect(await providerRequests(scope)).toHaveLength(0);
  });
});
