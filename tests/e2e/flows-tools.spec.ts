import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { tgCallbackUpdate, tgTextUpdate } from "../fakes/telegram";
import { ADMIN, apiLogin, apiRegister, bearer, fakeBindings, fakeRequests, signInWithToken, uniqueEmail } from "./helpers";

/**
 * The flows' side tools, state set up through the API: the editor's «Проверить» (the current draft
 * in the member's test chat, nothing published), export and import as JSON from the list, and a
 * broadcast button that starts a flow for the customer who presses it.
 */

type Headers = Record<string, string>;

async function owner(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("flows-tools"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(auth.accessToken);
  const res = await request.post("/api/accounts", { headers, data: { name: "Кофейня «Зерно»" } });
  expect(res.status()).toBe(201);
  return { auth, headers, accountId: ((await res.json()) as { accountId: string }).accountId };
}

const step = (id: string, stepType: string, cfg: Record<string, unknown> = {}, name = id) => ({ flowStepId: id, name, stepType, flowConfig: { position: { x: 0, y: 0 }, ...cfg } });
const link = (from: string, to: string, handle = "next") => ({ flowTransitionId: `${from}-${to}-${handle}`, fromStepId: from, toStepId: to, sourceHandle: handle });

async function flowWith(request: APIRequestContext, headers: Headers, accountId: string, name: string, steps: unknown[], transitions: unknown[]) {
  const created = (await (await request.post(`/api/accounts/${accountId}/flows`, { headers, data: { name } })).json()) as { flowId: string; revision: number };
  const r = await request.put(`/api/accounts/${accountId}/flows/${created.flowId}/graph`, { headers, data: { steps, transitions, revision: created.revision } });
  expect(r.status(), await r.text()).toBe(200);
  return created.flowId;
}

test("editor «Проверить»: the current draft runs in the test chat without publishing, the tester answers it", async ({ page, request, baseURL }) => {
  const { auth, headers, accountId } = await owner(request);
  const flowId = await flowWith(
    request,
    headers,
    accountId,
    "Знакомство",
    [step("s", "start", { triggers: [{ type: "manual" }] }), step("m", "message", { text: "Старый текст", buttons: [] }, "Приветствие"), step("q", "question", { text: "Как вас зовут?", kind: "text", errorText: "", maxRetries: 1, saveTo: { kind: "variable", name: "guest" } }), step("t", "message", { text: "Рады знакомству, {{var.guest}}!", buttons: [] }), step("e", "end")],
    [link("s", "m"), link("m", "q"), link("q", "t"), link("q", "t", "noAnswer"), link("t", "e")],
  );
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/flows/${flowId}/edit`);
  // An edit of the draft (not saved yet when «Проверить» is pressed: the test saves it first).
  await page.locator("[data-testid=flow-node][data-step-type=message]").filter({ hasText: "Приветствие" }).locator("span.font-semibold").first().click();
  await page.getByTestId("step-text").fill("Добро пожаловать в «Зерно»!");
  await page.getByTestId("flow-test").click();
  const panel = page.getByTestId("flow-test-panel");
  await expect(panel.getByTestId("test-message").filter({ hasText: "Добро пожаловать в «Зерно»!" })).toHaveCount(1);
  await expect(panel.getByTestId("test-message").filter({ hasText: "Как вас зовут?" })).toHaveCount(1);
  await expect(panel).not.toContainText("Старый текст");
  await panel.getByTestId("flow-test-input").fill("Вера");
  await panel.getByTestId("flow-test-send").click();
  await expect(panel.getByTestId("test-message").filter({ hasText: "Рады знакомству, Вера!" })).toHaveCount(1, { timeout: 20_000 });
  // Nothing was published: the flow is still a draft.
  const flow = (await (await request.get(`/api/accounts/${accountId}/flows/${flowId}`, { headers })).json()) as { status: string };
  expect(flow.status).toBe("draft");
});

test("flows list: export a flow as JSON and import the file back as a new draft; a file that is not JSON is refused", async ({ page, request, baseURL }) => {
  const { auth, headers, accountId } = await owner(request);
  expect((await request.post(`/api/accounts/${accountId}/flows`, { headers, data: { name: "Сбор заявки", template: "lead_capture" } })).status()).toBe(201);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/flows`);
  await expect(page.getByTestId("flow-link")).toHaveCount(1);
  await page.getByTestId("flow-actions").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("flow-export").click()]);
  expect(download.suggestedFilename()).toBe("Сбор-заявки.flow.json");
  const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as { name: string; graph: { steps: { stepType: string }[] } };
  expect(file.name).toBe("Сбор заявки");
  expect(file.graph.steps.map((s) => s.stepType)).toContain("question");

  await page.getByTestId("flow-import-file").setInputFiles({ name: "lead.flow.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ ...file, name: "Сбор заявки (импорт)" })) });
  await expect(page.getByTestId("flow-link")).toHaveCount(2);
  await expect(page.getByTestId("flow-link").filter({ hasText: "Сбор заявки (импорт)" })).toHaveCount(1);
  const list = (await (await request.get(`/api/accounts/${accountId}/flows`, { headers })).json()) as { data: { flowId: string; name: string; status: string }[] };
  const imported = list.data.find((f) => f.name === "Сбор заявки (импорт)")!;
  expect(imported.status).toBe("draft");
  const graph = (await (await request.get(`/api/accounts/${accountId}/flows/${imported.flowId}`, { headers })).json()) as { graph: { steps: unknown[] } };
  expect(graph.graph.steps).toHaveLength(file.graph.steps.length);

  await page.getByTestId("flow-import-file").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("это не JSON") });
  await expect(page.getByText("Это не файл JSON", { exact: false })).toBeVisible();
  await expect(page.getByTestId("flow-link")).toHaveCount(2);
});

