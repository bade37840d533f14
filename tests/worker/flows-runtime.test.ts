import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { modelRequests, scopeToken, scriptModel } from "./ai-helpers";
import { igComment, metaSignature } from "../fakes/meta";
import { fakeRequests, metaBase, sleep, waitFor } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { keywordsDuringRun } from "../../worker/features/flows/runtime/engine";
import { flowSlot } from "../../worker/features/flows/runtime/handler";
import { addMember, api, BASE, lastMailTo, ownerWithAccount } from "./helpers";

/**
 * The flow runtime through the real chain: a webhook from the fake Telegram → inbound queue →
 * ingest → the handler chain's flow slot → the flow's sends on the outbound queue → the fake Bot
 * API, asserted in the order the fake received them.
 */
const menu = () =>
  graph(
    [
      step("s", "start", { triggers: [keyword("меню")] }),
      step("m", "message", { text: "Здравствуйте, {{name}}! Что вас интересует?", buttons: [{ id: "price", label: "Цены" }, { id: "addr", label: "Адрес" }, { id: "site", label: "Сайт", url: "https://example.ru" }] }, "Меню"),
      step("p", "message", { text: "Стрижка — 1500 ₽", buttons: [] }, "Цены"),
      step("a", "message", { text: "Мы на Тверской, 1", buttons: [] }, "Адрес"),
      step("o", "message", { text: "Не понял, напишите «меню»", buttons: [] }, "Другое"),
      step("e", "end"),
    ],
    [link("s", "m"), link("m", "p", "button:price"), link("m", "a", "button:addr"), link("m", "o"), link("p", "e"), link("a", "e"), link("o", "e")],
  );

describe("flows: triggers and message steps", () => {
  it("a keyword starts the flow; Telegram gets an inline keyboard, a pressed button takes its branch, the chat shows the steps", async () => {
    const s = await tgSetup();
    const flowId = await publishFlow(s.accountId, "Меню", menu());
    await s.say("Меню");
    const first = await s.waitSent(1);
    expect(first[0]!.text).toBe("Здравствуйте, Иван! Что вас интересует?");
    expect(first[0]!.reply_markup.inline_keyboard).toEqual([[{ text: "Цены", callback_data: "fl:price" }], [{ text: "Адрес", callback_data: "fl:addr" }], [{ text: "Сайт", url: "https://example.ru" }]]);
    expect(await s.run()).toMatchObject({ flow_id: flowId, status: "waiting", step_name: "Меню", flow_version: 1 });
    await s.press("fl:price", "Цены");
    const all = await s.waitSent(2);
    expect(all.map((m) => m.text)).toEqual(["Здравствуйте, Иван! Что вас интересует?", "Стрижка — 1500 ₽"]);
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run ends");
    const lines = await s.lines();
    expect(lines.map((l) => l.flowEvent)).toEqual(["started", "step", "step", "step", "ended"]);
    expect(lines[1]).toMatchObject({ flowId, flowName: "Меню", stepName: "Меню", stepType: "message" });
    // The assistant never saw the flow's messages: no assistant run for them.
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ?").bind(s.accountId).first<{ n: number }>();
    expect(runs!.n).toBe(0);
  });
});

