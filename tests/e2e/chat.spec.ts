import { expect as baseExpect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import { connectInstagram, customerWrites, inviteOperator, openChat, ownerAuth, waitForContact } from "./chat-helpers";
import { bearer, DEMO_ACCOUNT_ID, presetStorage, signInWithToken } from "./helpers";

/**
 * Issue 4 in the browser: two operators of one account work the same inbox. Customers write through
 * the signed Instagram webhook (the fake Graph API behind it); the operators see everything live
 * over the account's socket, without reloading.
 */
test.describe.configure({ mode: "serial", timeout: 150_000 });
// wrangler dev reloads when the SPA is rebuilt next door: give a dropped socket time to come back.
const expect = baseExpect.configure({ timeout: 20_000 });

test("two operators: a customer's message, a reply, the thread status, the AI switch and clearing the chat propagate live", async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const owner = await ownerAuth(request);
  const operator = await inviteOperator(request, owner);
  const igId = await connectInstagram(request, owner);
  const sender = String(Math.floor(Math.random() * 1e15));
  const first = `Здравствуйте! Есть ли доставка в Казань? ${Date.now()}`;
  await customerWrites(request, igId, sender, first);
  const contact = await waitForContact(request, owner, sender);
  // The demo assistant answers Instagram too: switch it off in this thread so the log is ours alone.
  const off = await request.patch(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/threads/${contact.threadId}`, { headers: bearer(owner.accessToken), data: { isGptActive: false } });
  expect(off.status()).toBe(200);

  const a = await openChat(browser, baseURL!, owner);
  const b = await openChat(browser, baseURL!, operator);

  // A new customer message moves the contact to the top of both lists, live.
  const second = `И можно ли оплатить при получении? ${Date.now()}`;
  await customerWrites(request, igId, sender, second);
  for (const p of [a, b]) {
    const top = p.getByTestId("chat-contact").first();
    await expect(top).toHaveAttribute("data-contact-id", contact.contactId);
    await expect(top.getByTestId("chat-contact-preview")).not.toHaveText(first);
  }

  // Both open the chat; A replies with Enter (Shift+Enter makes a second line), B sees it appear.
  await a.locator(`[data-testid=chat-contact][data-contact-id="${contact.contactId}"]`).click();
  await b.locator(`[data-testid=chat-contact][data-contact-id="${contact.contactId}"]`).click();
  await expect(a.getByTestId("chat-message").filter({ hasText: second })).toBeVisible();
  await expect(b.getByTestId("chat-message").filter({ hasText: first })).toBeVisible();
  const input = a.getByTestId("composer-input");
  await expect(a.getByTestId("composer-send")).toBeDisabled();
  await input.fill("Да, доставляем по всей России.");
  await input.press("Shift+Enter");
  await input.pressSequentially("Оплата при получении тоже есть.");
  await expect(a.getByTestId("composer-send")).toBeEnabled();
  await input.press("Enter");
  await expect(input).toHaveValue("");
  const replyB = b.getByTestId("chat-message").filter({ hasText: "Оплата при получении тоже есть." });
  await expect(replyB).toBeVisible();
  await expect(replyB).toHaveAttribute("data-direction", "outgoing");
  expect(await replyB.innerText()).toContain("Да, доставляем по всей России.\nОплата при получении тоже есть.");
  // One message, even though it reached B twice (the socket event and the list refresh).
  await expect(b.getByTestId("chat-message").filter({ hasText: "Оплата при получении тоже есть." })).toHaveCount(1);
  // The reply goes out through the outbound queue to the (fake) Graph API: the tick follows, live.
  for (const p of [a, b]) await expect(p.getByTestId("chat-message").filter({ hasText: "Оплата при получении" }).getByTestId("delivery")).toHaveAttribute("data-state", /^(sent|delivered|read)$/);

  // A picture from A: B sees it load through the members-only media route, with no token in its URL.
  await a.getByTestId("composer-files").setInputFiles({ name: "схема-проезда.png", mimeType: "image/png", buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGPwmp0DRww4OQAyqA/NxosGiQAAAABJRU5ErkJggg==", "base64") });
  await a.getByTestId("composer-send").click();
  const picture = b.getByTestId("chat-image").last();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(4);
  expect(await picture.getAttribute("src")).toMatch(new RegExp(`^/api/media/${DEMO_ACCOUNT_ID}/[^?]+$`));

  // A customer's message arrives in the open chat of both.
  const third = `Отлично, тогда оформляю заказ ${Date.now()}`;
  await customerWrites(request, igId, sender, third);
  await expect(a.getByTestId("chat-message").filter({ hasText: third })).toBeVisible();
  await expect(b.getByTestId("chat-message").filter({ hasText: third })).toHaveAttribute("data-direction", "incoming");

  // Thread status: A closes the thread, B's header follows.
  await a.getByTestId("thread-status").click();
  await a.getByTestId("status-closed").click();
  await expect(a.getByTestId("thread-status")).toHaveAttribute("data-status", "closed");
  await expect(b.getByTestId("thread-status")).toHaveAttribute("data-status", "closed");
  await expect(b.locator(`[data-testid=chat-contact][data-contact-id="${contact.contactId}"]`)).toContainText("Закрыт");

  // AI switch: B turns the AI off; A sees the switch and the banner change.
  const aiA = a.getByTestId("ai-switch");
  const aiB = b.getByTestId("ai-switch");
  const wasOn = (await aiB.getAttribute("aria-checked")) === "true";
  if (!wasOn) {
    await aiB.click();
    await expect(aiA).toHaveAttribute("aria-checked", "true");
  }
  await aiB.click();
  await expect(aiB).toHaveAttribute("aria-checked", "false");
  await expect(aiA).toHaveAttribute("aria-checked", "false");
  await expect(a.getByTestId("banner-aiOff")).toBeVisible();
  await aiA.click();
  await expect(aiB).toHaveAttribute("aria-checked", "true");
  await expect(b.getByTestId("banner-aiOff")).toHaveCount(0);

  // Clear chat: the confirmation dialog first (Cancel keeps everything), then both logs are empty.
  await b.getByTestId("chat-menu").click();
  await b.getByTestId("clear-chat").click();
  const dialog = b.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("Очистить чат?");
  await dialog.getByRole("button", { name: "Отмена" }).click();
  await expect(b.getByTestId("chat-message").filter({ hasText: third })).toBeVisible();
  await b.getByTestId("chat-menu").click();
  await b.getByTestId("clear-chat").click();
  await dialog.getByRole("button", { name: "Очистить" }).click();
  for (const p of [a, b]) {
    await expect(p.getByTestId("chat-empty")).toHaveText("В данном чате пока нет сообщений");
    await expect(p.locator(`[data-testid=chat-contact][data-contact-id="${contact.contactId}"]`).getByTestId("chat-contact-preview")).toHaveText("Нет сообщений");
  }
  const api = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/${contact.contactId}/messages`, { headers: bearer(owner.accessToken) });
  expect(((await api.json()) as { data: unknown[] }).data).toHaveLength(0);

  await a.context().close();
  await b.context().close();
});

