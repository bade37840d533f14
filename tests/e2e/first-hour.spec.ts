import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { test, type APIRequestContext, type Page } from "@playwright/test";
import { bearer, DEMO, DEMO_ACCOUNT_ID, expect, presetStorage, shot, uniqueEmail } from "./helpers";

/**
 * A new user's first hour, offline: `npm start` itself (its own port, data folder and vars file,
 * no messenger credentials, the SPA built by the e2e server) prints one line per step, runs the
 * stand-ins of Telegram, Green API and Meta, and every link it makes uses its port. In Chromium the
 * demo user connects all three channels from /connect (any bot token; WhatsApp's QR authorises in
 * the stand-in; Instagram through the stand-in's Facebook login), writes as a customer from the
 * demo panel and finds the assistant's answer in the inbox, the same text the stand-in recorded as
 * the bot's send.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
let port = 0;
let base = "";
let dir = "";
let server: ChildProcess;
let output = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(join(tmpdir(), "first-hour-"));
  copyFileSync(join(root, ".dev.vars.example"), join(dir, "dev.vars"));
  // NodeJS.ProcessEnv carries the Worker's [vars] (worker-configuration.d.ts), which this child need not have.
  const env = {} as NodeJS.ProcessEnv;
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(TELEGRAM_API_BASE|GREEN_API|META_|OPENAI_|PUBLIC_URL)/.test(k)) env[k] = v;
  server = spawn(process.execPath, ["scripts/start.mjs", "--no-build", `--persist-to=${join(dir, "state")}`, `--vars=${join(dir, "dev.vars")}`], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d) => (output += d));
  server.stderr!.on("data", (d) => (output += d));
  const until = Date.now() + 180_000;
  while (!output.includes("Assistly is running")) {
    if (server.exitCode !== null || Date.now() > until) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The stand-ins' addresses as npm start noted them in its data folder. */
function standIns(): Record<"telegram" | "whatsapp" | "instagram", string> {
  return JSON.parse(readFileSync(join(dir, "state", "demo-channels.json"), "utf8")).urls;
}

async function botSends(request: APIRequestContext, url: string): Promise<{ path: string; body: Record<string, unknown>; at: number }[]> {
  const all = (await (await request.get(`${url}/__requests`)).json()) as { method: string; path: string; body: Record<string, unknown>; at: number }[];
  return all.filter((r) => r.method === "POST" && /\/sendMessage\/?|\/messages\?/.test(r.path));
}

