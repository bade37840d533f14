import { test, type Page } from "@playwright/test";
import { apiLogin, apiRegister, bearer, DEMO, DEMO_ACCOUNT_ID, expect, mailLink, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

/**
 * An owner's custom fields page: create fields in the dialog (the key follows the label), change
 * their order by dragging, and delete one whose confirmation names how many contacts hold a value.
 */
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

const labels = (page: Page) => page.getByTestId("field-row").locator("td:nth-child(2) > div:first-child").allInnerTexts();

async function createField(page: Page, label: string, type?: string, options: string[] = []) {
  await page.getByTestId("field-add").first().click();
  const dialog = page.getByTestId("field-dialog");
  await dialog.getByLabel("Название").fill(label);
  if (type) {
    await dialog.getByRole("combobox", { name: "Тип" }).click();
    await page.getByRole("option", { name: type, exact: true }).click();
  }
  for (const [i, option] of options.entries()) await dialog.getByLabel(`Вариант ${i + 1}`, { exact: true }).fill(option);
  await dialog.getByTestId("field-save").click();
  await expect(dialog).toBeHidden();
}

test("an owner creates fields, sees them listed, and reorders them by drag", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Ольга Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Цветочная лавка" } });
  const { accountId } = (await created.json()) as { accountId: string };
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/custom-fields`);

  await expect(page.getByText("Полей пока нет")).toBeVisible();
  await page.getByTestId("field-add").click();
  const dialog = page.getByTestId("field-dialog");
  await dialog.getByLabel("Название").fill("Дата рождения");
  // the key follows the label, in latin letters
  await expect(dialog.getByLabel("Ключ")).toHaveValue("data_rozhdeniya");
  await dialog.getByRole("combobox", { name: "Тип" }).click();
  await page.getByRole("option", { name: "Дата", exact: true }).click();
  await dialog.getByTestId("field-save").click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("field-row").filter({ hasText: "Дата рождения" });
  await expect(row).toContainText("data_rozhdeniya");
  await expect(row).toContainText("Дата");

  await createField(page, "Источник", "Список", ["Сайт", "Реклама"]);
  await expect(page.getByTestId("field-row").filter({ hasText: "Источник" })).toContainText("Реклама");
  await createField(page, "Бюджет", "Число");
  await expect.poll(() => labels(page)).toEqual(["Дата рождения", "Источник", "Бюджет"]);

  // Drag «Бюджет» by its handle above the first row.
  const handles = page.getByTestId("field-drag-handle");
  const from = (await handles.nth(2).boundingBox())!;
  const to = (await handles.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 20 });
  await page.mouse.up();
  await expect.poll(() => labels(page)).toEqual(["Бюджет", "Дата рождения", "Источник"]);
  // the order is the server's now
  await page.reload();
  await expect.poll(() => labels(page)).toEqual(["Бюджет", "Дата рождения", "Источник"]);
});

test("deleting a field asks with the number of contacts that hold a value", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  const headers = bearer(auth.accessToken);
  const key = `promo_${Date.now().toString(36)}`;
  const res = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/custom-fields`, { headers, data: { key, label: "Промокод акции", type: "text" } });
  expect(res.status()).toBe(201);
  for (const contactId of ["demo-c-anna", "demo-c-igor"]) {
    const put = await request.put(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/${contactId}/fields`, { headers, data: { values: { [key]: "ЗИМА25" } } });
    expect(put.status()).toBe(200);
  }
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${DEMO_ACCOUNT_ID}/custom-fields`);
  const row = page.getByTestId("field-row").filter({ hasText: "Промокод акции" });
  await expect(row).toContainText("2");
  await row.getByRole("button", { name: "Удалить поле «Промокод акции»" }).click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText("Поле «Промокод акции» заполнено у 2 контактов");
  await confirm.getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByText("Поле удалено вместе с 2 значениями")).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/demo-c-anna`, { headers });
  expect(((await after.json()) as { fieldValues: Record<string, unknown> }).fieldValues[key]).toBeUndefined();
});

test("an operator sees the fields and tags read-only", async ({ page, request, baseURL }) => {
  const owner = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(owner.accessToken);
  const { accountId } = (await (await request.post("/api/accounts", { headers, data: { name: "Книжный «Абзац»" } })).json()) as { accountId: string };
  expect((await request.post(`/api/accounts/${accountId}/custom-fields`, { headers, data: { key: "city", label: "Город", type: "text" } })).status()).toBe(201);
  expect((await request.post(`/api/accounts/${accountId}/tags`, { headers, data: { name: "VIP", color: "#FF9F43" } })).status()).toBe(201);
  const email = uniqueEmail("operator");
  expect((await request.post(`/api/accounts/${accountId}/members/invitations`, { headers, data: { email, role: "operator" } })).status()).toBe(201);
  const link = await mailLink(request, email, "/invite");
  const operator = await apiRegister(request, { email, password: "operator-pass-1", name: "Олег Оператор", inviteToken: new URL(link, "http://x").searchParams.get("token")! });

  await signInWithToken(page, baseURL!, operator);
  await page.goto(`/${accountId}/custom-fields`);
  await expect(page.getByTestId("field-row")).toContainText("Город");
  await expect(page.getByText("Поля настраивают администраторы аккаунта")).toBeVisible();
  await expect(page.getByTestId("field-add")).toHaveCount(0);
  await expect(page.getByTestId("field-drag-handle")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Удалить поле «Город»" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Теги" }).click();
  await expect(page.getByTestId("tags-card")).toContainText("VIP");
  await expect(page.getByTestId("tag-add")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Удалить тег «VIP»" })).toHaveCount(0);
});

test("a value is filled on the contact page (a bad one is refused with its message) and a tag is set from the chat's contact pane", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  const headers = bearer(auth.accessToken);
  const key = `budget_e2e_${Date.now().toString(36)}`;
  const res = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/custom-fields`, { headers, data: { key, label: "Бюджет теста", type: "number" } });
  expect(res.status()).toBe(201);
  const { fieldId } = (await res.json()) as { fieldId: string };
  const tagRes = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/tags`, { headers, data: { name: `Тест ${key.slice(-5)}`, color: "#7367F0" } });
  expect(tagRes.status()).toBe(201);
  const tag = (await tagRes.json()) as { tagId: string; name: string };
  try {
    await signInWithToken(page, baseURL!, auth);
    await page.goto(`/${DEMO_ACCOUNT_ID}/contacts/demo-c-olga`);
    const card = page.getByTestId("contact-fields-card");
    const row = card.locator(`[data-testid="contact-field"][data-key="${key}"]`);
    await row.getByRole("button", { name: "Изменить «Бюджет теста»" }).click();
    const editor = card.getByTestId("contact-field-editor");
    await editor.getByLabel("Бюджет теста").fill("много");
    await editor.getByTestId("contact-field-save").click();
    await expect(editor.getByRole("alert")).toHaveText("Введите число");
    await editor.getByLabel("Бюджет теста").fill("25 000");
    await editor.getByTestId("contact-field-save").click();
    await expect(editor).toBeHidden();
    await expect(row).toContainText(/25\s000/);
    await page.reload();
    await expect(page.getByTestId("contact-fields-card").locator(`[data-testid="contact-field"][data-key="${key}"]`)).toContainText(/25\s000/);

    // the chat's contact pane shows the same values and sets tags
    await page.goto(`/${DEMO_ACCOUNT_ID}/apps/chat?c=demo-c-olga`);
    await page.getByTestId("chat-title").waitFor();
    const pane = page.getByTestId("contact-details");
    if (!(await pane.isVisible())) await page.getByTestId("toggle-details").click();
    await expect(pane.locator(`[data-testid="contact-field"][data-key="${key}"]`)).toContainText(/25\s000/);
    await pane.getByTestId("contact-tags-add").click();
    await page.getByRole("option", { name: new RegExp(tag.name) }).click();
    await expect(pane.getByTestId("contact-tags")).toContainText(tag.name);
    const after = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/demo-c-olga`, { headers });
    const body = (await after.json()) as { fieldValues: Record<string, unknown>; tags: { tagId: string }[] };
    expect(body.fieldValues[key]).toBe(25000);
    expect(body.tags.map((t) => t.tagId)).toContain(tag.tagId);
  } finally {
    await request.delete(`/api/accounts/${DEMO_ACCOUNT_ID}/custom-fields/${fieldId}`, { headers });
    await request.delete(`/api/accounts/${DEMO_ACCOUNT_ID}/tags/${tag.tagId}`, { headers });
  }
});
