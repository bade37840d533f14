import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, addMember, api, env, ownerWithAccount } from "./helpers";
import { modelRequests, scopeToken, scriptModel, waitFor } from "./ai-helpers";
import { makeDocx, makePdf } from "./knowledge-docs";
import { indexText } from "../../worker/features/knowledge/indexing";
import { retrieve } from "../../worker/features/knowledge/retrieval";

/**
 * The knowledge base end to end: sources through the API, documents and pages indexed by the real
 * jobs queue, the search the page shows, and the assistant's turn (the search_knowledge trace, the
 * chosen sources, the hand-off of an uncovered question) through the test chat.
 */
const pagesUrl = () => (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).PAGES_FAKE_URL!;

const RETURNS_DOC = [
  "Правила магазина «Зелёный дом»",
  "",
  "Возврат товара",
  "Возврат растений надлежащего качества возможен в течение 7 дней с момента получения, если растение не повреждено. Деньги возвращаем на карту в течение трёх рабочих дней.",
  "",
  "Уход за растениями",
  "Поливайте монстеру раз в неделю отстоянной водой, опрыскивайте листья летом.",
  "",
  "Подарочные сертификаты",
  "Сертификат действует 12 месяцев и принимается в обоих магазинах сети.",
].join("\n");

async function upload(token: string, accountId: string, file: File, title?: string) {
  const form = new FormData();
  form.set("file", file);
  if (title) form.set("title", title);
  const res = await SELF.fetch(`${BASE}/api/accounts/${accountId}/knowledge/documents`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function settled(token: string, accountId: string, sourceId: string) {
  return waitFor(async () => {
    const r = await api("GET", `/accounts/${accountId}/knowledge/${sourceId}`, { token });
    return r.body.status === "indexed" || r.body.status === "failed" ? r.body : null;
  }, 20_000);
}

const faq = (token: string, accountId: string, question: string, answer: string, tags?: string[]) =>
  api("POST", `/accounts/${accountId}/knowledge/faq`, { token, body: { question, answer, tags } });

const search = (token: string, accountId: string, q: string, assistantId?: string) =>
  api("GET", `/accounts/${accountId}/knowledge/search?q=${encodeURIComponent(q)}${assistantId ? `&assistantId=${assistantId}` : ""}`, { token });

async function assistantOf(token: string, accountId: string, body: Record<string, unknown> = {}) {
  const a = await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Флора", instructions: "Ты — консультант цветочного магазина.", ...body } });
  return a.body.assistantId as string;
}

const chat = (token: string, accountId: string, assistantId: string, message: string, user = "tester-kb") =>
  api("POST", `/platform-webwidget/accounts/${accountId}/new-message?isTestChat=true`, {
    token,
    body: { assistantId, contactPlatformUserId: user, message, name: "Тестер" },
  });

const chatMessages = (token: string, accountId: string, contactId: string) =>
  api("GET", `/platform-webwidget/accounts/${accountId}/test-chats/${contactId}/messages`, { token });

describe("knowledge base", () => {
  it("indexes an uploaded document and finds it by a question worded differently from its text", async () => {
    const o = await ownerWithAccount("Ольга", "Зелёный дом");
    const up = await upload(o.token, o.accountId, new File([makeDocx(RETURNS_DOC)], "Правила магазина.docx"));
    expect(up.status).toBe(202);
    expect(up.body).toMatchObject({ kind: "document", title: "Правила магазина", status: "pending", fileName: "Правила магазина.docx" });
    const doc = await settled(o.token, o.accountId, up.body.sourceId);
    expect(doc).toMatchObject({ status: "indexed", error: null });
    expect(doc.chunkCount).toBeGreaterThanOrEqual(1);
    expect(doc.sizeBytes).toBeGreaterThan(500);
    expect(doc.chunks.map((c: any) => c.text).join("\n")).toContain("Возврат растений надлежащего качества");

    // «вернуть покупку» ≠ «возврат растений»: stems, prefixes and the synonyms find it.
    const r = await search(o.token, o.accountId, "Можно ли вернуть покупку, если цветок не подошёл?");
    expect(r.status).toBe(200);
    expect((await search(o.token, o.accountId, "Как вернуть покупку?")).body.covered).toBe(true);
    expect(r.body.results[0]).toMatchObject({ sourceId: up.body.sourceId, kind: "document", title: "Правила магазина" });
    expect(r.body.results[0].text).toContain("в течение 7 дней");

    // the test chat's assistant answers from it, and the trace shows the search and its chunk
    const assistantId = await assistantOf(o.token, o.accountId);
    const reply = await chat(o.token, o.accountId, assistantId, "Подскажите, как вернуть покупку?");
    expect(reply.status).toBe(200);
    expect(reply.body.content).toContain("7 дней");
    const log = await chatMessages(o.token, o.accountId, reply.body.contact.contactId);
    const kinds = log.body.data.map((m: any) => m.messageType).reverse();
    expect(kinds).toEqual(["text", "tool_call", "tool_result", "text"]);
    const result = log.body.data.find((m: any) => m.messageType === "tool_result");
    expect(result.content).toContain("Возврат растений надлежащего качества");
    expect(log.body.data.find((m: any) => m.messageType === "tool_call").content).toBe("search_knowledge");
  });

  it("reads PDF, TXT and Markdown, and refuses other files and empty ones", async () => {
    const o = await ownerWithAccount();
    const pdf = await upload(o.token, o.accountId, new File([makePdf(["Warranty: 2 years on every pump.", "Service centre in Kazan."])], "warranty.pdf"));
    const txt = await upload(o.token, o.accountId, new File(["График работы: ежедневно с 9:00 до 21:00.\n\nТелефон: +7 843 000-00-00"], "График.txt"), "Часы работы");
    const md = await upload(o.token, o.accountId, new File(["# Оплата\n\n**Оплатить** можно картой, через СБП или [наличными](https://x.ru) курьеру."], "oplata.md"));
    for (const s of [pdf, txt, md]) expect(s.status).toBe(202);
    expect((await settled(o.token, o.accountId, pdf.body.sourceId)).status).toBe("indexed");
    expect((await settled(o.token, o.accountId, txt.body.sourceId)).title).toBe("Часы работы");
    expect((await settled(o.token, o.accountId, md.body.sourceId)).chunks[0].text).toBe("Оплата\n\nОплатить можно картой, через СБП или наличными курьеру.".replace("\n\n", "\n"));
    expect((await search(o.token, o.accountId, "warranty pump")).body.results[0].sourceId).toBe(pdf.body.sourceId);
    expect((await search(o.token, o.accountId, "как заплатить?")).body.results[0].sourceId).toBe(md.body.sourceId);

    const exe = await upload(o.token, o.accountId, new File(["MZ"], "setup.exe"));
    expect(exe.status).toBe(400);
    expect(exe.body.details.fields.file[0]).toMatch(/PDF, DOCX, TXT/);
    const empty = await upload(o.token, o.accountId, new File([], "пусто.txt"));
    expect(empty.body.details.fields.file[0]).toBe("Файл пустой");
    const broken = await upload(o.token, o.accountId, new File(["это не docx"], "сломанный.docx"));
    expect(broken.status).toBe(202);
    const failed = await settled(o.token, o.accountId, broken.body.sourceId);
    expect(failed).toMatchObject({ status: "failed", chunkCount: 0 });
    expect(failed.error).toMatch(/Не удалось прочитать DOCX/);
  });

  it("never retrieves another account's sources", async () => {
    const a = await ownerWithAccount("Анна", "Магазин А");
    const b = await ownerWithAccount("Борис", "Магазин Б");
    await faq(a.token, a.accountId, "Сколько стоит доставка?", "Доставка в магазине А стоит 300 рублей.");
    await faq(b.token, b.accountId, "Сколько стоит доставка?", "Доставка в магазине Б стоит 900 рублей.");
    const ra = await search(a.token, a.accountId, "стоимость доставки");
    expect(ra.body.results.map((h: any) => h.text).join()).toContain("магазине А");
    expect(ra.body.results.map((h: any) => h.text).join()).not.toContain("магазине Б");

    const onlyB = await faq(b.token, b.accountId, "Есть ли подарочная упаковка?", "Упаковываем подарки в крафт бесплатно.");
    expect((await search(a.token, a.accountId, "подарочная упаковка")).body.results).toEqual([]);
    // another account's source id cannot be read, changed, chosen or searched through an assistant
    expect((await api("GET", `/accounts/${a.accountId}/knowledge/${onlyB.body.sourceId}`, { token: a.token })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${a.accountId}/knowledge/${onlyB.body.sourceId}`, { token: a.token })).status).toBe(404);
    const assistantId = await assistantOf(a.token, a.accountId);
    const put = await api("PUT", `/accounts/${a.accountId}/knowledge/assistants/${assistantId}`, { token: a.token, body: { mode: "selected", sourceIds: [onlyB.body.sourceId] } });
    expect(put.body.sourceIds).toEqual([]);
    expect((await search(a.token, a.accountId, "подарочная упаковка", assistantId)).body.results).toEqual([]);
    // and the turn of A's assistant sees only A's chunks
    const scope = scopeToken("kbiso");
    await scriptModel(scope, [{ content: "Доставка стоит 300 рублей." }]);
    await api("PUT", `/accounts/${a.accountId}/knowledge/assistants/${assistantId}`, { token: a.token, body: { mode: "all" } });
    const reply = await chat(a.token, a.accountId, assistantId, `Сколько стоит доставка? ${scope}`);
    expect(reply.status).toBe(200);
    const body = JSON.stringify((await modelRequests(scope))[0]!.body.messages);
    expect(body).toContain("магазине А стоит 300");
    expect(body).not.toContain("магазине Б");
  });

  it("ranks Russian sensibly: case, ё, word forms, the closest entry first", async () => {
    const o = await ownerWithAccount();
    const entries = [
      ["Как оплатить заказ?", "Оплата картой, через СБП или наличными курьеру при получении."],
      ["Сколько стоит доставка по Казани?", "Доставка по Казани — 350 рублей, от 5000 рублей бесплатно."],
      ["Доставляете ли вы в другие города?", "В другие города отправляем СДЭКом, срок 2–5 дней."],
      ["Когда вы работаете?", "Ежедневно с 10:00 до 20:00 без выходных."],
      ["Где забрать заказ самовывозом?", "Самовывоз: улица Баумана, 12, вход со двора."],
    ];
    const ids: string[] = [];
    for (const [q, a] of entries) ids.push((await faq(o.token, o.accountId, q!, a!)).body.sourceId);
    const top = async (q: string) => (await search(o.token, o.accountId, q)).body.results[0]?.sourceId;
    expect(await top("ДОСТАВКА ПО КАЗАНИ ЦЕНА")).toBe(ids[1]);
    expect(await top("сколько будет стоить привезти в Казань")).toBe(ids[1]);
    expect(await top("отправите в Самару?")).toBe(ids[2]);
    expect(await top("можно заплатить наличными?")).toBe(ids[0]);
    expect(await top("во сколько открываетесь, какой график работы")).toBe(ids[3]);
    expect(await top("самовывоз")).toBe(ids[4]);
    const none = await search(o.token, o.accountId, "есть ли парковка для велосипедов");
    expect(none.body.covered).toBe(false);
    // a greeting carries no topic: nothing to search
    expect((await search(o.token, o.accountId, "Здравствуйте, спасибо!")).body).toMatchObject({ terms: [], results: [], covered: false });
  });

  it("validates every field and keeps operators to reading", async () => {
    const o = await ownerWithAccount();
    const base = `/accounts/${o.accountId}/knowledge`;
    const post = (path: string, body: unknown) => api("POST", `${base}${path}`, { token: o.token, body });
    const fields = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      expect(r.status).toBe(400);
      return r.body.details.fields;
    };
    expect((await fields(post("/faq", { answer: "Да" }))).question[0]).toBe("Введите вопрос");
    expect((await fields(post("/faq", { question: "Ок", answer: "Да" }))).question[0]).toMatch(/хотя бы 3/);
    expect((await fields(post("/faq", { question: "Вопрос?", answer: "" }))).answer[0]).toBe("Введите ответ");
    expect((await fields(post("/faq", { question: "Вопрос?", answer: "x".repeat(5001) }))).answer[0]).toMatch(/5000/);
    expect((await fields(post("/faq", { question: "Вопрос?", answer: "Да", tags: Array(11).fill("т") }))).tags[0]).toMatch(/10 тегов/);
    expect(Object.keys(await fields(post("/faq", { question: "Вопрос?", answer: "Да", tags: ["x".repeat(41)] })))).toEqual(["tags.0"]);
    expect((await fields(post("/urls", {}))).url[0]).toBe("Укажите адрес страницы");
    expect((await fields(post("/urls", { url: "не адрес" }))).url[0]).toMatch(/целиком/);
    const f = await faq(o.token, o.accountId, "Есть ли скидки?", "Скидка 5% по карте лояльности.", ["Скидки", "скидки"]);
    expect(f.status).toBe(201);
    expect(f.body).toMatchObject({ kind: "faq", status: "indexed", chunkCount: 1, tags: ["скидки"], title: "Есть ли скидки?" });
    expect((await fields(api("PATCH", `${base}/${f.body.sourceId}`, { token: o.token, body: {} })))._[0]).toBe("Нет полей для изменения");
    expect((await fields(api("PATCH", `${base}/${f.body.sourceId}`, { token: o.token, body: { question: "" } }))).question).toBeTruthy();
    const edited = await api("PATCH", `${base}/${f.body.sourceId}`, { token: o.token, body: { answer: "Скидка 10% именинникам." } });
    expect(edited.body).toMatchObject({ answer: "Скидка 10% именинникам.", status: "indexed" });
    expect((await search(o.token, o.accountId, "скидка именинникам")).body.results[0].text).toContain("10%");
    expect((await fields(api("GET", `${base}/search?q=`, { token: o.token }))).q[0]).toBe("Введите вопрос");
    expect((await fields(api("GET", `${base}?limit=1000`, { token: o.token }))).limit).toBeTruthy();
    expect((await fields(api("GET", `${base}?kind=video`, { token: o.token }))).kind[0]).toMatch(/faq, document/);
    const assistantId = await assistantOf(o.token, o.accountId);
    expect((await fields(api("PUT", `${base}/assistants/${assistantId}`, { token: o.token, body: { mode: "some" } }))).mode[0]).toMatch(/all или selected/);
    expect((await api("PUT", `${base}/assistants/nope`, { token: o.token, body: { mode: "all" } })).status).toBe(404);

    const op = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", base, { token: op.token })).status).toBe(200);
    expect((await search(op.token, o.accountId, "скидки")).status).toBe(200);
    expect((await api("POST", `${base}/faq`, { token: op.token, body: { question: "Вопрос?", answer: "Да" } })).status).toBe(403);
    expect((await api("DELETE", `${base}/${f.body.sourceId}`, { token: op.token })).status).toBe(403);

    const list = await api("GET", `${base}?limit=10&kind=faq`, { token: o.token });
    expect(list.body.meta).toEqual({ total: 1, limit: 10, lastPage: 1, page: 1 });
    const del = await api("DELETE", `${base}/${f.body.sourceId}`, { token: o.token });
    expect(del.status).toBe(200);
    expect((await search(o.token, o.accountId, "скидка именинникам")).body.results).toEqual([]);
  });

  it("the runner uses only the sources the assistant chose, and hands off what they do not cover", async () => {
    const o = await ownerWithAccount();
    const pay = await faq(o.token, o.accountId, "Как оплатить заказ?", "Оплатить можно картой или через СБП по QR-коду.");
    await faq(o.token, o.accountId, "Сколько стоит доставка?", "Доставка стоит 350 рублей.");
    const assistantId = await assistantOf(o.token, o.accountId, { handoffMessage: "Сейчас подключу менеджера." });
    const put = await api("PUT", `/accounts/${o.accountId}/knowledge/assistants/${assistantId}`, {
      token: o.token,
      body: { mode: "selected", sourceIds: [pay.body.sourceId], handoffWhenUncovered: true },
    });
    expect(put.body).toEqual({ assistantId, mode: "selected", sourceIds: [pay.body.sourceId], handoffWhenUncovered: true, message: "Источники ассистента сохранены" });
    expect((await search(o.token, o.accountId, "сколько стоит доставка", assistantId)).body.results).toEqual([]);

    const paid = await chat(o.token, o.accountId, assistantId, "Как можно заплатить за заказ?", "kb-u1");
    expect(paid.body.content).toContain("СБП");
    // delivery is in the account but not among the chosen sources: not covered → an operator
    const delivery = await chat(o.token, o.accountId, assistantId, "Сколько стоит доставка?", "kb-u2");
    expect(delivery.body.content).toBe("Сейчас подключу менеджера.");
    expect(delivery.body.contact.thread.isGptActive).toBe(false);
    const log = await chatMessages(o.token, o.accountId, delivery.body.contact.contactId);
    const trace = log.body.data.find((m: any) => m.messageType === "tool_result");
    expect(JSON.parse(trace.content)).toMatchObject({ covered: false, results: [] });
    expect(log.body.data.some((m: any) => m.messageDirection === "system" && /нет ответа/.test(m.content))).toBe(true);

    // a greeting searches nothing and is answered by the model
    const hi = await chat(o.token, o.accountId, assistantId, "Здравствуйте!", "kb-u3");
    expect(hi.body.content).toMatch(/Здравствуйте/);
  });

  it("keeps the assistant's own knowledge text as a source: whole in the prompt when short, retrieved when long", async () => {
    const o = await ownerWithAccount();
    const short = await assistantOf(o.token, o.accountId, { name: "Короткий", knowledge: "Мы работаем с 9 до 18." });
    const longText = Array.from({ length: 60 }, (_, i) => `Раздел ${i + 1}. ${"Общие сведения о магазине и его истории. ".repeat(8)}`).join("\n\n") + "\n\nПарковка для клиентов бесплатная, во дворе дома.";
    const long = await assistantOf(o.token, o.accountId, { name: "Длинный", knowledge: longText });
    const list = await api("GET", `/accounts/${o.accountId}/knowledge?kind=text`, { token: o.token });
    expect(list.body.data.map((s: any) => [s.title, s.status, s.assistantId])).toEqual(
      expect.arrayContaining([
        ["Знания ассистента «Короткий»", "indexed", short],
        ["Знания ассистента «Длинный»", "indexed", long],
      ]),
    );
    const longSource = list.body.data.find((s: any) => s.assistantId === long);
    expect(longSource.chunkCount).toBeGreaterThan(10);
    expect((await api("DELETE", `/accounts/${o.accountId}/knowledge/${longSource.sourceId}`, { token: o.token })).status).toBe(409);
    const scope = scopeToken("kblong");
    await scriptModel(scope, [{ content: "Парковка бесплатная." }]);
    await chat(o.token, o.accountId, long, `Есть ли у вас парковка? ${scope}`);
    const req = (await modelRequests(scope))[0]!.body;
    expect(req.messages[0].content).not.toContain("Раздел 1.");
    expect(JSON.stringify(req.messages)).toContain("Парковка для клиентов бесплатная");
    // editing the field replaces the source's text
    await api("PATCH", `/accounts/${o.accountId}/assistants/${short}`, { token: o.token, body: { knowledge: "" } });
    const after = await api("GET", `/accounts/${o.accountId}/knowledge?kind=text`, { token: o.token });
    expect(after.body.data.map((s: any) => s.assistantId)).toEqual([long]);
  });

  it("fetches a web page from a local site, indexes its readable text and refreshes it on demand", async () => {
    const o = await ownerWithAccount();
    const url = `${pagesUrl()}/dostavka`;
    const add = await api("POST", `/accounts/${o.accountId}/knowledge/urls`, { token: o.token, body: { url } });
    expect(add.status).toBe(202);
    const page = await settled(o.token, o.accountId, add.body.sourceId);
    expect(page).toMatchObject({ status: "indexed", title: "Доставка и самовывоз — Зелёный дом", url });
    expect(page.fetchedAt).toBeGreaterThan(0);
    const text = page.chunks.map((c: any) => c.text).join("\n");
    expect(text).toContain("Стоимость доставки по городу — 350 рублей");
    expect(text).not.toContain("секретный код");
    expect(text).not.toContain("Каталог");
    expect((await search(o.token, o.accountId, "сколько стоит привезти цветы")).body.results[0].sourceId).toBe(add.body.sourceId);
    expect((await api("POST", `/accounts/${o.accountId}/knowledge/urls`, { token: o.token, body: { url } })).body.details.fields.url[0]).toMatch(/уже есть/);

    await fetch(`${pagesUrl()}/__page`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: "/dostavka", html: "<html><head><title>Доставка</title></head><body><p>Доставка по Казани теперь 450 рублей.</p></body></html>" }) });
    const refreshed = await api("POST", `/accounts/${o.accountId}/knowledge/${add.body.sourceId}/refresh`, { token: o.token });
    expect(refreshed.status).toBe(202);
    await waitFor(async () => ((await search(o.token, o.accountId, "доставка Казань")).body.results[0]?.text ?? "").includes("450"), 20_000);
    const missing = await api("POST", `/accounts/${o.accountId}/knowledge/urls`, { token: o.token, body: { url: `${pagesUrl()}/net-takoy` } });
    expect((await settled(o.token, o.accountId, missing.body.sourceId)).error).toBe("Страница не найдена (404)");
    const pdf = await api("POST", `/accounts/${o.accountId}/knowledge/urls`, { token: o.token, body: { url: `${pagesUrl()}/file.pdf` } });
    expect((await settled(o.token, o.accountId, pdf.body.sourceId)).error).toMatch(/не веб-страница/);
  });

  it("refuses private and local addresses (SSRF), also behind a redirect", async () => {
    const o = await ownerWithAccount();
    const add = (url: string) => api("POST", `/accounts/${o.accountId}/knowledge/urls`, { token: o.token, body: { url } });
    const refused: [string, RegExp][] = [
      ["http://169.254.169.254/latest/meta-data/", /https/],
      ["https://169.254.169.254/latest/meta-data/", /IP-адрес/],
      ["https://10.0.0.7/", /IP-адрес/],
      ["https://[::1]/", /IP-адрес/],
      ["https://2130706433/", /IP-адрес/],
      ["https://localhost/", /Локальные/],
      ["https://printer.local/", /Локальные/],
      ["https://intranet/", /полное доменное имя/],
      ["https://user:pass@example.com/", /логин и пароль/],
      ["https://example.com:8443/", /порт 443/],
      ["http://127.0.0.1/", /https/],
      ["ftp://example.com/file.txt", /https/],
    ];
    for (const [url, message] of refused) {
      const r = await add(url);
      expect(r.status, url).toBe(400);
      expect(r.body.details.fields.url[0], url).toMatch(message);
    }
    // the local site itself is allowed only under the development switch; its redirect to a private address is not followed
    const r = await add(`${pagesUrl()}/to-private`);
    expect(r.status).toBe(202);
    const failed = await settled(o.token, o.accountId, r.body.sourceId);
    expect(failed).toMatchObject({ status: "failed", chunkCount: 0 });
    expect(failed.error).toMatch(/https/);
  });

  it("ranks hybrid where an embeddings endpoint is configured: a question sharing no word with the answer finds it", async () => {
    const o = await ownerWithAccount();
    const parking = await faq(o.token, o.accountId, "Есть ли стоянка у магазина?", "Бесплатная стоянка для покупателей во дворе, въезд с улицы Баумана.");
    await faq(o.token, o.accountId, "Как оплатить заказ?", "Картой, через СБП или наличными курьеру.");
    const question = "Где оставить машину?";
    // full text alone: no shared stem, nothing found
    expect((await retrieve(env, o.accountId, question, { everything: true })).results).toEqual([]);
    // with embeddings: the chunks get vectors at indexing, the question's vector finds the parking entry
    const hybridEnv = { ...env, EMBEDDINGS_MODEL: "fake-embeddings" } as typeof env;
    const row = await env.DB.prepare("SELECT id, account_id AS accountId, kind, question, answer FROM knowledge_sources WHERE id = ?1").bind(parking.body.sourceId).first<any>();
    await indexText(hybridEnv, row, `Вопрос: ${row.question}\nОтвет: ${row.answer}`);
    const r = await retrieve(hybridEnv, o.accountId, question, { everything: true });
    expect(r.mode).toBe("hybrid");
    expect(r.covered).toBe(true);
    expect(r.results[0]).toMatchObject({ sourceId: parking.body.sourceId, bm25: null });
    expect(r.results[0]!.similarity).toBeGreaterThan(0.9);
    // and another account's vectors are never compared
    const other = await ownerWithAccount();
    expect((await retrieve(hybridEnv, other.accountId, question, { everything: true })).results).toEqual([]);
  });
});