describe("flows: the other triggers", () => {
  it("the first message of a new contact starts a newContact flow once; later messages go to the assistant's side", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "Приветствие", graph([step("s", "start", { triggers: [{ type: "newContact", channels: [] }] }), step("m", "message", { text: "Добро пожаловать!", buttons: [] })], [link("s", "m")]));
    await s.say("Привет");
    await s.waitSent(1);
    await s.say("Ещё раз привет");
    await sleep(1500);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Добро пожаловать!"]);
    expect((await s.run())!.status).toBe("ended");
  });

  it("a broadcast button with a flow starts it for the contact who presses it", async () => {
    const s = await tgSetup();
    const flowId = await publishFlow(s.accountId, "Запись", graph([step("s", "start", { triggers: [{ type: "broadcastButton" }] }), step("m", "message", { text: "Выберите день", buttons: [] })], [link("s", "m")]));
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO broadcasts (id, account_id, name, status, audience, message, pacing, created_at, updated_at) VALUES ('bcflow1', ?1, 'Акция', 'completed', '{}', ?2, '{}', ?3, ?3)`,
    )
      .bind(s.accountId, JSON.stringify({ text: "Скидка", buttons: [{ label: "Записаться", flowId }] }), now)
      .run();
    await s.press("bc:bcflow1:0", "Записаться");
    expect((await s.waitSent(1)).map((m) => m.text)).toEqual(["Выберите день"]);
    expect(await s.run()).toMatchObject({ flow_id: flowId, trigger: "broadcastButton" });
  });

  it("an operator starts a published flow on a thread (manual), stops it, and a draft cannot be started", async () => {
    const s = await tgSetup();
    await s.say("Здравствуйте");
    await waitFor(() => s.thread(), 10_000, "the thread");
    const t = (await s.thread())!;
    const flowId = await publishFlow(s.accountId, "Опрос", graph([step("s", "start", { triggers: [{ type: "manual" }] }), step("q", "question", { text: "Как вас зовут?", kind: "text", errorText: "", maxRetries: 1 }, "Имя")], [link("s", "q")]));
    const op = await addMember(s.token, s.accountId, "operator");
    const started = await api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "start", flowId } });
    expect(started.status).toBe(200);
    expect(started.body.flow).toMatchObject({ flowId, flowName: "Опрос", status: "waiting", stepName: "Имя" });
    expect((await s.waitSent(1)).map((m) => m.text)).toEqual(["Как вас зовут?"]);
    const list = await api("GET", `/accounts/${s.accountId}/contacts/chat-contacts`, { token: op.token });
    expect(list.body.data[0].thread.flow).toMatchObject({ flowId, status: "waiting" });
    const stopped = await api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "stop" } });
    expect(stopped.body.flow).toBeNull();
    expect((await s.run())).toMatchObject({ status: "ended", end_reason: "stopped" });
    expect((await s.lines()).map((l) => l.flowEvent)).toEqual(["started", "step", "ended"]);
    await env.DB.prepare("UPDATE flows SET status = 'draft', published_version = NULL WHERE id = ?").bind(flowId).run();
    const draft = await api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "start", flowId } });
    expect(draft.status).toBe(409);
    const bad = await api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "jump" } });
    expect(bad.status).toBe(400);
  });

  it("an operator's start over a waiting run replaces it, and the chat says an operator did", async () => {
    const s = await tgSetup();
    await s.say("Здравствуйте");
    await waitFor(() => s.thread(), 10_000, "the thread");
    const t = (await s.thread())!;
    const ask = (name: string, text: string) => graph([step("s", "start", { triggers: [{ type: "manual" }] }), step("q", "question", { text, kind: "text", errorText: "", maxRetries: 1 }, name)], [link("s", "q")]);
    const surveyId = await publishFlow(s.accountId, "Опрос", ask("Имя", "Как вас зовут?"));
    const deliveryId = await publishFlow(s.accountId, "Доставка", ask("Адрес", "Куда доставить?"));
    const op = await addMember(s.token, s.accountId, "operator");
    const start = (flowId: string) => api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "start", flowId } });
    expect((await start(surveyId)).status).toBe(200);
    await s.waitSent(1);
    const survey = (await s.run())!;
    expect((await start(deliveryId)).body.flow).toMatchObject({ flowId: deliveryId, status: "waiting" });
    expect((await s.waitSent(2)).map((m) => m.text)).toEqual(["Как вас зовут?", "Куда доставить?"]);
    const lines = await s.lines();
    const at = lines.findIndex((l) => l.reason === "replaced");
    expect(lines[at]).toMatchObject({
      content: "Сценарий «Опрос» прерван: оператор запустил сценарий «Доставка»",
      flowEvent: "ended",
      flowId: surveyId,
      runId: survey.id,
      replacedBy: "Доставка",
      replacedVia: "operator",
    });
    expect(lines[at + 1]).toMatchObject({ flowEvent: "started", flowName: "Доставка" });
  });
});

describe("flows: questions", () => {
  const lead = () =>
    graph(
      [
        step("s", "start", { triggers: [keyword("заявка")] }),
        step("q", "question", { text: "Ваш e-mail?", kind: "email", errorText: "Это не похоже на e-mail, попробуйте ещё раз", maxRetries: 2, saveTo: { kind: "field", key: "email" } }, "E-mail"),
        step("p", "question", { text: "Ваш телефон?", kind: "phone", errorText: "", maxRetries: 0, saveTo: { kind: "variable", name: "phone" } }, "Телефон"),
        step("ok", "message", { text: "Спасибо! Пишем на {{email}}, звоним на {{var.phone}}", buttons: [] }),
        step("no", "message", { text: "Не удалось записать ответ", buttons: [] }),
      ],
      [link("s", "q"), link("q", "p"), link("q", "no", "noAnswer"), link("p", "ok"), link("p", "no", "noAnswer")],
    );

  it("re-asks with the error text, saves a valid answer into the custom field (typed) and a variable, then continues", async () => {
    const s = await tgSetup();
    await api("POST", `/accounts/${s.accountId}/custom-fields`, { token: s.token, body: { key: "email", label: "E-mail", type: "email" } });
    await publishFlow(s.accountId, "Заявка", lead());
    await s.say("заявка");
    await s.waitSent(1);
    await s.say("не скажу");
    await s.waitSent(2);
    await s.say("Anna@Example.ru");
    await s.waitSent(3);
    await s.say("+7 912 345-67-89");
    const sent = await s.waitSent(4);
    expect(sent.map((m) => m.text)).toEqual(["Ваш e-mail?", "Это не похоже на e-mail, попробуйте ещё раз", "Ваш телефон?", "Спасибо! Пишем на anna@example.ru, звоним на +7 912 345 67 89"]);
    const t = (await s.thread())!;
    const fields = await api("GET", `/accounts/${s.accountId}/contacts/${t.contact_id}`, { token: s.token });
    expect(fields.body.fieldValues).toMatchObject({ email: "anna@example.ru" });
  });

  it("takes the noAnswer branch when the retries are used up; a bad phone gets the §5 message", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "Заявка", lead());
    await s.say("заявка");
    await s.waitSent(1);
    for (const bad of ["a", "b"]) {
      await s.say(bad);
      await sleep(50);
    }
    await s.waitSent(3);
    await s.say("c");
    const sent = await s.waitSent(4);
    expect(sent.map((m) => m.text)).toEqual(["Ваш e-mail?", "Это не похоже на e-mail, попробуйте ещё раз", "Это не похоже на e-mail, попробуйте ещё раз", "Не удалось записать ответ"]);
    expect((await s.run())!.status).toBe("ended");
  });
});

describe("flows: conditions, actions, delays, goto", () => {
  it("branches on the time of day and weekday in the account's time zone, a tag, the channel, else", async () => {
    const tz = "Asia/Vladivostok";
    const s = await tgSetup(tz);
    const parts = new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", hourCycle: "h23", weekday: "short" }).formatToParts(new Date());
    const hour = Number(parts.find((p) => p.type === "hour")!.value);
    const wd = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.find((p) => p.type === "weekday")!.value) + 1;
    const hh = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, "0")}:00`;
    const tag = await api("POST", `/accounts/${s.accountId}/tags`, { token: s.token, body: { name: "VIP" } });
    const cond = (rules: unknown[]) =>
      graph(
        [
          step("s", "start", { triggers: [keyword("время")] }),
          step("c", "condition", { rules }),
          step("a", "message", { text: "Правило 1", buttons: [] }),
          step("b", "message", { text: "Правило 2", buttons: [] }),
          step("e", "message", { text: "Иначе", buttons: [] }),
        ],
        [link("s", "c"), link("c", "a", "branch:r1"), link("c", "b", "branch:r2"), link("c", "e", "else")],
      );
    // In the account's zone it is `hour` now: the window of the UTC hour (a different one) does not hold.
    const utcHour = new Date().getUTCHours();
    const flowId = await publishFlow(
      s.accountId,
      "Время",
      cond([
        { id: "r1", source: "time", op: "between", value: { from: hh(utcHour), to: hh(utcHour + 1) } },
        { id: "r2", source: "time", op: "between", value: { from: hh(hour), to: hh(hour + 1) } },
      ]),
    );
    await s.say("время");
    await s.waitSent(1);
    await publishFlow(s.accountId, "Время", cond([{ id: "r1", source: "weekday", op: "in", value: [((wd % 7) + 1)] }, { id: "r2", source: "tag", op: "has", value: tag.body.tagId }]), { flowId, version: 2 });
    await s.say("время");
    await s.waitSent(2);
    const t = (await s.thread())!;
    await api("PUT", `/accounts/${s.accountId}/contacts/${t.contact_id}/tags`, { token: s.token, body: { tagIds: [tag.body.tagId] } });
    await s.say("время");
    await s.waitSent(3);
    await publishFlow(s.accountId, "Время", cond([{ id: "r1", source: "weekday", op: "in", value: [wd] }, { id: "r2", source: "channel", op: "equals", value: "TELEGRAM" }]), { flowId, version: 3 });
    await s.say("время");
    const sent = await s.waitSent(4);
    expect(sent.map((m) => m.text)).toEqual(["Правило 2", "Иначе", "Правило 2", "Правило 1"]);
  });

  it("actions tag, set a field and hand off (AI off, pending, a hand-off note); a delay continues once after a restart; goto starts the next flow", async () => {
    const s = await tgSetup();
    await api("POST", `/accounts/${s.accountId}/custom-fields`, { token: s.token, body: { key: "city", label: "Город", type: "text" } });
    const tag = await api("POST", `/accounts/${s.accountId}/tags`, { token: s.token, body: { name: "Лид" } });
    const next = await publishFlow(s.accountId, "Финал", graph([step("s", "start", { triggers: [{ type: "manual" }] }), step("m", "message", { text: "Это второй сценарий", buttons: [] })], [link("s", "m")]));
    await publishFlow(
      s.accountId,
      "Действия",
      graph(
        [
          step("s", "start", { triggers: [keyword("старт")] }),
          step("a", "action", { actions: [{ type: "addTag", tagId: tag.body.tagId }, { type: "setField", key: "city", value: "Казань" }, { type: "handoff" }] }),
          step("m1", "message", { text: "Через секунду продолжу", buttons: [] }),
          step("d", "delay", { amount: 1, unit: "seconds" }, "Пауза"),
          step("m2", "message", { text: "Продолжаю из {{city}}", buttons: [] }),
          step("g", "goto", { flowId: next }),
        ],
        [link("s", "a"), link("a", "m1"), link("m1", "d"), link("d", "m2"), link("m2", "g")],
      ),
    );
    await s.say("старт");
    await s.waitSent(1);
    const waiting = (await s.run())!;
    expect(waiting).toMatchObject({ status: "waiting", step_name: "Пауза" });
    const t = (await s.thread())!;
    expect(t).toMatchObject({ status: "pending", is_gpt_active: 0 });
    const profile = await api("GET", `/accounts/${s.accountId}/contacts/${t.contact_id}`, { token: s.token });
    expect(profile.body.tags.map((x: { name: string }) => x.name)).toEqual(["Лид"]);
    expect(profile.body.fieldValues).toMatchObject({ city: "Казань" });
    // The timer is a delayed job on the queue; its state is in D1 only. Delivered (after a restart:
    // nothing of this isolate is needed) and delivered again later, it continues the run once.
    const job = { kind: "flow-timer" as const, accountId: s.accountId, threadId: t.id, runId: waiting.id, key: JSON.parse(waiting.wait).key, dueAt: JSON.parse(waiting.wait).dueAt };
    const { runFlowTimer } = await import("../../worker/features/flows/runtime/timer-job");
    await sleep(Math.max(0, job.dueAt - Date.now()) + 50);
    await runFlowTimer(env as never, job);
    await runFlowTimer(env as never, job);
    const sent = await s.waitSent(3);
    await sleep(1500);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Через секунду продолжу", "Продолжаю из Казань", "Это второй сценарий"]);
    expect(await s.run()).toMatchObject({ flow_id: next, status: "ended", trigger: "goto" });
    expect(sent.length).toBe(3);
    const notes = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE thread_id = ? AND json_extract(metadata, '$.event') = 'handoff'").bind(t.id).first<{ n: number }>();
    expect(notes!.n).toBe(1);
    const noteMeta = await env.DB.prepare("SELECT json_extract(metadata, '$.flowName') AS name FROM messages WHERE thread_id = ? AND json_extract(metadata, '$.event') = 'handoff'").bind(t.id).first<{ name: string }>();
    expect(noteMeta!.name).toBe("Действия");
    // The hand-off mails the team as the assistant's hand-off does (the same code path), once.
    const mail = await waitFor(async () => (await lastMailTo(s.email)).mail, 5000, "the hand-off mail");
    expect(mail.subject).toMatch(/ждёт оператора/);
    expect(mail.text).toContain("Сценарий «Действия» передал диалог оператору");
    expect(mail.text).toContain(`/${s.accountId}/apps/chat?c=${t.contact_id}&t=${t.id}`);
    const mails = await api("GET", `/dev/outbox?to=${encodeURIComponent(s.email)}&limit=50`);
    expect(mails.body.data.filter((m: { subject: string }) => /ждёт оператора/.test(m.subject)).length).toBe(1);
  });
});

