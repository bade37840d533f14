import { expect, test } from "@playwright/test";
import { eachThemeAndScreen } from "./fixtures";
import { apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * Google Calendar booking in Chromium against the e2e server's fake Google: connect through the
 * (fake) consent page, set the working hours, then a booking question in the test chat makes the
 * demo model call find_free_slots and book_slot, and the booking is listed on the page.
 */
test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("connect Google Calendar, set the working hours and book from the test chat", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const auth = await apiRegister(request, { email: uniqueEmail("gcal"), password: "owner-pass-1", name: "Ольга Владелец" });
  const acc = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Салон «Лаванда»" } });
  expect(acc.status()).toBe(201);
  const accountId = ((await acc.json()) as { accountId: string }).accountId;
  const a = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name: "Администратор салона", tools: ["get_current_datetime", "find_free_slots", "book_slot", "cancel_booking"] } });
  expect(a.status(), await a.text()).toBe(201);

  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/integration/google-calendar`);
  await settled(page);
  await shot(page, testInfo, "google-calendar/not-connected");
  await page.getByTestId("gcal-connect").click();
  // The fake consent page, then back to our callback and the page.
  await page.getByRole("link", { name: "Разрешить" }).click();
  await page.waitForURL(`**/${accountId}/integration/google-calendar`);
  await expect(page.getByTestId("gcal-status")).toHaveText("Подключён");

  // The settings: the writable calendar, Saturday on with its own hours, no minimum notice.
  const form = page.getByTestId("gcal-settings");
  await form.getByTestId("gcal-calendar").click();
  await expect(page.getByRole("option")).toHaveCount(2);
  await page.getByRole("option", { name: "Записи клиентов" }).click();
  const saturday = form.getByTestId("gcal-day-5");
  await saturday.getByRole("switch").click();
  await saturday.getByLabel("Суббота: с").fill("11:00");
  await saturday.getByLabel("Суббота: до").fill("16:00");
  await form.getByTestId("gcal-minNoticeMinutes").fill("0");
  await form.getByTestId("gcal-save").click();
  await expect(page.getByText("Настройки записи сохранены").first()).toBeVisible();
  const saved = await (await request.get(`/api/accounts/${accountId}/integrations/google-calendar/settings`, { headers: bearer(auth.accessToken) })).json();
  expect(saved).toMatchObject({ calendarId: "bookings.lavanda@group.calendar.google.com", minNoticeMinutes: 0 });
  expect(saved.workingHours[5]).toEqual({ on: true, from: "11:00", to: "16:00" });

  // The test chat: a booking question → find_free_slots → book_slot → the answer.
  await page.getByTestId("test-chat-launcher").click();
  const popup = page.getByTestId("test-chat-popup");
  await expect(popup).toBeVisible();
  // A new account has no test chat yet: the popup offers to create one (wait until it has decided).
  const create = popup.getByTestId("test-chat-create");
  const input = popup.getByTestId("test-chat-input");
  await expect(create.or(input.and(page.locator(":enabled")))).toBeVisible();
  if (await create.isVisible()) await create.click();
  await expect(input).toBeEnabled();
  await input.fill("Здравствуйте! Хочу записаться на стрижку");
  await popup.getByTestId("test-chat-send").click();
  await expect(popup.getByTestId("assistant-message").last()).toContainText("Записал вас на", { timeout: 60_000 });
  // The tool results come over the socket and may land just after the streamed reply.
  await expect.poll(() => popup.getByTestId("tool-result").count()).toBeGreaterThanOrEqual(2);
  await popup.getByTestId("test-chat-close").click();

  await page.reload();
  await settled(page);
  await expect(page.getByTestId("gcal-booking-row")).toHaveCount(1);
  await expect(page.getByTestId("gcal-booking-row")).toContainText("Ассистент");

  await eachThemeAndScreen(page, async (theme, label) => {
    await page.goto(`/${accountId}/integration/google-calendar`);
    await settled(page);
    await shot(page, testInfo, `google-calendar/page-${label}-${theme}`);
  });
});