test("the log renders every message type of the seeded conversations", async ({ browser, request, baseURL }) => {
  const owner = await ownerAuth(request);
  const page = await openChat(browser, baseURL!, owner, "?c=demo-c-igor");
  const log = page.getByTestId("chat-log");
  // Calls with the labels of §4, a contact card with its phones, audio with its transcription.
  await expect(log.getByTestId("chat-call-status")).toHaveText(["Пропущенный", "Принятый"]);
  await expect(log.getByTestId("chat-contact-card")).toContainText("Елена Петрова");
  await expect(log.getByTestId("chat-contact-card")).toContainText("+7 921 555-12-34");
  await expect(log.getByTestId("chat-contact-card")).toContainText("+7 812 700-00-01");
  await expect(log.locator("audio")).toHaveCount(1);
  await expect(log).toContainText("Это номер жены, заберёт заказ она.");
  // The AI is off in this thread: the banner says so.
  await expect(page.getByTestId("banner-aiOff")).toBeVisible();

  // Documents: the long name is shortened, the extension kept; images 200 wide open full size.
  await page.locator('[data-testid=chat-contact][data-contact-id="demo-c-anna"]').click();
  const doc = log.getByTestId("chat-document-name");
  await expect(doc).toHaveText(/^Прайс-лист .*\.\.\.\.txt$/);
  expect((await doc.innerText()).length).toBeLessThanOrEqual(30);
  const img = log.getByTestId("chat-image");
  await expect(img).toHaveAttribute("width", "200");
  expect((await img.boundingBox())!.width).toBeCloseTo(200, 0);
  await img.click();
  await expect(page.getByTestId("image-dialog").locator("img")).toBeVisible();
  await page.keyboard.press("Escape");
  // Russian dates: earlier days as dates, the last day's group as «Сегодня» (or «Вчера»: the seed's
  // last messages are minutes old, which just after midnight in Moscow is yesterday), times in 24 hours.
  const latest = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/demo-c-anna/messages?limit=1`, { headers: bearer(owner.accessToken) });
  const lastAt = ((await latest.json()) as { data: { createdAt: number }[] }).data[0]!.createdAt;
  const moscowDay = (t: number) => new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow", dateStyle: "short" }).format(t);
  await expect(log.getByTestId("date-chip").last()).toHaveText(moscowDay(lastAt) === moscowDay(Date.now()) ? "Сегодня" : "Вчера");
  await expect(log.locator("time").first()).toHaveText(/^\d{2}:\d{2}$/);

  // A deleted attachment.
  // Dmitry wrote five days ago: below the first screen of a list that also holds the broadcasts' customers, found by search.
  const listSearch = page.getByRole("searchbox", { name: "Поиск по имени, нику или сообщению" });
  await listSearch.fill("Дмитрий Соколов");
  await page.locator('[data-testid=chat-contact][data-contact-id="demo-c-dmitry"]').click();
  await listSearch.fill("");
  await expect(log.getByTestId("file-missing")).toHaveText("Файл не существует");

  // Tool call and result with the function-result dialog; a system message centred.
  await page.locator('[data-testid=chat-contact][data-contact-id="demo-c-olga"]').click();
  await expect(log.locator("[data-type=tool_call]")).toContainText("get_current_datetime");
  await log.locator("[data-type=tool_result]").getByRole("button", { name: "Показать результат" }).click();
  const fr = page.getByTestId("function-result-dialog");
  await expect(fr).toContainText('"weekday": "четверг"');
  const box = (await fr.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(500);
  expect(box.height).toBeLessThanOrEqual(400);
  await page.keyboard.press("Escape");
  await expect(log.locator("[data-direction=system]")).toContainText("Ассистент передал диалог оператору");

  // The video dialog (max width 900) with a YouTube video.
  await page.locator('[data-testid=chat-contact][data-contact-id="demo-c-maria"]').click();
  await log.getByTestId("chat-video").click();
  const vd = page.getByTestId("video-dialog");
  await expect(vd.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/);
  expect((await vd.boundingBox())!.width).toBeLessThanOrEqual(900);
  // The dialog, not the player's frame, holds the focus, so Escape reaches the page and closes it.
  await expect(vd).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(vd).toHaveCount(0);
  // Instagram: the customer wrote more than 24 hours ago.
  await expect(page.getByTestId("banner-instagramWindow")).toBeVisible();

  // Filters and search of the list.
  const statuses = page.getByRole("group", { name: "Статус диалога" });
  const channels = page.getByRole("group", { name: "Канал" });
  await statuses.getByRole("button", { name: "В архиве" }).click();
  await expect(page.getByTestId("chat-contact-name")).toHaveText(["Дмитрий Соколов"]);
  await statuses.getByRole("button", { name: "Все статусы" }).click();
  await channels.getByRole("button", { name: "WhatsApp" }).click();
  // WhatsApp only (the seeded broadcasts' customers are WhatsApp contacts too): Igor on top, no Telegram or Instagram row.
  const names = page.getByTestId("chat-contact-name");
  await expect(names.first()).toHaveText("Игорь Петров");
  await expect(names.filter({ hasText: "Анна Смирнова" })).toHaveCount(0);
  await expect(names.filter({ hasText: "Мария" })).toHaveCount(0);
  await listSearch.fill("Дмитрий Соколов");
  await expect(names).toHaveText(["Дмитрий Соколов"]);
  await listSearch.fill("");
  await channels.getByRole("button", { name: "Все каналы" }).click();
  await page.getByRole("searchbox", { name: /Поиск по имени/ }).fill("СЕРТИФИКАТ");
  await expect(page.getByTestId("chat-contact-name")).toHaveText(["Екатерина Морозова"]);

  await page.context().close();
});

test("the test-chats panel: heading, search placeholder, empty texts, picking opens the chat", async ({ browser, request, baseURL }) => {
  const owner = await ownerAuth(request);
  const page = await openChat(browser, baseURL!, owner);
  await page.getByTestId("open-test-chats").click();
  const panel = page.getByTestId("test-chats-panel");
  await expect(panel.getByRole("heading", { name: "Тестовые чаты" })).toBeVisible();
  const search = panel.getByPlaceholder("Поиск тестовых чатов...");
  await expect(search).toBeVisible();
  // The list has loaded once it shows a chat or the empty text (other tests may have made test chats on the shared server).
  await expect(panel.getByTestId("test-chat").first().or(panel.getByTestId("test-chats-empty"))).toBeVisible();
  const hadChats = (await panel.getByTestId("test-chat").count()) > 0;
  if (!hadChats) await expect(panel.getByTestId("test-chats-empty")).toHaveText("Тестовые чаты отсутствуют");
  await page.keyboard.press("Escape");

  // The owner writes to the test bot: a test chat appears.
  const text = `Тестовый вопрос про ДОСТАВКУ ${Date.now()}`;
  const res = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/test-bot/messages`, { headers: bearer(owner.accessToken), data: { content: text } });
  expect(res.status()).toBe(201);
  await page.getByTestId("open-test-chats").click();
  await search.fill("несуществующий запрос");
  await expect(panel.getByTestId("test-chats-empty")).toHaveText("Тестовые чаты не найдены");
  await search.fill("доставку");
  await expect(panel.getByTestId("test-chat").first()).toBeVisible();
  await panel.getByTestId("test-chat").first().click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("chat-log").getByTestId("chat-message").filter({ hasText: text })).toBeVisible();
  await page.context().close();
});