describe("flows: exactly once, versions, people taking over", () => {
  it("a redelivered update is answered once", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "Меню", menu());
    const id = await s.say("меню");
    await s.say("меню", id);
    await s.waitSent(1);
    await sleep(1500);
    expect((await s.sent()).length).toBe(1);
    const turns = await env.DB.prepare("SELECT count(*) AS n FROM flow_turns WHERE account_id = ?").bind(s.accountId).first<{ n: number }>();
    expect(turns!.n).toBe(1);
  });

  it("a running conversation finishes on the version it started with after a new publish", async () => {
    const s = await tgSetup();
    const v = (text: string) =>
      graph([step("s", "start", { triggers: [keyword("опрос")] }), step("q", "question", { text: "Сколько вам лет?", kind: "number", errorText: "Введите число", maxRetries: 1 }), step("m", "message", { text, buttons: [] })], [link("s", "q"), link("q", "m")]);
    const flowId = await publishFlow(s.accountId, "Опрос", v("Спасибо (версия 1)"));
    await s.say("опрос");
    await s.waitSent(1);
    await publishFlow(s.accountId, "Опрос", v("Спасибо (версия 2)"), { flowId, version: 2 });
    await s.say("30");
    await s.waitSent(2);
    await s.say("опрос");
    await s.waitSent(3);
    await s.say("31");
    const sent = await s.waitSent(4);
    expect(sent.map((m) => m.text)).toEqual(["Сколько вам лет?", "Спасибо (версия 1)", "Сколько вам лет?", "Спасибо (версия 2)"]);
  });

  it("an operator's reply pauses the flow (the customer's answers wait), resume continues it; switching the AI off pauses too", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "Опрос", graph([step("s", "start", { triggers: [keyword("опрос")] }), step("q", "question", { text: "Ваше имя?", kind: "text", errorText: "", maxRetries: 1 }), step("m", "message", { text: "Спасибо!", buttons: [] })], [link("s", "q"), link("q", "m")]));
    await s.say("опрос");
    await s.waitSent(1);
    const t = (await s.thread())!;
    const op = await addMember(s.token, s.accountId, "operator");
    await api("POST", `/accounts/${s.accountId}/contacts/${t.contact_id}/messages`, { token: op.token, body: { content: "Я подключился", threadId: t.id } });
    expect((await s.run())!.status).toBe("paused");
    await s.say("Ольга");
    await sleep(1500);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Ваше имя?", "Я подключился"]);
    const resumed = await api("POST", `/accounts/${s.accountId}/contacts/threads/${t.id}/flow`, { token: op.token, body: { action: "resume" } });
    expect(resumed.body.flow).toMatchObject({ status: "waiting" });
    await s.say("Ольга");
    expect((await s.waitSent(3)).map((m) => m.text)).toEqual(["Ваше имя?", "Я подключился", "Спасибо!"]);
    expect((await s.lines()).map((l) => l.flowEvent)).toEqual(["started", "step", "paused", "resumed", "step", "ended"]);

    await s.say("опрос");
    await s.waitSent(4);
    await api("PATCH", `/accounts/${s.accountId}/contacts/threads/${t.id}`, { token: op.token, body: { isGptActive: false } });
    expect((await s.run())!.status).toBe("paused");
  });
});

