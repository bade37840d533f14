import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { tgCallbackUpdate, tgTextUpdate } from "../fakes/telegram";
import { apiRegister, bearer, fakeBindings, fakeRequests, presetStorage, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";
import { eachThemeAndScreen } from "./fixtures";

/**
 * Flows end to end. An owner with a Telegram bot builds a five-step flow with the mouse in the
 * editor (start with a keyword trigger → a message with buttons → a question → an action → end:
 * palette, connections, settings), publishes it, a customer writes the keyword to the bot through
 * the fake Bot API, presses a button and answers; the fake received the flow's messages in order and
 * the inbox shows them with the flow's system lines.
 */

async function ownerWithTelegram(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("flows"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(auth.accessToken);
  const res = await request.post("/api/accounts", { headers, data: { name: "Кофейня «Зерно»" } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  const botToken = `${7_400_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"f".repeat(30)}`;
  const tg = await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken } });
  expect(tg.status(), await tg.text()).toBe(200);
  return { auth, headers, accountId, botToken, tgBase: fakeBindings().TELEGRAM_API_BASE! };
}

const node = (page: Page, type: string) => page.locator(`[data-testid=flow-node][data-step-type=${type}]`);
const handle = (n: Locator, id: string) => n.locator(`.react-flow__handle[data-handleid="${id}"]`);
const target = (n: Locator) => n.locator(".react-flow__handle.target");

/** Drags with the mouse from an output handle to a node's input. */
async function connect(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Lays the steps out (a step that grew, e.g. by its buttons, may cover another) and fits the view. */
async function arrange(page: Page) {
  await page.getByTestId("flow-layout").click();
  await page.locator(".react-flow__controls-fitview").click();
  await page.waitForTimeout(400);
}

/** Selects a step (its settings open) by clicking its title. */
async function open(page: Page, type: string) {
  await arrange(page);
  await node(page, type).locator("span.font-semibold").first().click();
  await expect(page.getByTestId("step-settings")).toHaveAttribute("data-step-type", type);
}

async function buildFlow(page: Page) {
  const canvas = page.locator(".react-flow__pane");
  // Palette: the message by drag and drop, the others by a click.
  await page.getByTestId("palette-message").dragTo(canvas, { targetPosition: { x: 200, y: 120 } });
  await expect(node(page, "message")).toHaveCount(1);
  await page.getByTestId("palette-question").click();
  await page.getByTestId("palette-action").click();
  await expect(node(page, "action")).toHaveCount(1);

  // Settings: the start's keyword trigger, the message with two reply buttons, the question.
  await open(page, "start");
  await page.getByTestId("trigger-type").click();
  await page.getByRole("option", { name: "Ключевое слово" }).click();
  await page.getByTestId("trigger-keywords").fill("меню");
  await open(page, "message");
  await page.getByTestId("step-text").fill("Здравствуйте, {{name}}! Что вас интересует?");
  for (const [i, label] of ["Цены", "Адрес"].entries()) {
    await page.getByTestId("step-buttons-add").click();
    await page.getByTestId("button-label").nth(i).fill(label);
  }
  await open(page, "question");
  await page.getByTestId("step-name").fill("Имя");
  await page.getByTestId("step-text").fill("Как к вам обращаться?");
  await page.getByTestId("step-settings-close").click();

  // Lay the steps out and connect every output with the mouse.
  await arrange(page);
  const [start, message, question, action, end] = ["start", "message", "question", "action", "end"].map((t) => node(page, t));
  await connect(page, handle(start!, "next"), target(message!));
  for (const out of await message!.locator(".react-flow__handle.source").all()) await connect(page, out, target(question!));
  await connect(page, handle(question!, "next"), target(action!));
  await connect(page, handle(question!, "noAnswer"), target(end!));
  await connect(page, handle(action!, "next"), target(end!));
  await expect(page.locator(".react-flow__edge")).toHaveCount(7);
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("build a five-step flow with the mouse, publish it, the customer goes through it on Telegram, the inbox shows it", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const { auth, headers, accountId, botToken, tgBase } = await ownerWithTelegram(request);
  await signInWithToken(page, baseURL!, auth);
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));

  // The list is empty; a blank flow (start → end) opens in the editor.
  await page.goto(`/${accountId}/flows`);
  await expect(page.getByText("Сценариев пока нет")).toBeVisible();
  await page.getByTestId("flow-create").first().click();
  await page.getByTestId("flow-name").fill("Меню кофейни");
  await page.getByTestId("flow-create-submit").click();
  await expect(page).toHaveURL(/\/flows\/[0-9a-z]+\/edit$/);
  await expect(node(page, "start")).toHaveCount(1);
  await expect(node(page, "end")).toHaveCount(1);

  await buildFlow(page);
  await expect(page.getByTestId("flow-issues-toggle")).toHaveText(/0 ошибок/);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await shot(page, testInfo, "flows-editor-built");

  // Undo removes the last connection (an issue appears), redo brings it back.
  await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(page.locator(".react-flow__edge")).toHaveCount(6);
  await expect(page.getByTestId("flow-issues-toggle")).not.toHaveText(/0 ошибок/);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.locator(".react-flow__edge")).toHaveCount(7);
  await expect(page.getByTestId("save-state")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });

  await page.getByTestId("flow-publish").click();
  await expect(page.getByTestId("flow-status")).toHaveAttribute("data-status", "published");

  // The stored graph is the one built: five steps, seven transitions, the start listens for «меню».
  const flowId = page.url().split("/flows/")[1]!.split("/")[0]!;
  const stored = (await (await request.get(`/api/accounts/${accountId}/flows/${flowId}`, { headers })).json()) as { graph: { steps: { stepType: string; flowConfig: Record<string, unknown> }[]; transitions: unknown[] }; issues: unknown[] };
  expect(stored.graph.steps.map((s) => s.stepType).sort()).toEqual(["action", "end", "message", "question", "start"]);
  expect(stored.graph.transitions).toHaveLength(7);
  expect(stored.issues).toEqual([]);

  // A customer writes the keyword: the bot answers with the message and its inline keyboard.
  const chatId = 610_000_000 + Math.floor(Math.random() * 1e7);
  const deliver = async (update: unknown) => {
    const r = await request.post(`${tgBase}/__deliver`, { data: { token: botToken, update } });
    expect(r.status(), await r.text()).toBe(200);
  };
  const sends = async () => (await fakeRequests(request, tgBase, `/bot${botToken}/sendMessage`)).map((r) => r.body as { chat_id: number; text: string; reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } }).filter((b) => String(b.chat_id) === String(chatId));
  await deliver(tgTextUpdate(Date.now() % 1e8, chatId, "меню", { firstName: "Анна" }));
  await expect.poll(async () => (await sends()).map((s) => s.text), { timeout: 30_000 }).toEqual(["Здравствуйте, Анна! Что вас интересует?"]);
  const keyboard = (await sends())[0]!.reply_markup!.inline_keyboard;
  expect(keyboard.flat().map((b) => b.text)).toEqual(["Цены", "Адрес"]);

  // The customer presses «Адрес», then answers the question; the action hands the chat to an operator.
  await deliver(tgCallbackUpdate((Date.now() % 1e8) + 1, chatId, keyboard[1]![0]!.callback_data!, keyboard, { firstName: "Анна" }));
  await expect.poll(async () => (await sends()).map((s) => s.text), { timeout: 30_000 }).toEqual(["Здравствуйте, Анна! Что вас интересует?", "Как к вам обращаться?"]);
  await deliver(tgTextUpdate((Date.now() % 1e8) + 2, chatId, "Анна Петровна", { firstName: "Анна" }));

  // The inbox: the flow's messages and its system lines in the customer's chat; the thread is pending (hand-off).
  await page.goto(`/${accountId}/apps/chat`);
  await page.getByTestId("chat-contact").filter({ hasText: "Анна" }).first().click();
  const log = page.getByTestId("chat-log");
  await expect(log).toContainText("Здравствуйте, Анна! Что вас интересует?");
  await expect(log).toContainText("Как к вам обращаться?");
  await expect(log).toContainText("Анна Петровна");
  await expect(page.locator("[data-testid=flow-line][data-flow-event=started]")).toHaveCount(1);
  await expect(page.locator("[data-testid=flow-line][data-flow-event=ended]")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId("thread-status")).toHaveAttribute("data-status", "pending");
  await shot(page, testInfo, "flows-inbox");

  // Back in the list: published, started and completed once in the last 7 days.
  await page.goto(`/${accountId}/flows`);
  await expect(page.getByTestId("flow-status")).toHaveAttribute("data-status", "published");
  await expect(page.getByTestId("flow-runs")).toContainText("1 / 1");
  expect(problems).toEqual([]);
});