test("broadcast composer: a button that starts a flow; the customer who presses it gets the flow's message", async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  const { auth, headers, accountId } = await owner(request);
  const botToken = `${7_500_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"c".repeat(30)}`;
  expect((await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken } })).status()).toBe(200);
  const tgBase = fakeBindings().TELEGRAM_API_BASE!;
  const chatId = 630_000_000 + Math.floor(Math.random() * 1e7);
  const deliver = async (update: unknown) => expect((await request.post(`${tgBase}/__deliver`, { data: { token: botToken, update } })).status()).toBe(200);
  await deliver(tgTextUpdate(Date.now() % 1e8, chatId, "Здравствуйте", { firstName: "Галина" }));
  await expect.poll(async () => ((await (await request.get(`/api/accounts/${accountId}/contacts?platform=TELEGRAM`, { headers })).json()) as { data: unknown[] }).data.length, { timeout: 20_000 }).toBe(1);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const pkg = (await (await request.post("/api/admin/broadcast-packages", { headers: bearer(admin.accessToken), data: { name: `E2E flows ${Date.now()}`, recipients: 10, price: 990, validityDays: 30, active: true } })).json()) as { id: string };
  expect((await request.post(`/api/admin/accounts/${accountId}/broadcast-packages`, { headers: bearer(admin.accessToken), data: { packageId: pkg.id } })).status()).toBeLessThan(300);
  const flowId = await flowWith(request, headers, accountId, "Запись на дегустацию", [step("s", "start", { triggers: [{ type: "broadcastButton" }] }), step("m", "message", { text: "Выберите день дегустации", buttons: [] }), step("e", "end")], [link("s", "m"), link("m", "e")]);
  expect((await request.post(`/api/accounts/${accountId}/flows/${flowId}/publish`, { headers })).status()).toBe(200);

  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/broadcasts/new`);
  const composer = page.getByTestId("broadcast-composer");
  await composer.getByTestId("broadcast-name").fill("Дегустация");
  await expect(composer.getByTestId("broadcast-channel")).toContainText("Telegram");
  await composer.getByTestId("broadcast-text").fill("В субботу дегустация нового зерна!");
  await composer.getByTestId("button-add").click();
  await composer.getByLabel("Текст кнопки 1").fill("Записаться");
  await composer.getByTestId("button-kind").click();
  await page.getByRole("option", { name: "Сценарий" }).click();
  await composer.getByTestId("button-flow").click();
  await page.getByRole("option", { name: "Запись на дегустацию" }).click();
  await expect(composer.getByTestId("broadcast-preview").getByTestId("broadcast-preview-keyboard")).toHaveText("Записаться");
  await composer.getByTestId("broadcast-start").click();
  await page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Запустить рассылку?" }).getByRole("button", { name: "Запустить" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("Завершена", { timeout: 90_000 });

  type Sent = { chat_id: number; text: string; reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } };
  const sends = async () => (await fakeRequests(request, tgBase, `/bot${botToken}/sendMessage`)).map((r) => r.body as Sent).filter((b) => String(b.chat_id) === String(chatId));
  const sent = (await sends()).find((s) => s.text === "В субботу дегустация нового зерна!")!;
  const keyboard = sent.reply_markup!.inline_keyboard;
  expect(keyboard.flat().map((b) => b.text)).toEqual(["Записаться"]);
  await deliver(tgCallbackUpdate((Date.now() % 1e8) + 1, chatId, keyboard[0]![0]!.callback_data!, keyboard, { firstName: "Галина" }));
  await expect.poll(async () => (await sends()).map((s) => s.text), { timeout: 30_000 }).toContain("Выберите день дегустации");
});

test("editor keyboard: Tab moves through the steps, arrow keys nudge the selected one, Delete removes it (saved)", async ({ page, request, baseURL }) => {
  const { auth, headers, accountId } = await owner(request);
  const flowId = await flowWith(request, headers, accountId, "Клавиатура", [step("s", "start", { triggers: [{ type: "manual" }] }), step("m", "message", { text: "Привет!", buttons: [] }, "Приветствие"), step("e", "end")], [link("s", "m"), link("m", "e")]);
  const stored = async () => ((await (await request.get(`/api/accounts/${accountId}/flows/${flowId}`, { headers })).json()) as { graph: { steps: { flowStepId: string; flowConfig: { position: { x: number } } }[] } }).graph.steps;
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/flows/${flowId}/edit`);
  const nodes = page.locator(".react-flow__node");
  await expect(nodes).toHaveCount(3);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  const x0 = (await stored()).find((s) => s.flowStepId === "m")!.flowConfig.position.x;
  // Tab goes from one step to the next.
  await nodes.filter({ hasText: "Конец" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(page.locator(".react-flow__node:focus")).toContainText("Приветствие");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("step-settings")).toHaveAttribute("data-step-type", "message");
  await page.locator(".react-flow__node:focus").press("ArrowRight");
  await page.locator(".react-flow__node:focus").press("ArrowRight");
  await expect.poll(async () => (await stored()).find((s) => s.flowStepId === "m")!.flowConfig.position.x, { timeout: 15_000 }).toBeGreaterThan(x0);
  await page.locator(".react-flow__node:focus").press("Delete");
  await expect(nodes).toHaveCount(2);
  await expect.poll(async () => (await stored()).map((s) => s.flowStepId).sort(), { timeout: 15_000 }).toEqual(["e", "s"]);
});
