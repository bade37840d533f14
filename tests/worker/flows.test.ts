import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { FLOW_TEMPLATES } from "../../worker/features/flows/contract";
import { bcBody, bcSetup } from "./broadcast-helpers";
import { addMember, api, ownerWithAccount } from "./helpers";

type Owner = { token: string; accountId: string };
/** A graph as the editor sends it (checked by the server, so loosely typed here). */
type Graph = { steps: unknown[]; transitions: unknown[] };

const base = (o: Owner) => `/accounts/${o.accountId}/flows`;

async function createFlow(o: Owner, body: Record<string, unknown> = { name: "Сценарий" }) {
  const res = await api("POST", base(o), { token: o.token, body });
  if (res.status !== 201) throw new Error(`create flow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const saveGraph = (o: Owner, flowId: string, graph: unknown, revision: number) =>
  api("PUT", `${base(o)}/${flowId}/graph`, { token: o.token, body: { ...(graph as object), revision } });

const pos = { x: 0, y: 0 };
const start = (triggers: unknown[] = [{ type: "manual" }]) => ({ flowStepId: "s", name: "Старт", stepType: "start", flowConfig: { position: pos, triggers } });
const msg = (id: string, text: string, buttons: unknown[] = []) => ({ flowStepId: id, name: id, stepType: "message", flowConfig: { position: pos, text, buttons } });
const end = (id = "e") => ({ flowStepId: id, name: "Конец", stepType: "end", flowConfig: { position: pos } });
const link = (from: string, to: string, handle = "next") => ({ flowTransitionId: `${from}-${handle}-${to}`, fromStepId: from, toStepId: to, sourceHandle: handle });

/** start → message → end: the smallest graph that may be published. */
const simple = (text = "Здравствуйте!"): Graph => ({
  steps: [start(), msg("m", text), end()],
  transitions: [link("s", "m"), link("m", "e")],
});

describe("flows: CRUD and templates", () => {
  it("creates a blank flow, lists it (paged, search, status), renames, archives and deletes it", async () => {
    const o = await ownerWithAccount("Анна Владелец");
    const blank = await createFlow(o, { name: "Приветствие" });
    expect(blank).toMatchObject({ name: "Приветствие", status: "draft", revision: 1, publishedVersion: null, hasUnpublishedChanges: true, started7d: 0, completed7d: 0 });
    expect(blank.updatedBy).toEqual({ userId: o.user.id, name: "Анна Владелец" });
    expect(blank.graph.steps.map((s: any) => s.stepType)).toEqual(["start", "end"]);
    expect(blank.triggers).toEqual([{ type: "manual" }]);
    await createFlow(o, { name: "Сбор заявки", template: "lead_capture" });
    await createFlow(o, { name: "Запись", template: "booking_request" });

    const page1 = await api("GET", `${base(o)}?limit=2&page=1`, { token: o.token });
    expect(page1.body.meta).toEqual({ total: 3, limit: 2, page: 1, lastPage: 2 });
    expect(page1.body.data.map((f: any) => f.name)).toEqual(["Запись", "Сбор заявки"]);
    const found = await api("GET", `${base(o)}?q=${encodeURIComponent("ЗАЯВ")}`, { token: o.token });
    expect(found.body.data.map((f: any) => f.name)).toEqual(["Сбор заявки"]);

    const renamed = await api("PATCH", `${base(o)}/${blank.flowId}`, { token: o.token, body: { name: "Главное меню" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Главное меню");
    const emptyName = await api("PATCH", `${base(o)}/${blank.flowId}`, { token: o.token, body: { name: " " } });
    expect(emptyName.status).toBe(400);
    expect(emptyName.body.details.fields.name).toEqual(["Введите название"]);

    const archived = await api("PATCH", `${base(o)}/${blank.flowId}`, { token: o.token, body: { archived: true } });
    expect(archived.body.status).toBe("archived");
    const onlyArchived = await api("GET", `${base(o)}?status=archived`, { token: o.token });
    expect(onlyArchived.body.data.map((f: any) => f.flowId)).toEqual([blank.flowId]);

    const del = await api("DELETE", `${base(o)}/${blank.flowId}`, { token: o.token });
    expect(del.status).toBe(200);
    expect((await api("GET", `${base(o)}/${blank.flowId}`, { token: o.token })).status).toBe(404);
    expect((await api("GET", base(o), { token: o.token })).body.meta.total).toBe(2);
  });

  it("lists the templates, and every template creates a graph with no issues that publishes", async () => {
    const o = await ownerWithAccount();
    const list = await api("GET", `${base(o)}/templates`, { token: o.token });
    expect(list.body.map((t: any) => t.template)).toEqual([...FLOW_TEMPLATES]);
    expect(list.body.every((t: any) => t.name && t.description)).toBe(true);
    for (const template of FLOW_TEMPLATES) {
      const flow = await createFlow(o, { name: `Из шаблона ${template}`, template });
      expect(flow.issues, template).toEqual([]);
      const pub = await api("POST", `${base(o)}/${flow.flowId}/publish`, { token: o.token });
      expect(pub.status, template).toBe(200);
      expect(pub.body.publishedVersion).toBe(1);
    }
    // lead capture and booking created the custom fields they save into (once, shared)
    const fields = await api("GET", `/accounts/${o.accountId}/custom-fields`, { token: o.token });
    expect(fields.body.data.map((f: any) => [f.key, f.type]).sort()).toEqual([
      ["booking_date", "date"],
      ["booking_time", "text"],
      ["email", "email"],
      ["lead_name", "text"],
      ["phone", "phone"],
    ]);
    const lead = (await api("GET", `${base(o)}?q=lead`, { token: o.token })).body.data[0];
    const card = await api("GET", `${base(o)}/${lead.flowId}`, { token: o.token });
    const saves = card.body.graph.steps.filter((s: any) => s.stepType === "question").map((s: any) => s.flowConfig.saveTo.key);
    expect(saves).toEqual(["lead_name", "phone", "email"]);
    expect(card.body.graph.steps.some((s: any) => s.stepType === "action" && s.flowConfig.actions.some((a: any) => a.type === "handoff"))).toBe(true);
  });

  it("templates come in the caller's interface language (Accept-Language), with the same graph as the Russian one", async () => {
    const CYRILLIC = /[а-яё]/i;
    // The graph without its texts: ids, types, positions, configs, transitions.
    const TEXT_KEYS = new Set(["name", "text", "label", "errorText", "keywords"]);
    const structure = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(structure) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, TEXT_KEYS.has(k) ? "*" : structure(x)])) : v;
    const ru = await ownerWithAccount();
    const en = await ownerWithAccount();
    const inLang = (lang: string) => ({ "Accept-Language": lang });

    const list = await api("GET", `${base(en)}/templates`, { token: en.token, headers: inLang("en-GB,en;q=0.9") });
    expect(list.body.find((t: any) => t.template === "greeting_menu").name).toBe("Greeting menu");
    expect(CYRILLIC.test(JSON.stringify(list.body))).toBe(false);
    expect((await api("GET", `${base(ru)}/templates`, { token: ru.token })).body.find((t: any) => t.template === "greeting_menu").name).toBe("Приветствие с меню");

    const created: Record<string, string> = {};
    for (const template of FLOW_TEMPLATES) {
      const r = await api("POST", base(en), { token: en.token, body: { name: `T ${template}`, template }, headers: inLang("en") });
      expect(r.status, template).toBe(201);
      const russian = await createFlow(ru, { name: `Т ${template}`, template });
      expect(CYRILLIC.test(JSON.stringify(r.body.graph)), template).toBe(false);
      expect(r.body.issues, template).toEqual([]);
      expect(structure(r.body.graph), template).toEqual(structure(russian.graph));
      expect(r.body.graph.steps.find((s: any) => s.flowStepId === "start").name).toBe("Start");
      created[template] = r.body.flowId;
    }
    const card = (await api("GET", `${base(en)}/${created.greeting_menu}`, { token: en.token })).body;
    const step = (id: string) => card.graph.steps.find((s: any) => s.flowStepId === id);
    expect(step("menu").name).toBe("Greeting and menu");
    expect(step("menu").flowConfig.buttons.map((b: any) => b.label)).toEqual(["Prices", "Address and opening hours", "Contact a manager"]);
    expect(step("start").flowConfig.triggers.find((t: any) => t.type === "keyword").keywords).toEqual(["menu", "/start"]);
    expect((await api("POST", `${base(en)}/${created.greeting_menu}/publish`, { token: en.token })).status).toBe(200);
    // the custom fields the English templates created are labelled in English
    const fields = await api("GET", `/accounts/${en.accountId}/custom-fields`, { token: en.token });
    expect(Object.fromEntries(fields.body.data.map((f: any) => [f.key, f.label]))).toMatchObject({ phone: "Phone", booking_date: "Booking date", lead_name: "Name from the request" });

    // Arabic and French are translated too; a language we don't have falls back to Russian
    for (const [lang, start] of [["ar", "البداية"], ["fr", "Début"], ["de", "Старт"]] as const) {
      const r = await api("POST", base(en), { token: en.token, body: { name: `L ${lang}`, template: "booking_request" }, headers: inLang(lang) });
      expect(r.body.graph.steps.find((s: any) => s.flowStepId === "start").name, lang).toBe(start);
      expect(r.body.issues, lang).toEqual([]);
      if (lang !== "de") expect(CYRILLIC.test(JSON.stringify(r.body.graph)), lang).toBe(false);
    }
  });

  it("an unknown template or a missing name is a 400 with the field", async () => {
    const o = await ownerWithAccount();
    const r = await api("POST", base(o), { token: o.token, body: { name: "", template: "quiz" } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.details.fields).sort()).toEqual(["name", "template"]);
  });
});

describe("flows: the draft graph", () => {
  it("a malformed graph is a 400 naming the step and the field; nothing is saved", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    const bad = {
      steps: [
        start(),
        msg("m", ""),
        { flowStepId: "q", name: "Вопрос", stepType: "question", flowConfig: { position: pos, text: "Выберите", kind: "choice", options: [] } },
        { flowStepId: "d", name: "Пауза", stepType: "delay", flowConfig: { position: pos, amount: 40, unit: "days" } },
        { flowStepId: "x", name: "?", stepType: "teleport", flowConfig: { position: pos } },
      ],
      transitions: [link("s", "nowhere")],
    };
    const r = await saveGraph(o, f.flowId, bad, 1);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.details.fields).toMatchObject({
      "steps.1.flowConfig.text": ["Введите текст сообщения или прикрепите файл"],
      "steps.2.flowConfig.options": ["Добавьте хотя бы один вариант ответа"],
      "steps.3.flowConfig.amount": ["Пауза не длиннее 30 дней"],
      "steps.4.stepType": expect.any(Array),
    });
    const card = await api("GET", `${base(o)}/${f.flowId}`, { token: o.token });
    expect(card.body.revision).toBe(1);
    expect(card.body.graph.steps).toHaveLength(2);
  });

  it("transitions to steps that do not exist are a 400 on the transition", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    const r = await saveGraph(o, f.flowId, { steps: [start()], transitions: [link("s", "ghost")] }, 1);
    expect(r.status).toBe(400);
    expect(r.body.details.fields["transitions.0.toStepId"]).toEqual(["Переход ведёт к шагу, которого нет"]);
  });

  it("saves with the revision it was based on; a second tab's stale save gets 409 REVISION_CONFLICT", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    const first = await saveGraph(o, f.flowId, simple("Первая вкладка"), 1);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ revision: 2, issues: [] });
    const stale = await saveGraph(o, f.flowId, simple("Вторая вкладка"), 1);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("REVISION_CONFLICT");
    expect(stale.body.details.revision).toBe(2);
    const card = await api("GET", `${base(o)}/${f.flowId}`, { token: o.token });
    expect(card.body.graph.steps[1].flowConfig.text).toBe("Первая вкладка");
    expect(card.body.revision).toBe(2);
  });

  it("an unfinished draft saves and lists its issues (unreachable, dead end, references)", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    const graph = {
      steps: [
        start(),
        msg("m", "Ваш город: {{city}}", [{ id: "yes", label: "Да" }]),
        { flowStepId: "ai", name: "Консультант", stepType: "ai", flowConfig: { position: pos, assistantId: "no-such-assistant", instructions: "", maxTurns: 5 } },
        { flowStepId: "tag", name: "Тег", stepType: "action", flowConfig: { position: pos, actions: [{ type: "addTag", tagId: "no-such-tag" }] } },
        { flowStepId: "go", name: "Дальше", stepType: "goto", flowConfig: { position: pos, flowId: "no-such-flow" } },
        end(),
        msg("lost", "Сюда никто не придёт"),
      ],
      transitions: [link("s", "m"), link("m", "ai", "button:yes"), link("ai", "tag"), link("tag", "go"), link("lost", "e")],
    };
    const r = await saveGraph(o, f.flowId, graph, 1);
    expect(r.status).toBe(200);
    const codes = r.body.issues.map((i: any) => [i.stepId, i.code, i.handle ?? null]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ["m", "deadEnd", "next"],
        ["m", "missingField", null],
        ["ai", "missingAssistant", null],
        ["tag", "missingTag", null],
        ["go", "missingFlow", null],
        ["lost", "unreachable", null],
        ["e", "unreachable", null],
      ]),
    );
    expect(codes).toHaveLength(7);
    expect(r.body.issues.find((i: any) => i.code === "missingField").message).toBe("Шаг «m»: поля «city» нет в аккаунте");
  });
});

describe("flows: publishing and versions", () => {
  it("publish is refused with the issues: no start, unreachable step, dead end, missing field/tag/assistant/flow", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    expect((await saveGraph(o, f.flowId, { steps: [start()], transitions: [] }, 1)).status).toBe(200);
    // a lone start: its output leads nowhere
    const deadEnd = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    expect(deadEnd.status).toBe(400);
    expect(deadEnd.body.code).toBe("FLOW_INVALID");
    expect(deadEnd.body.details.issues).toEqual([{ stepId: "s", handle: "next", code: "deadEnd", message: "Шаг «Старт»: выход «Далее» никуда не ведёт", params: { step: "Старт", output: "Далее" } }]);
    expect(deadEnd.body.message).toBe("Сценарий нельзя опубликовать: Шаг «Старт»: выход «Далее» никуда не ведёт");

    const cases: [string, Graph][] = [
      ["noStart", { steps: [msg("m", "Привет"), end()], transitions: [link("m", "e")] }],
      ["unreachable", { steps: [...simple().steps, end("e2")], transitions: simple().transitions }],
      ["missingField", simple("Ваш заказ {{order_no}}")],
      ["missingTag", { steps: [start(), { flowStepId: "a", name: "Тег", stepType: "action", flowConfig: { position: pos, actions: [{ type: "addTag", tagId: "x" }] } }, end()], transitions: [link("s", "a"), link("a", "e")] }],
      ["missingAssistant", { steps: [start(), { flowStepId: "a", name: "ИИ", stepType: "ai", flowConfig: { position: pos, assistantId: "x", maxTurns: 3 } }, end()], transitions: [link("s", "a"), link("a", "e")] }],
      ["missingFlow", { steps: [start(), { flowStepId: "g", name: "Переход", stepType: "goto", flowConfig: { position: pos, flowId: "x" } }], transitions: [link("s", "g")] }],
    ];
    let revision = 2;
    for (const [code, graph] of cases) {
      const saved = await saveGraph(o, f.flowId, graph, revision);
      expect(saved.status, code).toBe(200);
      revision = saved.body.revision;
      const pub = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
      expect(pub.status, code).toBe(400);
      expect(pub.body.details.issues.map((i: any) => i.code), code).toEqual([code]);
    }
    const card = await api("GET", `${base(o)}/${f.flowId}`, { token: o.token });
    expect(card.body).toMatchObject({ status: "draft", publishedVersion: null });
    expect(await getDb(env.DB).$count(schema.flowVersions, eq(schema.flowVersions.flowId, f.flowId))).toBe(0);
  });

  it("references that exist pass: the account's field, tag, assistant and another flow", async () => {
    const o = await ownerWithAccount();
    const field = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key: "city", label: "Город", type: "text" } });
    expect(field.status).toBe(201);
    const tag = await api("POST", `/accounts/${o.accountId}/tags`, { token: o.token, body: { name: "Лид", color: "#28C76F" } });
    const assistant = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Консультант" } });
    const other = await createFlow(o, { name: "Другой", template: "greeting_menu" });
    const f = await createFlow(o);
    const graph = {
      steps: [
        start([{ type: "keyword", match: "contains", keywords: ["привет"], channels: ["TELEGRAM"] }]),
        msg("m", "Ваш город — {{city}}, {{name}}? {{var.answer}}"),
        { flowStepId: "c", name: "Условие", stepType: "condition", flowConfig: { position: pos, rules: [{ id: "r1", source: "tag", op: "has", value: tag.body.tagId }] } },
        { flowStepId: "ai", name: "ИИ", stepType: "ai", flowConfig: { position: pos, assistantId: assistant.body.assistantId, instructions: "Помоги выбрать", goalPhrase: "ГОТОВО", maxTurns: 5 } },
        { flowStepId: "g", name: "Меню", stepType: "goto", flowConfig: { position: pos, flowId: other.flowId } },
        end(),
      ],
      transitions: [link("s", "m"), link("m", "c"), link("c", "ai", "branch:r1"), link("c", "e", "else"), link("ai", "g")],
    };
    const saved = await saveGraph(o, f.flowId, graph, 1);
    expect(saved.body.issues).toEqual([]);
    const pub = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    expect(pub.status).toBe(200);
    expect(pub.body.publishedVersion).toBe(1);
    const card = await api("GET", `${base(o)}/${f.flowId}`, { token: o.token });
    expect(card.body.triggers).toEqual([{ type: "keyword", match: "contains", keywords: ["привет"], channels: ["TELEGRAM"] }]);
  });

  it("publish stores an immutable version: a later draft change leaves it as it was; a new publish makes version 2", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o);
    await saveGraph(o, f.flowId, simple("Версия один"), 1);
    const v1 = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    expect(v1.body).toMatchObject({ publishedVersion: 1, message: "Опубликована версия 1" });
    let card = (await api("GET", `${base(o)}/${f.flowId}`, { token: o.token })).body;
    expect(card).toMatchObject({ status: "published", publishedVersion: 1, hasUnpublishedChanges: false, revision: 2 });
    // publishing an unchanged draft again is the same version
    expect((await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token })).body.publishedVersion).toBe(1);

    const edited = await saveGraph(o, f.flowId, simple("Черновик после публикации"), 2);
    expect(edited.status).toBe(200);
    card = (await api("GET", `${base(o)}/${f.flowId}`, { token: o.token })).body;
    expect(card).toMatchObject({ status: "published", publishedVersion: 1, hasUnpublishedChanges: true });
    const versions = async () =>
      getDb(env.DB).select().from(schema.flowVersions).where(eq(schema.flowVersions.flowId, f.flowId)).orderBy(schema.flowVersions.version).all();
    let rows = await versions();
    expect(rows).toHaveLength(1);
    expect((rows[0]!.graph.steps[1] as any).flowConfig.text).toBe("Версия один");
    expect(rows[0]!.publishedBy).toBe(o.user.id);

    const v2 = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    expect(v2.body.publishedVersion).toBe(2);
    rows = await versions();
    expect(rows.map((r) => [r.version, (r.graph.steps[1] as any).flowConfig.text])).toEqual([
      [1, "Версия один"],
      [2, "Черновик после публикации"],
    ]);

    const un = await api("POST", `${base(o)}/${f.flowId}/unpublish`, { token: o.token });
    expect(un.status).toBe(200);
    expect(un.body).toMatchObject({ status: "draft", publishedVersion: null, hasUnpublishedChanges: true });
    expect(await versions()).toHaveLength(2);
    const v3 = await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    expect(v3.body.publishedVersion).toBe(3);
  });
});

describe("flows: duplicate, export and import", () => {
  it("duplicates as a new draft with the same graph", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o, { name: "Меню", template: "greeting_menu" });
    await api("POST", `${base(o)}/${f.flowId}/publish`, { token: o.token });
    const copy = await api("POST", `${base(o)}/${f.flowId}/duplicate`, { token: o.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Меню (копия)", status: "draft", publishedVersion: null, revision: 1, issues: [] });
    expect(copy.body.flowId).not.toBe(f.flowId);
    expect(copy.body.graph).toEqual(f.graph);
  });

  it("export → import round trip gives the same graph in a new draft", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o, { name: "Запись на приём", template: "booking_request" });
    const exp = await api("GET", `${base(o)}/${f.flowId}/export`, { token: o.token });
    expect(exp.status).toBe(200);
    expect(exp.headers.get("content-disposition")).toContain("attachment");
    expect(exp.body).toEqual({ format: "assistly-flow", version: 1, name: "Запись на приём", graph: f.graph });
    const imp = await api("POST", `${base(o)}/import`, { token: o.token, body: exp.body });
    expect(imp.status).toBe(201);
    expect(imp.body).toMatchObject({ name: "Запись на приём", status: "draft", issues: [], message: "Сценарий импортирован" });
    expect(imp.body.graph).toEqual(f.graph);
    expect(imp.body.flowId).not.toBe(f.flowId);
  });

  it("importing into another account: ids it lacks become issues of a draft; a malformed file is a 400", async () => {
    const a = await ownerWithAccount();
    const tag = await api("POST", `/accounts/${a.accountId}/tags`, { token: a.token, body: { name: "VIP", color: "#FF4C51" } });
    const f = await createFlow(a);
    const graph = {
      steps: [start(), { flowStepId: "t", name: "VIP", stepType: "action", flowConfig: { position: pos, actions: [{ type: "addTag", tagId: tag.body.tagId }] } }, end()],
      transitions: [link("s", "t"), link("t", "e")],
    };
    expect((await saveGraph(a, f.flowId, graph, 1)).body.issues).toEqual([]);
    const file = (await api("GET", `${base(a)}/${f.flowId}/export`, { token: a.token })).body;

    const b = await ownerWithAccount();
    const imp = await api("POST", `${base(b)}/import`, { token: b.token, body: file });
    expect(imp.status).toBe(201);
    expect(imp.body.status).toBe("draft");
    expect(imp.body.issues.map((i: any) => [i.stepId, i.code])).toEqual([["t", "missingTag"]]);
    expect(imp.body.message).toBe("Сценарий импортирован как черновик: исправьте ошибки перед публикацией");
    const pub = await api("POST", `${base(b)}/${imp.body.flowId}/publish`, { token: b.token });
    expect(pub.status).toBe(400);

    const notFlow = await api("POST", `${base(b)}/import`, { token: b.token, body: { format: "other", version: 1, name: "x", graph: { steps: [], transitions: [] } } });
    expect(notFlow.status).toBe(400);
    expect(notFlow.body.details.fields.format).toEqual(["Это не файл сценария Assistly"]);
    const badStep = await api("POST", `${base(b)}/import`, { token: b.token, body: { ...file, graph: { ...file.graph, steps: [start(), msg("m", "")] } } });
    expect(badStep.status).toBe(400);
    expect(badStep.body.details.fields["graph.steps.1.flowConfig.text"]).toBeTruthy();
    expect((await api("GET", base(b), { token: b.token })).body.meta.total).toBe(1);
  });
});

describe("flows: broadcasts, roles and accounts", () => {
  it("a broadcast button takes a published flow of the account; such a flow cannot be deleted while the broadcast is scheduled", async () => {
    const s = await bcSetup({ contacts: 1, quota: 10 });
    const draft = await createFlow(s, { name: "Черновик" });
    const refused = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { content: { text: "Оставьте заявку", buttons: [{ label: "Заявка", flowId: draft.flowId }] } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields["content.buttons.0.flowId"]).toEqual(["Сценарий не найден или не опубликован"]);
    const foreign = await createFlow(await ownerWithAccount(), { name: "Чужой", template: "greeting_menu" });
    const withForeign = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { content: { text: "Оставьте заявку", buttons: [{ label: "Заявка", flowId: foreign.flowId }] } }),
    });
    expect(withForeign.status).toBe(400);

    const lead = await createFlow(s, { name: "Сбор заявки", template: "lead_capture" });
    expect((await api("POST", `/accounts/${s.accountId}/flows/${lead.flowId}/publish`, { token: s.token })).status).toBe(200);
    const bc = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { name: "Зимняя акция", content: { text: "Оставьте заявку", buttons: [{ label: "Заявка", flowId: lead.flowId }] } }),
    });
    expect(bc.status).toBe(201);
    expect(bc.body.content.buttons).toEqual([{ label: "Заявка", flowId: lead.flowId }]);
    // a draft broadcast does not hold the flow; a scheduled one does
    const scheduled = await api("POST", `/accounts/${s.accountId}/broadcasts/${bc.body.broadcastId}/start`, { token: s.token, body: { at: "2099-01-15T10:30" } });
    expect(scheduled.body.status).toBe("scheduled");
    const del = await api("DELETE", `/accounts/${s.accountId}/flows/${lead.flowId}`, { token: s.token });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe("FLOW_IN_USE");
    expect(del.body.message).toContain("«Зимняя акция»");
    expect(del.body.details.broadcasts).toEqual([{ broadcastId: bc.body.broadcastId, name: "Зимняя акция" }]);
    await api("POST", `/accounts/${s.accountId}/broadcasts/${bc.body.broadcastId}/cancel`, { token: s.token });
    expect((await api("DELETE", `/accounts/${s.accountId}/flows/${lead.flowId}`, { token: s.token })).status).toBe(200);
  });

  it("operators read flows but every write is 403; an admin writes", async () => {
    const o = await ownerWithAccount();
    const f = await createFlow(o, { name: "Меню", template: "greeting_menu" });
    const op = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", base(o), { token: op.token })).body.data).toHaveLength(1);
    expect((await api("GET", `${base(o)}/${f.flowId}`, { token: op.token })).status).toBe(200);
    expect((await api("GET", `${base(o)}/${f.flowId}/export`, { token: op.token })).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ["POST", base(o), { name: "x" }],
      ["PATCH", `${base(o)}/${f.flowId}`, { name: "x" }],
      ["PUT", `${base(o)}/${f.flowId}/graph`, { ...simple(), revision: 1 }],
      ["POST", `${base(o)}/${f.flowId}/publish`],
      ["POST", `${base(o)}/${f.flowId}/unpublish`],
      ["POST", `${base(o)}/${f.flowId}/duplicate`],
      ["POST", `${base(o)}/import`, { format: "assistly-flow", version: 1, name: "x", graph: simple() }],
      ["DELETE", `${base(o)}/${f.flowId}`],
    ];
    for (const [method, path, body] of writes) expect((await api(method, path, { token: op.token, body })).status, `${method} ${path}`).toBe(403);
    expect((await api("GET", `${base(o)}/${f.flowId}`, { token: o.token })).body.revision).toBe(1);
    const admin = await addMember(o.token, o.accountId, "admin");
    expect((await api("POST", `${base(o)}/${f.flowId}/publish`, { token: admin.token })).status).toBe(200);
  });

  it("another account's flow is a 404 under this account", async () => {
    const a = await ownerWithAccount();
    const b = await ownerWithAccount();
    const f = await createFlow(a, { name: "Меню", template: "greeting_menu" });
    for (const [method, suffix] of [
      ["GET", ""],
      ["PATCH", ""],
      ["DELETE", ""],
      ["PUT", "/graph"],
      ["POST", "/publish"],
      ["POST", "/duplicate"],
      ["GET", "/export"],
    ] as const) {
      const body = method === "PATCH" ? { name: "Взлом" } : method === "PUT" ? { ...simple(), revision: 1 } : undefined;
      const r = await api(method, `${base(b)}/${f.flowId}${suffix}`, { token: b.token, body });
      expect(r.status, `${method} ${suffix}`).toBe(404);
      expect(r.body.code).toBe("FLOW_NOT_FOUND");
    }
    const card = await api("GET", `${base(a)}/${f.flowId}`, { token: a.token });
    expect(card.body).toMatchObject({ name: "Меню", revision: 1, status: "draft" });
  });
});
