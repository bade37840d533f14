import { join } from "node:path";
import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { eachThemeAndScreen, makePng } from "./fixtures";
import { ARTIFACTS, apiLogin, apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail, type AuthResult, SCREENS } from "./helpers";

/**
 * Issue 17 in the browser: the catalogue pages of an owner. A category tree and a product with a
 * photo made in the test; a promotion whose reversed dates the server refuses at «по»; then an
 * assistant that knows the catalogue answers the test chat with the stored price, the
 * search_products call in its trace.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text }).first();
const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

/** A small solid-colour PNG. */
const png = (width: number, height: number, rgb: [number, number, number]) => makePng(width, height, () => rgb);

/** Elements of `main` sticking out sideways, except inside a table's own horizontal scroller (a wide table scrolls in its card on a phone). */
function sideOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *")]
      .filter((el) => !el.closest("[data-slot=table-container]") && el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className).slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

async function newOwner(request: APIRequestContext, name: string): Promise<{ auth: AuthResult; accountId: string }> {
  const auth = await apiRegister(request, { email: uniqueEmail("catalog"), password: "secret-pass-1", name });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Магазин «Шаг»", timezone: "Europe/Moscow", language: "ru" } });
  expect(res.status(), await res.text()).toBe(201);
  return { auth, accountId: ((await res.json()) as { accountId: string }).accountId };
}

