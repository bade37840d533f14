import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect as baseExpect, type APIRequestContext, type Locator, type Page, type TestInfo } from "@playwright/test";

/** The machine running the suite is shared and often busy: assertions wait longer than the default. */
export const expect = baseExpect.configure({ timeout: 20_000 });

export const DEMO = { email: "demo@assistly.local", password: "demo12345", name: "Демо Оператор" };
export const ADMIN = { email: "admin@assistly.local", password: "admin12345", name: "Администратор" };
export const DEMO_ACCOUNT_ID = "00000000demoaccount";

const here = dirname(fileURLToPath(import.meta.url));
/**
 * Screenshot tours are review material (PNGs under tests/e2e/artifacts), not assertions: tagged
 * `@screens`, `npm test` leaves them out and `npm run test:screens` runs them. Where a tour also
 * asserts behaviour, one variant (light, desktop) stays in the suite.
 */
export const SCREENS = ["@screens"];
export function screensTag(theme: "light" | "dark", viewport: string): string[] {
  return theme === "light" && viewport === "desktop" ? [] : SCREENS;
}
export const ARTIFACTS = join(here, "artifacts");

/**
 * The protocol fakes' addresses (`TELEGRAM_API_BASE`, `GREEN_API_BASE`, …) the e2e server started
 * the app with: scripts/e2e-server.mjs writes them to `.wrangler/e2e-<port>/fakes.json`.
 */
export function fakeBindings(): Record<string, string> {
  const port = process.env.E2E_PORT ?? "8790";
  return JSON.parse(readFileSync(join(here, "..", "..", ".wrangler", `e2e-${port}`, "fakes.json"), "utf8")) as Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  rawBody: string;
  at: number;
}

/** What a fake received (its `GET /__requests`), optionally only the paths starting with `prefix`. */
export async function fakeRequests(request: APIRequestContext, base: string, prefix = ""): Promise<FakeRequest[]> {
  const res = await request.get(`${base}/__requests`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as FakeRequest[]).filter((r) => r.path.startsWith(prefix));
}

let seq = 0;
/** A fresh address per call, unique across runs against the same server too. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}@e2e.test`;
}

export interface AuthResult {
  accessToken: string;
  user: { id: string; email: string; name: string; emailVerified: boolean; isPlatformAdmin: boolean; language: string };
}

export async function apiRegister(request: APIRequestContext, input: { email: string; password: string; name: string; inviteToken?: string }): Promise<AuthResult> {
  const res = await request.post("/api/auth/register", { data: input });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AuthResult;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<AuthResult> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AuthResult;
}

export function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

/** The mail the dev outbox holds for an address, newest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to.toLowerCase())}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { to: string; subject: string; text: string }[] }).data;
}

/** The first link of the newest mail to `to` whose path starts with `pathPrefix`, as a path + query. */
export async function mailLink(request: APIRequestContext, to: string, pathPrefix: string): Promise<string> {
  const mails = await outbox(request, to);
  for (const m of mails) {
    const match = m.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
    if (match) {
      const u = new URL(match);
      return u.pathname + u.search;
    }
  }
  throw new Error(`no mail with a ${pathPrefix} link to ${to}`);
}

/** Signs the browser in by setting the session cookies the SPA reads (skips the login form). */
export async function signInWithToken(page: Page, baseURL: string, auth: AuthResult) {
  const url = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  await page.context().addCookies([
    { name: "accessToken", value: encodeURIComponent(auth.accessToken), domain: url.hostname, path: "/", expires, sameSite: "Lax" },
    { name: "user", value: encodeURIComponent(JSON.stringify(auth.user)), domain: url.hostname, path: "/", expires, sameSite: "Lax" },
  ]);
}

/** Stores UI preferences (theme, language…) and the cookie acceptance before the app starts. */
export async function presetStorage(page: Page, prefs: Record<string, unknown>, opts: { acceptCookies?: boolean } = {}) {
  await page.addInitScript(
    ([p, accept]) => {
      // Only on the first load of the page, so a test can still change preferences and reload.
      if (sessionStorage.getItem("__e2e_preset")) return;
      sessionStorage.setItem("__e2e_preset", "1");
      const current = JSON.parse(localStorage.getItem("preferences") || "{}");
      localStorage.setItem("preferences", JSON.stringify({ ...current, ...p }));
      if (accept) localStorage.setItem("cookiesAccepted", "true");
    },
    [prefs, opts.acceptCookies ?? true] as const,
  );
}

/** Fills the login form and submits it. */
export async function loginViaUi(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Войти" }).click();
}

/** A full-page screenshot kept in tests/e2e/artifacts and attached to the report. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = join(ARTIFACTS, `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** Waits until no skeleton placeholder nor spinner is on screen. */
export async function settled(page: Page) {
  await page.waitForLoadState("load");
  // Every page has its title as the first heading: wait for the page itself, not just the shell.
  await page.locator("main h1, h1").first().waitFor({ state: "visible", timeout: 30_000 });
  await page.waitForTimeout(300);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0, { timeout: 15_000 });
}

/** Clicks after scrolling the element to the middle of the viewport (floating buttons sit in the corners). */
export async function clickCentered(locator: Locator) {
  await locator.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await locator.click();
}
