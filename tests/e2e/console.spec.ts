import { test, type Page } from "@playwright/test";
import { ADMIN, DEMO, DEMO_ACCOUNT_ID, apiLogin, expect, presetStorage, signInWithToken } from "./helpers";

/**
 * The browser console stays clean on every main page: no React Router warnings (HydrateFallback,
 * lazy `handle`), no CSP report from zod's code-generation probe, no failed socket, nothing else.
 * Nothing is filtered out.
 */
test.describe.configure({ timeout: 180_000 });

function recordConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()} on ${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`uncaught on ${new URL(page.url()).pathname}: ${e.message}`));
  return problems;
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  // Lazy parts (the floating test chat, the socket, late queries) settle after the page shows.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(800);
}

const heading = (page: Page) => expect(page.locator("main h1, h1").first()).toBeVisible();

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
});

test("signed out: /login and /register log nothing", async ({ page }) => {
  const problems = recordConsole(page);
  await visit(page, "/login", (p) => expect(p.getByRole("button", { name: "Войти" })).toBeVisible());
  // Validation parses the form with zod: its code-generation probe would be a CSP report here.
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.getByText("Введите e-mail")).toBeVisible();
  await visit(page, "/register", (p) => expect(p.getByRole("button", { name: "Зарегистрироваться" })).toBeVisible());
  expect(problems).toEqual([]);
});

test("signed in: the account's pages log nothing", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);
  const problems = recordConsole(page);
  const A = `/${DEMO_ACCOUNT_ID}`;
  await visit(page, "/accounts", heading);
  await visit(page, `${A}/dashboard`, (p) => expect(p.getByTestId("setup-steps")).toBeVisible());
  await visit(page, `${A}/apps/chat`, (p) => expect(p.getByText("Анна Смирнова").first()).toBeVisible());
  await visit(page, `${A}/contacts`, (p) => expect(p.getByText("Анна Смирнова").first()).toBeVisible());
  await visit(page, `${A}/assistants`, (p) => expect(p.getByText("Консультант «Уюта»").first()).toBeVisible());
  await visit(page, `${A}/assistants/demo-assistant`, (p) => expect(p.getByTestId("embedded-test-chat")).toBeVisible());
  await visit(page, "/assistant-templates", (p) => expect(p.getByTestId("template-card").first()).toBeVisible());
  await visit(page, `${A}/connect`, heading);
  await visit(page, `${A}/account-settings`, (p) => expect(p.getByTestId("tab-general")).toBeVisible());
  await visit(page, "/profile", heading);
  // And moving between pages inside the app (lazy routes, the account scope, the palette).
  await page.getByTestId("nav-dashboard").click();
  await expect(page.getByTestId("setup-steps")).toBeVisible();
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("Уют");
  await expect(page.getByTestId("search-assistant").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId("test-chat-launcher").click();
  await expect(page.getByTestId("test-chat-window")).toBeVisible();
  await page.waitForTimeout(1000);
  expect(problems).toEqual([]);
});

test("a platform admin's admin page logs nothing", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, ADMIN.email, ADMIN.password);
  await signInWithToken(page, baseURL!, auth);
  const problems = recordConsole(page);
  await visit(page, "/admin", heading);
  expect(problems).toEqual([]);
});
