import { expect, test, type APIRequestContext } from "@playwright/test";
import { igComment, metaSignature } from "../fakes/meta";
import { apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";
import { eachThemeAndScreen, sideOverflow } from "./fixtures";

/**
 * The Instagram comments page against the e2e server's Meta Graph fake: comments arrive through the
 * signed Meta webhook, the page groups them by post (newest first), replies go out publicly or
 * privately (one private reply, within 7 days), and the auto-reply switch is stored.
 */

const DAY = 24 * 60 * 60 * 1000;

async function setup(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("comments"), password: "owner-pass-1", name: "Ирина Владелец" });
  const headers = bearer(auth.accessToken);
  const acc = await request.post("/api/accounts", { headers, data: { name: "Кофейня «Зерно»" } });
  expect(acc.status()).toBe(201);
  const accountId = ((await acc.json()) as { accountId: string }).accountId;
  expect((await request.post(`/api/accounts/${accountId}/assistants`, { headers, data: { name: "Бариста-бот" } })).status()).toBe(201);
  const igId = `178414${Date.now()}`.slice(0, 17);
  const ig = await request.put(`/api/accounts/${accountId}/platform-instagram`, { headers, data: { instagramAccountId: igId, accessToken: `IGQV${"e2e".repeat(10)}` } });
  expect(ig.status(), await ig.text()).toBe(200);
  return { auth, headers, accountId, igId };
}