test("screens: the flows list and the editor, light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { auth, headers, accountId } = await ownerWithTelegram(request);
  for (const [name, template] of [["Приветственное меню", "greeting_menu"], ["Сбор заявки", "lead_capture"], ["Запись на приём", "booking_request"]] as const) {
    const r = await request.post(`/api/accounts/${accountId}/flows`, { headers, data: { name, template } });
    expect(r.status(), await r.text()).toBe(201);
  }
  const list = (await (await request.get(`/api/accounts/${accountId}/flows`, { headers })).json()) as { data: { flowId: string; name: string }[] };
  const booking = list.data.find((f) => f.name === "Запись на приём")!;
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, size) => {
    await page.goto(`/${accountId}/flows`);
    await expect(page.getByTestId("flow-link")).toHaveCount(3);
    await shot(page, testInfo, `flows-list-${theme}-${size}`);
    await page.goto(`/${accountId}/flows/${booking.flowId}/edit`);
    await expect(node(page, "start")).toBeVisible();
    await page.waitForTimeout(600);
    await node(page, "question").first().locator("span.font-semibold").first().click();
    await expect(page.getByTestId("step-settings")).toBeVisible();
    await shot(page, testInfo, `flows-editor-${theme}-${size}`);
  });
});

test("chat header: an operator starts a flow by hand, a paused run resumes, Stop ends it (state set through the API)", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const { auth, headers, accountId, botToken, tgBase } = await ownerWithTelegram(request);
  const step = (id: string, stepType: string, cfg: Record<string, unknown> = {}) => ({ flowStepId: id, name: id === "q" ? "Имя" : id, stepType, flowConfig: { position: { x: 0, y: 0 }, ...cfg } });
  const created = (await (await request.post(`/api/accounts/${accountId}/flows`, { headers, data: { name: "Опрос гостя" } })).json()) as { flowId: string; revision: number };
  const graph = {
    steps: [step("s", "start", { triggers: [{ type: "manual" }] }), step("q", "question", { text: "Как вас зовут?", kind: "text", errorText: "", maxRetries: 1 }), step("e", "end")],
    transitions: [
      { flowTransitionId: "t1", fromStepId: "s", toStepId: "q", sourceHandle: "next" },
      { flowTransitionId: "t2", fromStepId: "q", toStepId: "e", sourceHandle: "next" },
      { flowTransitionId: "t3", fromStepId: "q", toStepId: "e", sourceHandle: "noAnswer" },
    ],
    revision: created.revision,
  };
  expect((await request.put(`/api/accounts/${accountId}/flows/${created.flowId}/graph`, { headers, data: graph })).status()).toBe(200);
  expect((await request.post(`/api/accounts/${accountId}/flows/${created.flowId}/publish`, { headers })).status()).toBe(200);
  const chatId = 620_000_000 + Math.floor(Math.random() * 1e7);
  const r = await request.post(`${tgBase}/__deliver`, { data: { token: botToken, update: tgTextUpdate(Date.now() % 1e8, chatId, "Здравствуйте", { firstName: "Борис" }) } });
  expect(r.status()).toBe(200);

  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/apps/chat`);
  await page.getByTestId("chat-contact").filter({ hasText: "Борис" }).first().click();
  // No flow runs: the header offers the published flows with a manual trigger.
  await page.getByTestId("chat-flow-start").click();
  await page.getByTestId("chat-flow-option").filter({ hasText: "Опрос гостя" }).click();
  const bar = page.getByTestId("chat-flow");
  await expect(bar).toHaveAttribute("data-status", "waiting");
  await expect(bar).toContainText("Имя");
  await expect(page.getByTestId("chat-log")).toContainText("Как вас зовут?");
  // An operator's reply pauses it (set through the API); the bar turns amber and offers Resume.
  const threadId = ((await (await request.get(`/api/accounts/${accountId}/contacts/chat-contacts`, { headers })).json()) as { data: { thread: { threadId: string } }[] }).data[0]!.thread.threadId;
  expect((await request.patch(`/api/accounts/${accountId}/contacts/threads/${threadId}`, { headers, data: { isGptActive: false } })).status()).toBe(200);
  await page.reload();
  await page.getByTestId("chat-contact").filter({ hasText: "Борис" }).first().click();
  await expect(bar).toHaveAttribute("data-status", "paused");
  await page.getByTestId("chat-flow-resume").click();
  await expect(bar).toHaveAttribute("data-status", "waiting");
  await page.getByTestId("chat-flow-stop").click();
  await expect(bar).toHaveCount(0);
  await expect(page.locator("[data-testid=flow-line][data-flow-event=ended]")).toHaveCount(1);
});