describe("flows: test run, counts, stats", () => {
  it("runs the draft in the member's test chat; the digits of the numbered list are choices; stats count steps", async () => {
    const s = await tgSetup();
    const created = await api("POST", `/accounts/${s.accountId}/flows`, { token: s.token, body: { name: "Черновик" } });
    const flowId = created.body.flowId as string;
    await env.DB.prepare("UPDATE flows SET graph = ? WHERE id = ?").bind(JSON.stringify(menu()), flowId).run();
    const test = await api("POST", `/accounts/${s.accountId}/flows/${flowId}/test`, { token: s.token });
    expect(test.status).toBe(200);
    const threadId = test.body.threadId as string;
    const texts = async () =>
      (await env.DB.prepare("SELECT content FROM messages WHERE thread_id = ? AND direction = 'outgoing' ORDER BY created_at, id").bind(threadId).all<{ content: string }>()).results.map((r) => r.content);
    expect((await texts())[0]).toBe("Здравствуйте, Владелец! Что вас интересует?\n\n1. Цены\n2. Адрес\nСайт: https://example.ru");
    const posted = await api("POST", `/accounts/${s.accountId}/contacts/test-bot/messages`, { token: s.token, body: { content: "2" } });
    expect(posted.status).toBe(201);
    await waitFor(async () => (await texts()).length === 2, 5000, "the branch");
    expect((await texts())[1]).toBe("Мы на Тверской, 1");
    const run = await env.DB.prepare("SELECT * FROM flow_runs WHERE thread_id = ?").bind(threadId).first<Record<string, any>>();
    expect(run).toMatchObject({ flow_version: 0, is_test: 1, status: "ended" });
    const stats = await api("GET", `/accounts/${s.accountId}/flows/${flowId}/stats?days=7`, { token: s.token });
    expect(stats.body).toMatchObject({ started: 1, completed: 1, steps: { m: { entered: 1, completed: 1, dropped: 0 }, a: { entered: 1, completed: 1 } } });
    const list = await api("GET", `/accounts/${s.accountId}/flows`, { token: s.token });
    expect(list.body.data.find((f: { flowId: string }) => f.flowId === flowId)).toMatchObject({ started7d: 1, completed7d: 1 });
    expect((await api("GET", `/accounts/${s.accountId}/flows/${flowId}/stats?days=0`, { token: s.token })).status).toBe(400);
  });
});