test("contacts: table with search and page sizes, CSV and XLSX exports that open, the contact card, delete with confirmation", async ({ page, request, baseURL }) => {
  const owner = await ownerAuth(request);
  await presetStorage(page, { language: "ru", theme: "light" });
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${DEMO_ACCOUNT_ID}/contacts`);
  const table = page.locator("[data-slot=data-table]");
  await expect(table.getByTestId("contact-link").filter({ hasText: "Анна Смирнова" })).toBeVisible();

  // Page size 5 → at most five rows, first/last page buttons.
  await page.getByRole("combobox").filter({ hasText: /^20$/ }).click();
  await page.getByRole("option", { name: "5", exact: true }).click();
  await expect(table.getByTestId("contact-link")).toHaveCount(5);
  await expect(page).toHaveURL(/limit=5/);

  // Search (Cyrillic, case-insensitive).
  await page.getByRole("searchbox").fill("ВАСИЛЬЕВА");
  await expect(table.getByTestId("contact-link")).toHaveText(["Ольга Васильева"]);
  await page.getByRole("searchbox").fill("");
  // The export takes the table's applied filters: wait until the cleared search is applied.
  await expect(table.getByTestId("contact-link")).toHaveCount(5);

  // CSV export: a file that parses, with the header and the seeded contacts.
  await page.getByTestId("contacts-export").click();
  const [csvDl] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(csvDl.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await csvDl.path())!, "utf8").replace(/^\uFEFF/, "");
  const rows = parseCsv(csv);
  const header = rows[0]!;
  expect(header).toContain("Имя");
  const nameCol = header.indexOf("Имя");
  expect(rows.slice(1).map((r) => r[nameCol])).toEqual(expect.arrayContaining(["Анна Смирнова", "Игорь Петров"]));
  expect(header).toEqual(expect.arrayContaining(["Город"]));

  // XLSX export: a zip (PK signature) whose sheet holds the same contacts.
  await page.getByTestId("contacts-export").click();
  const [xlsxDl] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  expect(xlsxDl.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await xlsxDl.path())!);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  const files = unzipSync(new Uint8Array(bytes));
  const sheetName = Object.keys(files).find((f) => /^xl\/worksheets\/sheet\d+\.xml$/.test(f));
  expect(sheetName).toBeTruthy();
  const texts = Object.entries(files)
    .filter(([f]) => f === sheetName || f === "xl/sharedStrings.xml")
    .map(([, b]) => strFromU8(b))
    .join("");
  expect(texts).toContain("Анна Смирнова");
  expect(texts).toContain("Имя");

  // The contact card: profile, custom fields, threads per channel, link into the chat.
  await table.getByTestId("contact-link").filter({ hasText: "Анна Смирнова" }).click();
  await expect(page.getByTestId("contact-name")).toHaveText("Анна Смирнова");
  await expect(page.getByTestId("contact-fields-card")).toContainText("Москва");
  await expect(page.getByTestId("contact-thread")).toHaveCount(1);
  await page.getByTestId("thread-open-chat").click();
  await expect(page).toHaveURL(/\/apps\/chat\?c=demo-c-anna&t=demo-t-anna/);
  await expect(page.getByTestId("chat-title")).toHaveText("Анна Смирнова");

  // Delete from the table, confirmed (Cancel first keeps it).
  await page.goto(`/${DEMO_ACCOUNT_ID}/contacts?q=${encodeURIComponent("Екатерина")}`);
  await expect(table.getByTestId("contact-link")).toHaveText(["Екатерина Морозова"]);
  await table.getByTestId("contact-actions").click();
  await page.getByTestId("contact-delete").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("Удалить контакт?");
  await dialog.getByRole("button", { name: "Отмена" }).click();
  await expect(table.getByTestId("contact-link")).toHaveText(["Екатерина Морозова"]);
  await table.getByTestId("contact-actions").click();
  await page.getByTestId("contact-delete").click();
  await dialog.getByRole("button", { name: "Удалить" }).click();
  await expect(table.getByTestId("contact-link")).toHaveCount(0);
  const gone = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/demo-c-ekaterina`, { headers: bearer(owner.accessToken) });
  expect(gone.status()).toBe(404);
});

/** RFC 4180 CSV (quotes, doubled quotes, commas/semicolons and newlines inside quotes). */
function parseCsv(text: string): string[][] {
  const sep = (text.split("\n")[0]!.match(/;/g)?.length ?? 0) > (text.split("\n")[0]!.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