async function createCategory(page: Page, name: string, parent?: string) {
  if (parent) {
    await page.getByTestId("category-row").filter({ hasText: parent }).first().getByTestId("category-actions").first().click();
    await page.getByTestId("category-add-child").click();
  } else {
    await page.getByTestId("category-create").click();
  }
  const dialog = page.getByTestId("category-dialog");
  await dialog.getByLabel("Название").fill(name);
  await dialog.getByTestId("category-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("category-select").filter({ hasText: name })).toBeVisible();
}

test("an owner builds the catalogue: a category tree, a product with a photo, search, bulk hide", async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await newOwner(request, "Ольга Каталог");
  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/products`);
  await expect(page.getByText("В каталоге пока нет товаров")).toBeVisible();

  // Categories: a root and its child.
  await createCategory(page, "Обувь");
  await createCategory(page, "Кроссовки", "Обувь");

  // A product with a photo made here, a price in roubles and an attribute.
  await page.getByTestId("product-create").click();
  const dialog = page.getByTestId("product-dialog");
  await dialog.getByLabel("Название", { exact: true }).fill("Кроссовки «Лёгкий шаг»");
  await dialog.getByLabel("Артикул").fill("STEP-42");
  await dialog.getByTestId("product-category").click();
  await page.getByRole("option", { name: "Обувь / Кроссовки" }).click();
  await dialog.getByLabel("Цена, ₽", { exact: true }).fill("4 990");
  await dialog.getByLabel("Старая цена, ₽").fill("5990");
  await dialog.getByTestId("product-image-input").setInputFiles({ name: "step.png", mimeType: "image/png", buffer: png(32, 32, [104, 91, 230]) });
  await expect(dialog.getByTestId("product-image")).toHaveCount(1);
  await expect(dialog.getByTestId("product-image").locator("img")).toHaveJSProperty("naturalWidth", 32);
  await expect(dialog.getByText("Обложка", { exact: true })).toBeVisible();
  await dialog.getByTestId("attribute-add").click();
  await dialog.getByLabel("Название характеристики 1").fill("Цвет");
  await dialog.getByLabel("Значение характеристики 1").fill("белый");
  await dialog.getByTestId("product-save").click();
  await expect(toast(page, "Товар добавлен")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Кроссовки «Лёгкий шаг»" });
  await expect(row).toBeVisible();
  await expect.poll(async () => nbsp(await row.getByTestId("price").innerText())).toContain("4 990,00 ₽");
  await expect.poll(async () => nbsp(await row.locator("s").innerText())).toBe("5 990,00 ₽");
  await expect(row).toContainText("Обувь / Кроссовки");
  await expect(row.getByTestId("availability")).toHaveText("В наличии");
  // The cover is the uploaded photo, loaded through the API.
  const cover = row.locator("img").first();
  await expect(cover).toHaveJSProperty("naturalWidth", 32);
  await expect(page.getByTestId("category-select").filter({ hasText: "Кроссовки" })).toContainText("1");

  // The stored product: minor units, the image key, the attribute.
  const list = await request.get(`/api/accounts/${accountId}/products`, { headers: bearer(auth.accessToken) });
  const stored = ((await list.json()) as { data: { price: number; oldPrice: number; images: unknown[]; attributes: unknown[] }[] }).data[0]!;
  expect(stored).toMatchObject({ price: 499000, oldPrice: 599000, attributes: [{ key: "Цвет", value: "белый" }] });
  expect(stored.images).toHaveLength(1);

  // The same SKU again: the server's message lands at «Артикул».
  await page.getByTestId("product-create").click();
  await dialog.getByLabel("Название", { exact: true }).fill("Другие кроссовки");
  await dialog.getByLabel("Артикул").fill("STEP-42");
  await dialog.getByLabel("Цена, ₽", { exact: true }).fill("100");
  await dialog.getByTestId("product-save").click();
  await expect(dialog.getByLabel("Артикул")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Артикул").fill("STEP-43");
  await dialog.getByTestId("product-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Другие кроссовки" })).toBeVisible();

  // Russian search, case-insensitive, from the URL too.
  await page.getByTestId("products-search").fill("лёгкий");
  await expect(page.getByTestId("product-name")).toHaveText(["Кроссовки «Лёгкий шаг»"]);
  await expect(page).toHaveURL(/q=/);
  await page.reload();
  await expect(page.getByTestId("product-name")).toHaveText(["Кроссовки «Лёгкий шаг»"]);
  await page.getByTestId("products-search").fill("");
  await expect(page.getByTestId("product-name")).toHaveCount(2);

  // Bulk: hide both after choosing the page; delete asks with the number.
  await page.getByTestId("select-page").click();
  await expect(page.getByTestId("bulk-count")).toHaveText("Выбрано 2 товара");
  await page.getByTestId("bulk-deactivate").click();
  await expect(toast(page, "Скрыто 2 товара")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Скрыт" })).toHaveCount(2);
  await page.getByTestId("bulk-delete").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("Удалить 2 товара?");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Отмена" }).click();

  // Moving a category: «Кроссовки» to a new root «Спорт»; a root with children cannot go under another (field error).
  await createCategory(page, "Спорт");
  const editCategory = async (name: string) => {
    await page.getByTestId("category-row").filter({ hasText: name }).last().getByTestId("category-actions").first().click();
    await page.getByTestId("category-rename").click();
  };
  await editCategory("Кроссовки");
  const catDialog = page.getByTestId("category-dialog");
  await catDialog.getByTestId("category-parent").click();
  await page.getByRole("option", { name: "Спорт" }).click();
  await catDialog.getByTestId("category-save").click();
  await expect(toast(page, "Категория сохранена")).toBeVisible();
  await expect(catDialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Кроссовки «Лёгкий шаг»" })).toContainText("Спорт / Кроссовки");
  await editCategory("Спорт");
  await catDialog.getByTestId("category-parent").click();
  await page.getByRole("option", { name: "Обувь" }).click();
  await catDialog.getByTestId("category-save").click();
  await expect(catDialog.getByText(/есть подкатегории/)).toBeVisible();
  await catDialog.getByRole("button", { name: "Отмена" }).click();

  await settled(page);
  await page.mouse.move(0, 0);
  await shot(page, testInfo, "products/products-owner-light-1440");
});

test("a promotion: reversed dates and a percent over 100 are refused at their fields, then it is saved with its status", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await newOwner(request, "Пётр Акции");
  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/promotions`);
  await expect(page.getByText("Акций пока нет")).toBeVisible();

  await page.getByTestId("promotion-create").click();
  const dialog = page.getByTestId("promotion-dialog");
  await dialog.getByLabel("Название").fill("Весенняя скидка");
  await dialog.getByLabel("Промокод").fill("SPRING10");
  await dialog.getByLabel("Описание для клиентов").fill("Скидка 10 % на всю обувь до конца марта");
  await dialog.getByLabel("Скидка, %").fill("150");
  await dialog.getByTestId("promotion-save").click();
  await expect(dialog.getByLabel("Скидка, %")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Процент — от 1 до 100")).toBeVisible();

  await dialog.getByLabel("Скидка, %").fill("10");
  await dialog.getByTestId("promotion-valid-from").fill("2026-03-10T10:00");
  await dialog.getByTestId("promotion-valid-to").fill("2026-03-01T10:00");
  await dialog.getByTestId("promotion-save").click();
  await expect(dialog.getByTestId("promotion-valid-to")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();

  await dialog.getByTestId("promotion-valid-from").fill("2026-01-01T00:00");
  await dialog.getByTestId("promotion-valid-to").fill("2099-12-31T23:59");
  await dialog.getByTestId("promotion-save").click();
  await expect(toast(page, "Акция создана")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Весенняя скидка" });
  await expect(row).toContainText("SPRING10");
  await expect(row).toContainText("−10 %");
  await expect(row.getByTestId("promotion-status")).toHaveText("Действует");

  // Wall times read in the account's zone (Moscow, UTC+3).
  const res = await request.get(`/api/accounts/${accountId}/promotions`, { headers: bearer(auth.accessToken) });
  const saved = ((await res.json()) as { data: { validFrom: string; percent: number }[] }).data[0]!;
  expect(saved.percent).toBe(10);
  expect(new Date(saved.validFrom).toISOString()).toBe("2025-12-31T21:00:00.000Z");

  // A use recorded by hand (a customer's code applied in the chat) counts against the promotion.
  await row.getByTestId("promotion-actions").click();
  await page.getByTestId("promotion-use").click();
  await expect(toast(page, "«Весенняя скидка»: записано использование, всего 1")).toBeVisible();
  const used = await request.get(`/api/accounts/${accountId}/promotions`, { headers: bearer(auth.accessToken) });
  expect(((await used.json()) as { data: { usedCount: number }[] }).data[0]!.usedCount).toBe(1);

  // A status filter, then delete with a confirmation.
  await page.getByTestId("promotion-status-filter").click();
  await page.getByRole("option", { name: "Запланирована" }).click();
  await expect(page.getByText("Акций не найдено")).toBeVisible();
  await page.getByRole("button", { name: "Сбросить фильтры" }).click();
  await row.getByTestId("promotion-actions").click();
  await page.getByTestId("promotion-delete").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("Удалить акцию «Весенняя скидка»?");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Удалить акцию" }).click();
  await expect(page.getByText("Акций пока нет")).toBeVisible();
});

test("an assistant that knows the catalogue answers the test chat with the stored price and the search_products trace", async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await newOwner(request, "Анна Консультант");
  const headers = bearer(auth.accessToken);
  const photo = await request.post(`/api/accounts/${accountId}/products/images`, { headers, multipart: { file: { name: "bag.png", mimeType: "image/png", buffer: png(48, 48, [40, 199, 111]) } } });
  expect(photo.status(), await photo.text()).toBe(201);
  const { key } = (await photo.json()) as { key: string };
  const made = await request.post(`/api/accounts/${accountId}/products`, {
    headers,
    data: { name: "Рюкзак «Городской»", sku: "BAG-7", description: "Водонепроницаемый, 20 литров", price: 349000, oldPrice: 419000, currency: "RUB", availability: "in_stock", stockCount: 5, images: [key], link: "https://shop.example/bag-7", active: true, attributes: [], categoryId: null },
  });
  expect(made.status(), await made.text()).toBe(201);
  const created = await request.post(`/api/accounts/${accountId}/assistants`, { headers, data: { name: "Продавец" } });
  expect(created.status()).toBe(201);
  const { assistantId } = (await created.json()) as { assistantId: string };

  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/assistants/${assistantId}`);
  await expect(page.getByTestId("assistant-title")).toHaveText("Продавец");
  // The switch, with what it gives, saved through the editor.
  await expect(page.getByText("Знает каталог")).toBeVisible();
  await page.getByTestId("knows-catalogue").click();
  await expect(page.getByRole("link", { name: "Товары" }).last()).toBeVisible();
  await page.getByTestId("unsaved-bar").getByRole("button", { name: "Сохранить" }).click();
  await expect(toast(page, "Ассистент успешно обновлен!")).toBeVisible();
  const got = await request.get(`/api/accounts/${accountId}/assistants/${assistantId}`, { headers });
  expect(((await got.json()) as { knowsCatalogue: boolean }).knowsCatalogue).toBe(true);

  const chat = page.getByTestId("test-chat-embedded");
  await chat.getByTestId("test-chat-create").click();
  await chat.getByTestId("test-chat-input").fill("Сколько стоит рюкзак «Городской»?");
  await chat.getByTestId("test-chat-send").click();
  await expect(chat.getByTestId("tool-call").and(chat.locator('[data-tool="search_products"]'))).toBeVisible({ timeout: 60_000 });
  const result = chat.getByTestId("tool-result").and(chat.locator('[data-tool="search_products"]'));
  await expect(result).toBeVisible();
  // The trace reads as products with prices, not as raw JSON.
  await expect.poll(async () => nbsp(await chat.getByTestId("tool-products").first().innerText())).toContain("Рюкзак «Городской» · 3 490,00 ₽");
  const reply = chat.getByTestId("assistant-message").filter({ hasText: /3[\s\u00a0\u202f]?490/ });
  await expect(reply.first()).toBeVisible({ timeout: 60_000 });
  await expect(reply.first()).toContainText("https://shop.example/bag-7");
  // The answer goes out as the product's card: its photo, then the text.
  await expect(chat.getByTestId("test-chat-image").first()).toHaveJSProperty("naturalWidth", 48);
  const file = join(ARTIFACTS, "products/test-chat-catalogue-light-1440.png");
  await chat.screenshot({ path: file, animations: "disabled" });
  await testInfo.attach("test-chat-catalogue", { path: file, contentType: "image/png" });
});

test("the demo shop's products have photos in R2 (drawn by the seed), served to its members", async ({ request }) => {
  const demo = await apiLogin(request, "demo@assistly.local", "demo12345");
  const res = await request.get("/api/accounts/00000000demoaccount/products?limit=50&sortBy=sku", { headers: bearer(demo.accessToken) });
  expect(res.status()).toBe(200);
  const products = ((await res.json()) as { data: { sku: string; images: { url: string }[] }[] }).data;
  expect(products.length).toBeGreaterThanOrEqual(30);
  expect(products.filter((p) => p.images.length === 0).map((p) => p.sku)).toEqual([]);
  const plaid = products.find((p) => p.sku === "PLD-KNIT-130")!;
  const photo = await request.get(plaid.images[0]!.url, { headers: bearer(demo.accessToken) });
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/png");
  expect([...(await photo.body()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

test("screens: products and promotions, light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await newOwner(request, "Мария Витрина");
  const headers = bearer(auth.accessToken);
  const cat = await request.post(`/api/accounts/${accountId}/product-categories`, { headers, data: { name: "Обувь" } });
  const { categoryId } = (await cat.json()) as { categoryId: string };
  await request.post(`/api/accounts/${accountId}/product-categories`, { headers, data: { name: "Кроссовки", parentId: categoryId } });
  await request.post(`/api/accounts/${accountId}/product-categories`, { headers, data: { name: "Аксессуары" } });
  const items: [string, number, number | null, string][] = [
    ["Кроссовки «Лёгкий шаг»", 499000, 599000, "in_stock"],
    ["Кеды классические белые", 329000, null, "in_stock"],
    ["Ботинки зимние на меху", 899000, 1049000, "on_order"],
    ["Носки спортивные, 3 пары", 59000, null, "out_of_stock"],
  ];
  for (const [i, [name, price, oldPrice, availability]] of items.entries()) {
    const r = await request.post(`/api/accounts/${accountId}/products`, { headers, data: { name, sku: `SKU-${i + 1}`, description: "", price, oldPrice, currency: "RUB", availability, stockCount: availability === "in_stock" ? 12 : null, images: [], link: null, active: i !== 3, attributes: [], categoryId } });
    expect(r.status(), await r.text()).toBe(201);
  }
  await request.post(`/api/accounts/${accountId}/promotions`, { headers, data: { name: "Весенняя скидка", description: "−10 % на обувь", code: "SPRING10", kind: "percent", percent: 10, appliesTo: "all", validFrom: "2026-01-01T00:00", validTo: "2099-12-31T23:59", active: true } });
  await request.post(`/api/accounts/${accountId}/promotions`, { headers, data: { name: "Носки в подарок", description: "К любой паре кроссовок", kind: "gift", giftText: "Носки в подарок", appliesTo: "all", minOrder: 300000, active: true } });
  await request.post(`/api/accounts/${accountId}/promotions`, { headers, data: { name: "Чёрная пятница", description: "", kind: "fixed", amount: 100000, appliesTo: "all", validFrom: "2098-11-27T00:00", validTo: "2098-11-30T23:59", active: true } });

  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path] of [
      ["products", "products"],
      ["promotions", "promotions"],
    ] as const) {
      await page.goto(`/${accountId}/${path}`);
      await settled(page);
      await page.mouse.move(0, 0);
      expect(await sideOverflow(page), `${name} ${theme} ${label}`).toEqual([]);
      await shot(page, testInfo, `products/${name}-${theme}-${label}`);
    }
    await page.goto(`/${accountId}/products`);
    await settled(page);
    await page.getByTestId("product-create").click();
    await expect(page.getByTestId("product-dialog")).toBeVisible();
    await shot(page, testInfo, `products/product-form-${theme}-${label}`);
    await page.goto(`/${accountId}/promotions`);
    await settled(page);
    await page.getByTestId("promotion-create").click();
    await expect(page.getByTestId("promotion-dialog")).toBeVisible();
    await shot(page, testInfo, `products/promotion-form-${theme}-${label}`);
  });
});
