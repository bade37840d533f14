import { test } from "@playwright/test";
import { apiLogin, apiRegister, bearer, expect, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test("notifications with the same id replace each other and restart the timer", async ({ page, request, baseURL }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
  const email = uniqueEmail("notify");
  const auth = await apiRegister(request, { email, password: "notify-pass-1", name: "Уведомлений Тест" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Салон «Лён»" } });
  expect(created.status()).toBe(201);
  const { accountId } = (await created.json()) as { accountId: string };
  await signInWithToken(page, baseURL!, await apiLogin(request, email, "notify-pass-1"));

  await page.goto(`/${accountId}/account-settings?tab=downtime`);
  await page.getByTestId("add-interval-1").click();
  const snackbar = page.getByTestId("snackbar").filter({ hasText: "Расписание простоя ассистентов успешно обновлено" });

  // The save notification carries a fixed id: saving twice shows one snackbar, not two.
  await page.getByTestId("downtime-save").click();
  await expect(snackbar).toHaveCount(1);
  const firstShown = Date.now();
  await page.waitForTimeout(1800);
  await page.getByTestId("downtime-enabled").click();
  await page.getByTestId("downtime-save").click();
  await expect(page.getByTestId("downtime-save")).toBeDisabled();
  await expect(snackbar).toHaveCount(1);

  // 3 s after the first one it would be gone without the restart; it is still there.
  await page.waitForTimeout(Math.max(0, 3400 - (Date.now() - firstShown)));
  await expect(snackbar).toHaveCount(1);
  // …and it does go away 3 s after the second.
  await expect(snackbar).toHaveCount(0, { timeout: 4000 });

  // The schedule was really stored.
  const settings = await request.get(`/api/accounts/${accountId}/settings`, { headers: bearer(auth.accessToken) });
  const body = (await settings.json()) as { downtime: { enabled: boolean; intervals: { day: number; from: string; to: string }[] } };
  expect(body.downtime.enabled).toBe(true);
  expect(body.downtime.intervals).toEqual([{ day: 1, from: "09:00", to: "18:00" }]);
});