async function postComment(request: APIRequestContext, igId: string, c: { id: string; media: string; user: string; text: string; at: number }) {
  const body = igComment(igId, c.id, c.media, { id: `u${c.user.length}${c.id}`, username: c.user }, c.text);
  body.entry[0]!.time = Math.floor(c.at / 1000);
  const raw = JSON.stringify(body);
  const res = await request.post("/api/webhooks/instagram", { headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, data: raw });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("comments grouped by post, newest first; public and private replies with Instagram's rules; auto-reply switch", async ({ page, request, baseURL }) => {
  const { auth, headers, accountId, igId } = await setup(request);
  const now = Date.now();
  const mediaA = `18000${now}`.slice(0, 17);
  const mediaB = `18111${now}`.slice(0, 17);
  const seq = String(now).slice(-6);
  await postComment(request, igId, { id: `c1${seq}`, media: mediaA, user: "anna_old", text: "Вы работаете по выходным?", at: now - 8 * DAY });
  await postComment(request, igId, { id: `c2${seq}`, media: mediaA, user: "boris_k", text: "Сколько стоит капучино?", at: now - 2 * 60_000 });
  await postComment(request, igId, { id: `c3${seq}`, media: mediaB, user: "vera.m", text: "Какая красота! Где это?", at: now - 60_000 });

  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/comments`);
  await expect(page.getByRole("heading", { name: "Комментарии Instagram", level: 1 })).toBeVisible();

  // Posts: the most recently commented first.
  const posts = page.getByTestId("posts-list").getByRole("button");
  await expect(posts).toHaveCount(2, { timeout: 15_000 });
  await expect(posts.nth(0)).toHaveAttribute("data-testid", `post-${mediaB}`);
  await expect(posts.nth(1)).toHaveAttribute("data-testid", `post-${mediaA}`);
  await expect(posts.nth(1)).toContainText("2 комментария");
  await expect(posts.nth(0)).toContainText(`Пост ${mediaB}: новая коллекция`);

  await posts.nth(1).click();
  const panel = page.getByTestId("comments-panel");
  await expect(panel.getByRole("heading", { name: `Пост ${mediaA}: новая коллекция` })).toBeVisible();
  const items = panel.locator('li[data-testid^="comment-"]');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("@boris_k");
  await expect(items.nth(1)).toContainText("@anna_old");

  // Older than 7 days: no private reply, and the page says why.
  const old = panel.getByTestId(`comment-c1${seq}`);
  await old.getByRole("button", { name: "Ответить" }).click();
  await expect(old.getByRole("radio", { name: "Лично в директ" })).toBeDisabled();
  await expect(old.getByTestId("private-reply-note")).toHaveText(/Прошло больше 7 дней после комментария/);
  await old.getByRole("button", { name: "Отмена" }).click();

  // A fresh comment: one private reply, then the option is gone with its reason.
  const fresh = panel.getByTestId(`comment-c2${seq}`);
  await fresh.getByRole("button", { name: "Ответить" }).click();
  await fresh.getByRole("radio", { name: "Лично в директ" }).click();
  await expect(fresh.getByTestId("private-reply-note")).toHaveText(/один раз, до/);
  await fresh.getByRole("textbox", { name: "Текст ответа" }).fill("Здравствуйте! Капучино 250 ₽, напишите, если нужна доставка.");
  await fresh.getByRole("button", { name: "Отправить в директ" }).click();
  await expect(page.getByText("Личный ответ отправлен в директ")).toBeVisible();
  await expect(fresh.getByTestId("reply-private")).toContainText("Капучино 250 ₽");

  await fresh.getByRole("button", { name: "Ответить" }).click();
  await expect(fresh.getByRole("radio", { name: "Лично в директ" })).toBeDisabled();
  await expect(fresh.getByTestId("private-reply-note")).toHaveText(/Личный ответ уже отправлен/);
  await fresh.getByRole("textbox", { name: "Текст ответа" }).fill("Спасибо за вопрос! Ответили вам в директ.");
  await fresh.getByRole("button", { name: "Ответить публично" }).click();
  await expect(page.getByText("Ответ отправлен", { exact: true })).toBeVisible();
  await expect(fresh.getByTestId("reply-public")).toContainText("Ответили вам в директ");
  // The private reply also went out to Instagram (delivery state comes back through the queue).
  await expect(fresh.getByTestId("reply-private").getByLabel(/Отправлено|Доставлено|Прочитано/)).toBeVisible({ timeout: 15_000 });

  // A new comment shows up on the open page without a reload.
  await postComment(request, igId, { id: `c4${seq}`, media: mediaA, user: "gleb", text: "А с собой можно?", at: Date.now() });
  await expect(items).toHaveCount(3, { timeout: 15_000 });
  await expect(items.nth(0)).toContainText("@gleb");

  // The auto-reply switch of the account.
  const sw = page.getByTestId("auto-reply-card").getByRole("switch");
  await expect(sw).toHaveAttribute("aria-checked", "false");
  await sw.click();
  await expect(page.getByText("Ассистент будет отвечать на новые комментарии")).toBeVisible();
  await expect(sw).toHaveAttribute("aria-checked", "true");
  const settings = (await (await request.get(`/api/accounts/${accountId}/settings`, { headers })).json()) as { comments: { autoReply: boolean } };
  expect(settings.comments.autoReply).toBe(true);
  const ig = (await (await request.get(`/api/accounts/${accountId}/platform-instagram`, { headers })).json()) as { commentsAutoReply: boolean };
  expect(ig.commentsAutoReply).toBe(true);
  await page.reload();
  await expect(page.getByTestId("auto-reply-card").getByRole("switch")).toHaveAttribute("aria-checked", "true");
});

test("comments page without Instagram: an empty state leading to the connect page", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("comments-empty"), password: "owner-pass-1", name: "Пётр Владелец" });
  const acc = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Мастерская «Дуб»" } });
  const accountId = ((await acc.json()) as { accountId: string }).accountId;
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/comments`);
  await expect(page.getByTestId("comments-empty")).toContainText("Instagram не подключён");
  await expect(page.getByTestId("auto-reply-card").getByRole("switch")).toBeDisabled();
  await page.getByRole("link", { name: "Подключить Instagram" }).click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/connect$`));
});

test("comments page screenshots: light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId, igId } = await setup(request);
  const now = Date.now();
  const seq = String(now).slice(-6);
  const media = [`18222${now}`.slice(0, 17), `18333${now}`.slice(0, 17)];
  const people = ["olga.design", "max_travel", "kate_coffee", "ivan.petrov"];
  const texts = ["Подскажите, есть ли овсяное молоко?", "Очень уютно у вас!", "Во сколько открываетесь в субботу?", "Можно забронировать столик на вечер?"];
  for (let i = 0; i < 4; i++) await postComment(request, igId, { id: `s${i}${seq}`, media: media[i % 2]!, user: people[i]!, text: texts[i]!, at: now - (4 - i) * 3_600_000 });
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, label) => {
    await page.goto(label === "phone" ? `/${accountId}/comments?post=${media[1]}` : `/${accountId}/comments`);
    await expect(page.locator('li[data-testid^="comment-"]').first()).toBeVisible({ timeout: 15_000 });
    await settled(page);
    if (label === "desktop") await page.locator('li[data-testid^="comment-"]').first().getByRole("button", { name: "Ответить" }).click();
    await page.waitForTimeout(300);
    const overflow = await sideOverflow(page);
    expect(overflow, overflow.join("\n")).toEqual([]);
    await shot(page, testInfo, `channels-comments-${theme}-${label}`);
  });
});