describe("flows: the AI step", () => {
  it("hands the conversation to the step's assistant with its instructions until the goal phrase, then continues (one chain)", async () => {
    const s = await tgSetup();
    const a = await api("POST", `/accounts/${s.accountId}/assistants`, { token: s.token, body: { name: "Консультант", instructions: "Ты — консультант мебельного магазина." } });
    const scope = scopeToken("flowai");
    await scriptModel(scope, [{ content: "Какой у вас бюджет?" }, { content: "Отлично, передаю менеджеру." }]);
    await publishFlow(
      s.accountId,
      "Консультация",
      graph(
        [
          step("s", "start", { triggers: [{ type: "keyword", match: "contains", keywords: ["консультация"], channels: ["TELEGRAM"] }] }),
          step("ai", "ai", { assistantId: a.body.assistantId, instructions: "Узнай бюджет клиента.", goalPhrase: "передаю менеджеру", maxTurns: 5 }, "Консультант"),
          step("m", "message", { text: "Менеджер свяжется с вами сегодня", buttons: [] }),
        ],
        [link("s", "ai"), link("ai", "m")],
      ),
    );
    // The message that started the run and brought it to the AI step (sending nothing) is the step's first turn.
    await s.say(`консультация ${scope} нужен диван`);
    await s.waitSent(1);
    expect(await s.run()).toMatchObject({ step_name: "Консультант", status: "waiting" });
    await s.say(`${scope} до 50 тысяч`);
    const sent = await s.waitSent(3);
    expect(sent.map((m) => m.text)).toEqual(["Какой у вас бюджет?", "Отлично, передаю менеджеру.", "Менеджер свяжется с вами сегодня"]);
    const reqs = await modelRequests(scope);
    expect(reqs.length).toBe(2);
    expect(JSON.stringify(reqs[0]!.body.messages[0])).toContain("Узнай бюджет клиента.");
    expect((await s.run())!.status).toBe("ended");
  });
});

