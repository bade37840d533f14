import { test } from "@playwright/test";
import { DEMO, expect, mailLink, presetStorage, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("register → create account → dashboard", async ({ page }) => {
  const email = uniqueEmail("owner");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Создайте учётную запись" })).toBeVisible();

  // Client-side validation runs on input and shows one message per field.
  await page.getByLabel("Имя").fill("Анна Смирнова");
  await page.getByLabel("E-mail").fill("not-an-email");
  await expect(page.getByText("Введите корректный e-mail, например name@company.ru")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill("short");
  await expect(page.getByText("Пароль должен содержать не менее 8 символов")).toBeVisible();
  await page.getByLabel("Пароль", { exact: true }).fill("secret-pass-1");
  await page.getByLabel("Повторите пароль").fill("secret-pass-2");
  await expect(page.getByText("Пароли не совпадают")).toBeVisible();
  await page.getByLabel("Повторите пароль").fill("secret-pass-1");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByText("Чтобы продолжить, примите условия использования")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();

  // A new user has no account yet: the accounts page invites to create the first one.
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByText("У вас пока нет аккаунтов")).toBeVisible();
  await page.getByRole("button", { name: "Создать аккаунт" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Создать" }).click();
  await expect(dialog.getByText("Введите название аккаунта")).toBeVisible();
  await dialog.getByLabel("Название аккаунта").fill("Кофейня «Зерно»");
  await dialog.getByLabel("Сайт").fill("zerno.ru");
  await expect(dialog.getByText("Укажите адрес сайта, начиная с https://")).toBeVisible();
  await dialog.getByLabel("Сайт").fill("https://zerno.example");
  await dialog.getByRole("button", { name: "Создать" }).click();

  // A new account lands on the setup wizard; leaving it opens the control panel.
  await expect(page).toHaveURL(/\/[^/]+\/wizard$/);
  await expect(page.getByTestId("wizard-business")).toBeVisible();
  await page.getByTestId("wizard-exit").click();
  await expect(page).toHaveURL(/\/[^/]+\/dashboard$/);
  await expect(page.getByRole("heading", { name: /Анна/ })).toBeVisible();
  await expect(page.getByText("Сводка по аккаунту «Кофейня „Зерно“»")).toBeVisible();
  await expect(page.getByTestId("stat-members-value")).toHaveText("1");
  await expect(page.getByTestId("stat-invitations-value")).toHaveText("0");
  await expect(page.getByTestId("stat-setup-value")).toHaveText("1 из 5");

  // Skipping a wizard step is stored on the server: it survives a reload.
  await page.getByTestId("skip-channel").click();
  await expect(page.locator('[data-step="channel"]')).toHaveAttribute("data-state", "skipped");
  await page.reload();
  await expect(page.locator('[data-step="channel"]')).toHaveAttribute("data-state", "skipped");
  await expect(page.getByTestId("stat-setup-value")).toHaveText("2 из 5");

  // The confirmation mail was sent and its link verifies the address.
  const link = await mailLink(page.request, email, "/auth/verify-email");
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/email-verified$/);
  await expect(page.getByText("E-mail подтверждён").first()).toBeVisible();
});

test("server errors land on the form: taken e-mail, wrong password", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Имя").fill("Повтор");
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Пароль", { exact: true }).fill("another-pass");
  await page.getByLabel("Повторите пароль").fill("another-pass");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(page.getByTestId("form-alert")).toContainText("Пользователь с таким e-mail уже зарегистрирован");
  await expect(page).toHaveURL(/\/register$/);

  await page.goto("/login");
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Войти" }).click();
  const password = page.getByLabel("Пароль", { exact: true });
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Неверный e-mail или пароль")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("forgot password → mail → reset → sign in with the new password", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  const res = await request.post("/api/auth/register", { data: { email, password: "old-password-1", name: "Сброс Пароля" } });
  expect(res.status()).toBe(201);

  await page.goto("/auth/forgot-password");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Отправить ссылку" }).click();
  await expect(page.getByRole("heading", { name: "Проверьте почту" })).toBeVisible();

  const link = await mailLink(request, email, "/auth/reset");
  await page.goto(link);
  await page.getByLabel("Новый пароль", { exact: true }).fill("new-password-1");
  await page.getByLabel("Повторите пароль").fill("new-password-1");
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The link works once only.
  await page.goto(link);
  await page.getByLabel("Новый пароль", { exact: true }).fill("new-password-2");
  await page.getByLabel("Повторите пароль").fill("new-password-2");
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  await expect(page.getByText("Ссылка для сброса пароля недействительна или устарела")).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill("new-password-1");
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/accounts$/);
});
