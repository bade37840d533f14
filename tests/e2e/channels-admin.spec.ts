import { expect, test } from "@playwright/test";
import { ADMIN, apiLogin, apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";
import { ownGreenFake } from "./fixtures";

/**
 * The administrators' dead-letter view: a WhatsApp webhook with a valid token but a body that is
 * not JSON is poisoned by the inbound consumer; an administrator finds it, reads it, replays it
 * (it fails again and comes back as a new dead letter) and deletes it.
 */
const green = ownGreenFake("greenapi-e2e-dlq");
test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("an administrator inspects, replays and deletes a poisoned webhook; others cannot open /admin", async ({ page, request, baseURL }, testInfo) => {
  const owner = await apiRegister(request, { email: uniqueEmail("dlq"), password: "owner-pass-1", name: "Анна Владелец" });
  const acc = await request.post("/api/accounts", { headers: bearer(owner.accessToken), data: { name: "Ателье «Нить»" } });
  const accountId = ((await acc.json()) as { accountId: string }).accountId;
  const idInstance = "1101888002";
  const apiToken = "dlq0token0for0instance0e5f6a7b8";
  const created = await request.post(`/api/accounts/${accountId}/platform-whatsapp/create-instance`, {
    headers: bearer(owner.accessToken),
    data: { idInstance, apiTokenInstance: apiToken, apiUrl: green.url },
  });
  expect(created.status(), await created.text()).toBe(201);
  const token = (green.state.requests.find((r) => r.path === `/waInstance${idInstance}/setSettings/${apiToken}`)!.body as { webhookUrlToken: string }).webhookUrlToken;
  const poisoned = await request.post(`/api/webhooks/whatsapp/${accountId}`, { headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, data: Buffer.from("{not json") });
  expect(poisoned.status()).toBe(200);

  // Not an administrator: the area is closed.
  await signInWithToken(page, baseURL!, owner);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/not-authorized$/);

  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto("/admin");
  const card = page.getByTestId("dead-letters");
  await expect(card.getByRole("heading", { name: "Недоставленные сообщения очередей" })).toBeVisible();
  await card.getByLabel("Id аккаунта").fill(accountId);
  const rows = card.locator("tbody tr");
  await expect(async () => {
    await page.reload();
    await card.getByLabel("Id аккаунта").fill(accountId);
    await expect(rows.filter({ hasText: "Тело вебхука — не JSON" })).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(rows.first()).toContainText("Входящие");
  await expect(rows.first()).toContainText("WHATSAPP");

  await rows.first().getByRole("button", { name: "Подробнее" }).click();
  const dialog = page.getByTestId("dead-letter-dialog");
  await expect(dialog.getByTestId("dead-letter-body")).toContainText("{not json");
  await expect(dialog).toContainText("Тело вебхука — не JSON");
  await settled(page);
  await shot(page, testInfo, "channels-admin-dead-letter");
  await page.keyboard.press("Escape");

  await rows.first().getByRole("button", { name: "Переотправить" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Переотправить" }).click();
  await expect(page.getByText("Сообщение снова поставлено в очередь")).toBeVisible();
  await expect(card.getByTestId("dlq-replayed")).toHaveCount(1);
  // Still not JSON: the replay is poisoned again and comes back as a new record.
  await expect(async () => {
    await page.reload();
    await card.getByLabel("Id аккаунта").fill(accountId);
    await expect(rows.filter({ hasText: "Тело вебхука — не JSON" })).toHaveCount(2, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  await card.getByText("Только не переотправленные").click();
  await expect(rows.filter({ hasText: "Тело вебхука — не JSON" })).toHaveCount(1);
  await rows.first().getByRole("button", { name: "Удалить" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Удалить" }).click();
  await expect(page.getByText("Запись удалена")).toBeVisible();
  await expect(card.getByText("Очереди ничего не отбросили")).toBeVisible();
  await shot(page, testInfo, "channels-admin-empty");
});