describe("flows: Instagram comment keyword", () => {
  it("a matching comment gets the private reply through the comment reply path, and the flow starts in the contact's DM thread once", async () => {
    const { token, accountId } = await ownerWithAccount();
    const igId = String(17841400000000000 + Math.floor(Math.random() * 1e9));
    const c = await api("PUT", `/accounts/${accountId}/platform-instagram`, { token, body: { instagramAccountId: igId, accessToken: `EAAG-test-token-${igId}` } });
    expect(c.status).toBe(200);
    const flowId = await publishFlow(
      accountId,
      "Прайс из комментария",
      graph([step("s", "start", { triggers: [{ type: "commentKeyword", match: "contains", keywords: ["цена"], replyText: "Отправили прайс в директ" }] }), step("q", "question", { text: "Какой размер вам нужен?", kind: "text", errorText: "", maxRetries: 1 }, "Размер")], [link("s", "q")]),
    );
    const post = (body: unknown) => {
      const raw = JSON.stringify(body);
      return SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
    };
    const from = { id: `77${Math.floor(Math.random() * 1e6)}`, username: "olga_home" };
    await post(igComment(igId, "cf-1", "media-F", from, "Какая цена?"));
    await post(igComment(igId, "cf-1", "media-F", from, "Какая цена?"));
    const dms = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes(`/${igId}/messages`) && x.body?.recipient?.comment_id === "cf-1");
      return r.length ? r : null;
    }, 10_000, "the private reply");
    expect(dms[0]!.body.message).toEqual({ text: "Отправили прайс в директ" });
    const run = await waitFor(() => env.DB.prepare("SELECT r.*, t.kind FROM flow_runs r JOIN threads t ON t.id = r.thread_id WHERE r.account_id = ?").bind(accountId).first<Record<string, any>>(), 10_000, "the run");
    expect(run).toMatchObject({ flow_id: flowId, trigger: "commentKeyword", kind: "dm", status: "waiting", step_name: "Размер" });
    await sleep(500);
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM flow_runs WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(runs!.n).toBe(1);
    const asked = await env.DB.prepare("SELECT content FROM messages WHERE thread_id = ? AND direction = 'outgoing' ORDER BY created_at, id").bind(run.thread_id).all<{ content: string }>();
    expect(asked.results.map((r) => r.content)).toEqual(["Отправили прайс в директ", "Какой размер вам нужен?"]);
  });
});

describe("flows: a customer's message the flow does not answer", () => {
  // The QA engineer's flow: a menu whose «Другой ответ» ends the run; «Пледы» hands off, then ends.
  const textile = () =>
    graph(
      [
        step("s", "start", { triggers: [{ type: "keyword", match: "contains", keywords: ["текстиль", "подбор"], channels: [] }] }),
        step("m", "message", { text: "Что подобрать?", buttons: [{ id: "bed", label: "Постельное бельё" }, { id: "plaid", label: "Пледы" }] }, "Выбор"),
        step("b", "message", { text: "Бельё из сатина и льна", buttons: [] }, "Бельё"),
        step("h", "action", { actions: [{ type: "handoff" }] }, "Менеджеру"),
        step("e", "end", {}, "Конец"),
      ],
      [link("s", "m"), link("m", "b", "button:bed"), link("m", "h", "button:plaid"), link("m", "e"), link("b", "e"), link("h", "e")],
    );

  it("a free-text reply that ends the run through «Другой ответ» → Конец goes to the assistant, which answers it", async () => {
    const s = await tgSetup(undefined, { assistant: "Консультант" });
    const scope = scopeToken("other");
    await scriptModel(scope, [{ content: "Сейчас скидка 10% на пледы." }]);
    await publishFlow(s.accountId, "QA Подбор текстиля", textile());
    await s.say("подбор текстиля для дачи");
    await s.waitSent(1);
    await s.say(`не знаю пока, а какие у вас есть скидки? ${scope}`);
    const sent = await s.waitSent(2);
    expect(sent.map((m) => m.text)).toEqual(["Что подобрать?", "Сейчас скидка 10% на пледы."]);
    expect(await s.run()).toMatchObject({ status: "ended", end_reason: "completed" });
    const t = await waitFor(async () => ((await s.thread())?.gpt_status === "COMPLETED" ? s.thread() : null), 5000, "the reply settles");
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE thread_id = ? AND status = 'done'").bind(t!.id).first<{ n: number }>();
    expect(runs!.n).toBe(1);
    expect((await modelRequests(scope)).length).toBe(1);
  });

  it("a message that brings the run to an AI step without a send is the step's first turn; a repeat of it passes it on again", async () => {
    const s = await tgSetup(undefined, { assistant: "Консультант" });
    const scope = scopeToken("greet");
    await scriptModel(scope, [{ content: "Плед вязаный стоит 2 500 ₽." }]);
    await publishFlow(
      s.accountId,
      "Приветствие и меню",
      graph(
        [
          step("s", "start", { triggers: [{ type: "newContact", channels: [] }] }),
          step("menu", "message", { text: "Здравствуйте! Чем помочь?", buttons: [{ id: "catalog", label: "Подобрать товар" }, { id: "delivery", label: "Доставка" }] }, "Меню"),
          step("consult", "ai", { assistantId: s.assistantId, instructions: "Помоги подобрать товар.", goalPhrase: "ЗАКАЗ ОФОРМЛЕН", maxTurns: 12 }, "Консультант"),
          step("d", "message", { text: "Доставляем за 1–2 дня", buttons: [] }),
          step("e", "end"),
        ],
        [link("s", "menu"), link("menu", "consult", "button:catalog"), link("menu", "d", "button:delivery"), link("menu", "consult"), link("consult", "e"), link("d", "e")],
      ),
    );
    await s.say(`Сколько стоит плед вязаный? ${scope}`);
    await s.waitSent(1);
    await s.say(`Сколько стоит плед вязаный? ${scope}`);
    const sent = await s.waitSent(2);
    expect(sent.map((m) => m.text)).toEqual(["Здравствуйте! Чем помочь?", "Плед вязаный стоит 2 500 ₽."]);
    const reqs = await modelRequests(scope);
    expect(reqs.length).toBe(1);
    expect(JSON.stringify(reqs[0]!.body.messages[0])).toContain("Помоги подобрать товар.");
    const run = (await s.run())!;
    expect(run).toMatchObject({ status: "waiting", step_name: "Консультант" });
    expect(JSON.parse(run.wait)).toMatchObject({ kind: "ai", turns: 1 });
    // The same message through the chain again (a redelivery): the ledger says it was handed on.
    const t = (await s.thread())!;
    const second = await env.DB.prepare("SELECT id FROM messages WHERE thread_id = ? AND direction = 'incoming' ORDER BY created_at DESC, id DESC LIMIT 1").bind(t.id).first<{ id: string }>();
    const item = { accountId: s.accountId, threadId: t.id, messageId: second!.id, flows: true };
    expect(await flowSlot(env as never, [item])).toEqual([item]);
  });

  it("the chat shows the hand-off note where the Action step ran, before the run's end", async () => {
    const s = await tgSetup();
    await publishFlow(s.accountId, "QA Подбор текстиля", textile());
    await s.say("текстиль");
    await s.waitSent(1);
    await s.press("fl:plaid", "Пледы");
    await waitFor(async () => (await s.lines()).some((l) => l.event === "handoff"), 5000, "the hand-off note");
    const lines = await s.lines();
    expect(lines.map((l) => l.flowEvent ?? l.event)).toEqual(["started", "step", "step", "handoff", "step", "ended"]);
    expect(lines.map((l) => l.stepName ?? null).slice(1, 5)).toEqual(["Выбор", "Менеджеру", null, "Конец"]);
    expect(lines[3]!.content).toBe("Сценарий «QA Подбор текстиля» передал диалог оператору");
  });
});