test("npm start prints one line per step and the banner; its links use PORT", async ({ request }) => {
  const lines = output.split("\n").filter((l) => l.trim());
  const banner = lines.findIndex((l) => l.includes("Assistly is running"));
  // Before the banner: only "› step… result" lines (no migration tables, seed JSON or wrangler logs).
  expect(lines.slice(0, banner).every((l) => l.startsWith("›")), output).toBe(true);
  // One line per step: build, database, seed, the stand-ins (messengers, payments, CRM, calendar), wrangler.
  expect(lines.slice(0, banner).length).toBeLessThanOrEqual(10);
  expect(output).not.toMatch(/[┌│└]|"results"|\[wrangler|Error/);
  expect(output).toContain(`Assistly is running: ${base}`);
  expect(output).toContain(`${DEMO.email} / ${DEMO.password}`);
  expect(output).toContain("admin@assistly.local / admin12345");
  expect(output).toContain("local stand-ins: Telegram, WhatsApp (Green API), Instagram (Meta)");

  const email = uniqueEmail("first-hour");
  const reg = await request.post(`${base}/api/auth/register`, { data: { email, password: "first-hour-1", name: "Новичок" } });
  expect(reg.status()).toBe(201);
  const mails = (await (await request.get(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { text: string; html?: string }[] };
  const link = /(https?:\/\/[^\s"<]+\/auth\/verify-email\?token=[\w-]+)/.exec(JSON.stringify(mails.data[0]))?.[1];
  expect(link, JSON.stringify(mails.data[0])).toBeTruthy();
  expect(new URL(link!).origin).toBe(base);
  // The link works where it points: this server accepts its token.
  const verified = await request.post(`${base}/api/auth/verify-email`, { data: { token: new URL(link!).searchParams.get("token") } });
  expect(verified.status(), await verified.text()).toBe(200);
});

test("connect the three channels against the stand-ins, write as a customer, see the AI answer in the inbox", async ({ browser, request }, testInfo) => {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 }, locale: "ru-RU", timezoneId: "Europe/Moscow" });
  const page = await ctx.newPage();
  await presetStorage(page, { language: "ru", theme: "light" });
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(DEMO.email);
  await page.getByLabel("Пароль", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/${DEMO_ACCOUNT_ID}/connect`);
  await expect(page.getByRole("heading", { name: "Подключение мессенджеров", level: 1 })).toBeVisible();
  for (const kind of ["telegram", "whatsapp", "instagram"]) await expect(page.getByTestId(`${kind}-demo`)).toHaveText("Демо");
  await expect(page.getByTestId("demo-customer-empty")).toBeVisible();

  // Telegram: any well-formed token works against the stand-in.
  const tg = page.getByTestId("channel-telegram");
  await tg.getByLabel("Токен бота").fill("5550001111:AAHfirstHourDemoTokenAnyValueWorks");
  await tg.getByRole("button", { name: "Подключить бота" }).click();
  await expect(page.getByTestId("telegram-status")).toHaveText("Подключён");

  // WhatsApp: the partner token of the stand-in creates an instance; its QR "is scanned" a few seconds later.
  const wa = page.getByTestId("channel-whatsapp");
  await wa.getByRole("button", { name: "Создать инстанс" }).click();
  await expect(wa.getByRole("img", { name: "QR-код для привязки WhatsApp" })).toBeVisible();
  await expect(page.getByTestId("whatsapp-status")).toHaveText("Авторизован", { timeout: 30_000 });

  // Instagram: the stand-in's Facebook login, then one of the accounts it found.
  const ig = page.getByTestId("channel-instagram");
  await ig.getByRole("button", { name: "Войти через Facebook" }).click();
  const dialog = page.getByRole("dialog", { name: "Выберите аккаунт Instagram" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio").first().click();
  await dialog.getByRole("button", { name: "Подключить" }).click();
  await expect(page.getByTestId("instagram-status")).toHaveText("Подключён");
  await shot(page, testInfo, "first-hour-connect");

  // Write as a customer to each of them: the stand-in delivers a real signed webhook.
  const urls = standIns();
  const panel = page.getByTestId("demo-customer");
  const customers = { telegram: "Марина Телеграмова", whatsapp: "Пётр Вацапов", instagram: "Инна Инстаграмова" } as const;
  for (const kind of ["telegram", "whatsapp", "instagram"] as const) {
    const before = (await botSends(request, urls[kind])).length;
    await panel.getByTestId(`demo-customer-${kind}`).click();
    await panel.getByLabel("Имя клиента").fill(customers[kind]);
    await panel.getByLabel("Сообщение").fill(`Здравствуйте! Есть доставка в Казань? (${kind})`);
    await panel.getByRole("button", { name: "Отправить как клиент" }).click();
    await expect(panel.getByTestId("demo-customer-sent")).toContainText(customers[kind]);
    // The stand-in records the bot's answer…
    let answer = "";
    await expect
      .poll(
        async () => {
          const sends = await botSends(request, urls[kind]);
          const body = sends.length > before ? sends[sends.length - 1]!.body : null;
          // Telegram's sendMessage { text }, Green API's sendMessage { message }, Meta's { message: { text } }.
          answer = String((kind === "instagram" ? (body?.message as { text?: string } | undefined)?.text : kind === "whatsapp" ? body?.message : body?.text) ?? "");
          return answer;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");
    // …and the inbox shows it in that customer's conversation.
    const platform = kind.toUpperCase();
    const list = (await (await request.get(`${base}/api/accounts/${DEMO_ACCOUNT_ID}/contacts/chat-contacts?platform=${platform}`, { headers: bearer(await token(page)) })).json()) as { data: { contactId: string; name: string }[] };
    const contact = list.data[0]!;
    const chat = await ctx.newPage();
    await chat.goto(`/${DEMO_ACCOUNT_ID}/apps/chat?c=${contact.contactId}`);
    await expect(chat.getByTestId("chat-message").filter({ hasText: `(${kind})` })).toHaveAttribute("data-direction", "incoming");
    await expect(chat.getByTestId("chat-message").filter({ hasText: answer }).last()).toHaveAttribute("data-direction", "outgoing");
    if (kind === "instagram") await shot(chat, testInfo, "first-hour-inbox");
    await chat.close();
  }
  await ctx.close();
});

async function token(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === "accessToken")!.value);
}
