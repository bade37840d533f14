import { test } from "@playwright/test";
import { startWebhookReceiver, type RunningReceiver } from "../fakes/webhook-receiver";
import { apiRegister, bearer, expect, presetStorage, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * The owner's journey through the webhooks tab against a real receiver on 127.0.0.1 (the e2e server
 * runs with WEBHOOKS_ALLOW_LOOPBACK=1 in development): add an endpoint (an unsafe URL refused first),
 * see the secret once, send a test event, find it in the delivery log, redeliver, rotate the secret,
 * delete with confirmation. The receiver verifies every signature like a Standard Webhooks library.
 */
test.describe.configure({ timeout: 180_000 });

let receiver: RunningReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("an owner adds an endpoint, tests it, reads the log, redelivers, rotates the secret and deletes it", async ({ page, request, baseURL }, testInfo) => {
  const email = uniqueEmail("owner");
  const auth = await apiRegister(request, { email, password: "owner-pass-1", name: "Ольга Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Пекарня «Колос»" } });
  const { accountId } = (await created.json()) as { accountId: string };
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/account-settings?tab=webhook`);

  const card = page.getByTestId("webhooks-card");
  await expect(card.getByText("Эндпоинтов пока нет")).toBeVisible();
  await card.getByTestId("webhook-add").click();
  const dialog = page.getByTestId("webhook-dialog");
  await expect(dialog.getByText("Сообщения", { exact: true })).toBeVisible();
  await expect(dialog.getByText("message.received")).toBeVisible();

  // The server's SSRF rules answer on the field.
  await dialog.getByLabel("Адрес (URL)").fill("https://localhost/hooks");
  await dialog.getByLabel("Входящее сообщение от клиента").check();
  await dialog.getByTestId("webhook-save").click();
  await expect(dialog.getByText("Локальные и внутренние адреса не принимаются")).toBeVisible();

  const path = `/hooks/${Date.now().toString(36)}`;
  const url = `${receiver.url}${path}`;
  await dialog.getByLabel("Адрес (URL)").fill(url);
  await dialog.getByLabel("Описание").fill("CRM отдела продаж");
  await dialog.getByLabel("Новый контакт").check();
  await dialog.getByTestId("webhook-save").click();

  // The secret, once.
  const secretDialog = page.getByTestId("webhook-secret-dialog");
  await expect(secretDialog).toBeVisible();
  const secret = await secretDialog.getByTestId("webhook-secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  receiver.setSecrets(path, [secret]);
  await secretDialog.getByTestId("webhook-secret-done").click();
  await expect(secretDialog).toBeHidden();
  const row = page.getByTestId("webhook-endpoint").filter({ hasText: url });
  await expect(row).toBeVisible();
  await expect(row.getByText("CRM отдела продаж")).toBeVisible();
  await expect(row.getByTestId("webhook-status")).toHaveText("Включён");
  await expect(row.getByText("2 события")).toBeVisible();
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // A test event reaches the receiver, signed.
  await row.getByTestId("webhook-test").click();
  await expect.poll(() => receiver.requests.filter((r) => r.path === path).length).toBe(1);
  const first = receiver.requests.find((r) => r.path === path)!;
  expect(first.verified).toBe(true);
  expect((first.body as { type: string }).type).toBe("webhook.test");
  await expect(row.getByTestId("webhook-last-delivery")).toContainText("Доставлено");
  await shot(page, testInfo, "webhooks-list");

  // The delivery log: status, code, attempts, the response's excerpt.
  await row.getByTestId("webhook-log").click();
  const log = page.getByTestId("webhook-deliveries");
  const delivery = log.getByTestId("webhook-delivery").first();
  await expect(delivery.getByTestId("delivery-status")).toHaveText("Доставлено");
  await expect(delivery.getByTestId("delivery-code")).toHaveText("HTTP 200");
  await expect(delivery.getByTestId("delivery-attempts")).toHaveText("1 попытка");
  await delivery.getByTestId("delivery-toggle").click();
  await expect(delivery.getByTestId("delivery-response")).toHaveText('{"received":true}');
  await expect(delivery.getByText(first.headers["webhook-id"]!)).toBeVisible();

  // Redeliver: the same webhook-id again.
  await delivery.getByTestId("delivery-redeliver").click();
  await expect.poll(() => receiver.requests.filter((r) => r.path === path).length).toBe(2);
  const again = receiver.requests.filter((r) => r.path === path)[1]!;
  expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  expect(again.verified).toBe(true);
  await expect(delivery.getByTestId("delivery-attempts")).toHaveText("2 попытки", { timeout: 15_000 });
  await expect(delivery.getByTestId("delivery-attempt")).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(log).toBeHidden();

  // Rotate: confirmation, the new secret once; both secrets sign during the overlap.
  await row.getByTestId("webhook-menu").click();
  await page.getByTestId("webhook-rotate").click();
  const confirmDialog = page.getByTestId("confirm-dialog");
  await expect(confirmDialog).toContainText("Ещё 24 часа");
  await confirmDialog.getByRole("button", { name: "Заменить секрет" }).click();
  await expect(secretDialog).toBeVisible();
  await expect(secretDialog).toContainText("Новый секрет подписи");
  const rotated = await secretDialog.getByTestId("webhook-secret").inputValue();
  expect(rotated).not.toBe(secret);
  receiver.setSecrets(path, [rotated, secret]);
  await secretDialog.getByTestId("webhook-secret-done").click();
  await expect(row).toContainText("Старый секрет действует до");
  await row.getByTestId("webhook-test").click();
  await expect.poll(() => receiver.requests.filter((r) => r.path === path).length).toBe(3);
  const third = receiver.requests.filter((r) => r.path === path)[2]!;
  expect(third.matchedSecrets).toEqual([0, 1]);

  // Delete: cancelling keeps it; confirming removes it.
  await row.getByTestId("webhook-menu").click();
  await page.getByTestId("webhook-delete").click();
  await expect(confirmDialog).toContainText(url);
  await confirmDialog.getByRole("button", { name: "Отмена" }).click();
  await expect(row).toBeVisible();
  await row.getByTestId("webhook-menu").click();
  await page.getByTestId("webhook-delete").click();
  await confirmDialog.getByRole("button", { name: "Удалить" }).click();
  await expect(card.getByText("Эндпоинтов пока нет")).toBeVisible();
  const list = await request.get(`/api/accounts/${accountId}/webhooks`, { headers: bearer(auth.accessToken) });
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
});