describe("flows: another flow's keyword while a run waits", () => {
  it("an exact keyword of a published flow ends the run in an AI step or a delay and starts that flow; the run's own button still counts", async () => {
    const s = await tgSetup(undefined, { assistant: "Консультант" });
    const scope = scopeToken("kw");
    await scriptModel(scope, [{ content: "Расскажу о скидках." }], { repeatLast: true });
    const menuId = await publishFlow(
      s.accountId,
      "Меню",
      graph(
        [
          step("s", "start", { triggers: [keyword("привет")] }),
          step("m", "message", { text: "Чем помочь?", buttons: [{ id: "zap", label: "Записаться" }, { id: "x", label: "Другое" }] }, "Меню"),
          step("z", "message", { text: "Запись из меню", buttons: [] }),
          step("ai", "ai", { assistantId: s.assistantId, instructions: "Отвечай о скидках.", maxTurns: 10 }, "Консультант"),
          step("e", "end"),
        ],
        [link("s", "m"), link("m", "z", "button:zap"), link("m", "ai"), link("m", "e", "button:x"), link("z", "e"), link("ai", "e")],
      ),
    );
    const bookingId = await publishFlow(
      s.accountId,
      "Запись",
      graph([step("s", "start", { triggers: [keyword("записаться")] }), step("m", "message", { text: "Свободно завтра в 10:00", buttons: [{ id: "ok", label: "Подтвердить" }] }, "Слот")], [link("s", "m")]),
    );
    await publishFlow(s.accountId, "Пауза", graph([step("s", "start", { triggers: [keyword("пауза")] }), step("d", "delay", { amount: 1, unit: "hours" }, "Ждём"), step("m", "message", { text: "Прошёл час", buttons: [] })], [link("s", "d"), link("d", "m")]));

    // The current run's button (its label is the other flow's keyword) stays the run's.
    await s.say("привет");
    await s.waitSent(1);
    await s.press("fl:zap", "Записаться");
    await s.waitSent(2);
    await s.say("привет");
    await s.waitSent(3);
    await s.say(`а скидки есть? ${scope}`);
    await s.waitSent(4);
    const inAi = (await s.run())!;
    expect(inAi).toMatchObject({ flow_id: menuId, status: "waiting", step_name: "Консультант" });
    // In the AI step, the keyword starts the other flow; the assistant never gets it.
    await s.say("Записаться");
    await s.waitSent(5);
    expect(await env.DB.prepare("SELECT status, end_reason FROM flow_runs WHERE id = ?").bind(inAi.id).first()).toEqual({ status: "ended", end_reason: "replaced" });
    const booking = (await s.run())!;
    expect(booking).toMatchObject({ flow_id: bookingId, trigger: "keyword", status: "waiting", step_name: "Слот" });
    // The same message through the chain again (a redelivery) replaces nothing: the run it started goes on.
    const t = (await s.thread())!;
    const last = await env.DB.prepare("SELECT id FROM messages WHERE thread_id = ? AND direction = 'incoming' ORDER BY created_at DESC, id DESC LIMIT 1").bind(t.id).first<{ id: string }>();
    expect(await flowSlot(env as never, [{ accountId: s.accountId, threadId: t.id, messageId: last!.id, flows: true }])).toEqual([]);
    expect(await s.run()).toMatchObject({ id: booking.id, status: "waiting", rev: booking.rev });
    // In a delay too.
    await s.say("пауза");
    await waitFor(async () => (await s.run())?.step_name === "Ждём", 5000, "the delay");
    await s.say("записаться");
    const sent = await s.waitSent(6);
    expect(sent.map((m) => m.text)).toEqual(["Чем помочь?", "Запись из меню", "Чем помочь?", "Расскажу о скидках.", "Свободно завтра в 10:00", "Свободно завтра в 10:00"]);
    expect(await s.run()).toMatchObject({ flow_id: bookingId, status: "waiting" });
    expect((await modelRequests(scope)).length).toBe(1);
  });

  it("a «contains» keyword hits its word in any form, not a longer word: «Это оптимальнее» stays with the AI step, «Куплю оптом» starts the flow, and the chat says which run it ended", async () => {
    const s = await tgSetup(undefined, { assistant: "Консультант" });
    const scope = scopeToken("opt");
    await scriptModel(scope, [{ content: "Подскажу по тарифам." }], { repeatLast: true });
    const consultId = await publishFlow(
      s.accountId,
      "Консультация",
      graph(
        [
          step("s", "start", { triggers: [keyword("вопрос")] }),
          step("m", "message", { text: "Задайте вопрос", buttons: [] }),
          step("ai", "ai", { assistantId: s.assistantId, instructions: "Отвечай о тарифах.", maxTurns: 10 }, "Консультант"),
          step("e", "end"),
        ],
        [link("s", "m"), link("m", "ai"), link("ai", "e")],
      ),
    );
    const wholesaleId = await publishFlow(
      s.accountId,
      "Опт",
      graph(
        [step("s", "start", { triggers: [{ type: "keyword", match: "contains", keywords: ["опт"], channels: [] }] }), step("m", "message", { text: "Оптовый прайс", buttons: [] }, "Прайс"), step("e", "end")],
        [link("s", "m"), link("m", "e")],
      ),
    );
    await s.say("вопрос");
    await s.waitSent(1);
    const inAi = (await s.run())!;
    expect(inAi).toMatchObject({ flow_id: consultId, status: "waiting", step_name: "Консультант" });
    // «оптимальнее» is not the keyword «опт»: the AI step answers it and its run goes on.
    await s.say(`Это оптимальнее ${scope}`);
    await s.waitSent(2);
    expect(await s.run()).toMatchObject({ id: inAi.id, status: "waiting", step_name: "Консультант" });
    // «оптом» is: the flow «Опт» replaces the run.
    await s.say("Куплю оптом");
    await s.waitSent(3);
    expect(await env.DB.prepare("SELECT status, end_reason FROM flow_runs WHERE id = ?").bind(inAi.id).first()).toEqual({ status: "ended", end_reason: "replaced" });
    const wholesale = (await s.run())!;
    expect(wholesale).toMatchObject({ flow_id: wholesaleId, trigger: "keyword" });
    // The chat says so, as the replaced run's line, just before the new run's «запущен».
    const lines = await s.lines();
    const at = lines.findIndex((l) => l.reason === "replaced");
    expect(lines[at]).toMatchObject({
      content: "Сценарий «Консультация» прерван: клиент написал ключевое слово сценария «Опт»",
      flowEvent: "ended",
      flowId: consultId,
      flowName: "Консультация",
      runId: inAi.id,
      replacedBy: "Опт",
    });
    expect(lines[at + 1]).toMatchObject({ flowEvent: "started", flowName: "Опт", runId: wholesale.id });
    expect(lines.filter((l) => l.reason === "replaced")).toHaveLength(1);
    // Without a run as well: «оптимальнее» starts nothing and goes to the assistant.
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run «Опт» ends");
    await s.say(`Это оптимальнее ${scope}`);
    const sent = await s.waitSent(4);
    expect(sent.map((m) => m.text)).toEqual(["Задайте вопрос", "Подскажу по тарифам.", "Оптовый прайс", "Подскажу по тарифам."]);
    expect(await s.run()).toMatchObject({ id: wholesale.id, status: "ended", end_reason: "completed" });
    expect((await modelRequests(scope)).length).toBe(2);
  });

  it("which keywords count depends on what the run waits for", () => {
    const g = graph(
      [step("q", "question", { text: "Город?", kind: "text" }), step("c", "question", { text: "Доставка?", kind: "choice", options: [{ id: "y", label: "Да" }] })],
      [],
    ) as never;
    const choice = { kind: "choice" as const, stepId: "m", buttons: [{ id: "zap", label: "Записаться" }] };
    expect(keywordsDuringRun(g, choice, "записаться", null)).toBe("none");
    expect(keywordsDuringRun(g, choice, "2", null)).toBe("any");
    expect(keywordsDuringRun(g, choice, "что-то", "fl:old")).toBe("none");
    expect(keywordsDuringRun(g, { kind: "question", stepId: "q" }, "записаться", null)).toBe("exact");
    expect(keywordsDuringRun(g, { kind: "question", stepId: "c" }, "да", null)).toBe("none");
    expect(keywordsDuringRun(g, { kind: "ai", stepId: "ai", turns: 0, assistantId: "", instructions: "" }, "записаться", null)).toBe("any");
  });
});
