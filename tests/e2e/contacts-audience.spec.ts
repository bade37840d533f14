import { test, type APIRequestContext } from "@playwright/test";
import { readFileSync } from "node:fs";
import { inviteOperator, ownerAuth } from "./chat-helpers";
import { bearer, DEMO_ACCOUNT_ID, expect, presetStorage, signInWithToken } from "./helpers";

/**
 * The contacts list as an audience tool: a tag plus a field condition filters the table (the
 * filter lives in the URL), the filter is saved as a segment with its live count, the filtered
 * rows are tagged in bulk, and the export holds exactly the filtered contacts. An operator tags
 * in bulk but neither deletes nor changes segments.
 */
test.describe.configure({ timeout: 180_000 });

const A = DEMO_ACCOUNT_ID;

/** A fresh tag and number field on three demo contacts (set through the API: the filter is what the test proves). */
async function audienceFixture(request: APIRequestContext, headers: Record<string, string>) {
  const suffix = Date.now().toString(36);
  const tagRes = await request.post(`/api/accounts/${A}/tags`, { headers, data: { name: `Акция ${suffix}`, color: "#28C76F" } });
  expect(tagRes.status()).toBe(201);
  const tag = (await tagRes.json()) as { tagId: string; name: string };
  const markRes = await request.post(`/api/accounts/${A}/tags`, { headers, data: { name: `Позвонить ${suffix}`, color: "#FF9F43" } });
  expect(markRes.status()).toBe(201);
  const mark = (await markRes.json()) as { tagId: string; name: string };
  const key = `score_${suffix}`;
  const fieldRes = await request.post(`/api/accounts/${A}/custom-fields`, { headers, data: { key, label: `Баллы ${suffix}`, type: "number" } });
  expect(fieldRes.status()).toBe(201);
  // Anna and Igor match (tag and score > 10); Dmitry has the tag but a low score; Maria has the score but no tag.
  const scores: Record<string, number> = { "demo-c-anna": 50, "demo-c-igor": 70, "demo-c-dmitry": 5, "demo-c-maria": 90 };
  for (const [contactId, score] of Object.entries(scores)) {
    expect((await request.put(`/api/accounts/${A}/contacts/${contactId}/fields`, { headers, data: { values: { [key]: score } } })).status()).toBe(200);
    if (contactId === "demo-c-maria") continue;
    const current = (await (await request.get(`/api/accounts/${A}/contacts/${contactId}`, { headers })).json()) as { tags: { tagId: string }[] };
    const tagIds = [...current.tags.map((x) => x.tagId), tag.tagId];
    expect((await request.put(`/api/accounts/${A}/contacts/${contactId}/tags`, { headers, data: { tagIds } })).status()).toBe(200);
  }
  return { tag, mark, key, label: `Баллы ${suffix}`, suffix };
}

test("filter by a tag and a field, save a segment, tag the filtered rows in bulk, export exactly them", async ({ page, request, baseURL }) => {
  const owner = await ownerAuth(request);
  const headers = bearer(owner.accessToken);
  const fx = await audienceFixture(request, headers);
  await presetStorage(page, { language: "ru", theme: "light" });
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${A}/contacts`);
  const table = page.locator("[data-slot=data-table]");
  await expect(table.getByTestId("contact-link").first()).toBeVisible();

  // The filter: the tag (any) and «score greater than 10».
  await page.getByTestId("filters-toggle").click();
  const panel = page.getByTestId("filter-panel");
  await panel.getByTestId("filter-tags-any").click();
  await page.getByRole("option", { name: fx.tag.name }).click();
  await page.keyboard.press("Escape");
  await panel.getByTestId("condition-add").click();
  await panel.getByTestId("condition-field").click();
  await page.getByRole("option", { name: fx.label }).click();
  await panel.getByTestId("condition-op").click();
  await page.getByRole("option", { name: "больше" }).click();
  await panel.getByLabel("Значение условия 1").fill("10");
  // The table is ordered by activity: compare as a set.
  const names = async () => (await table.getByTestId("contact-link").allInnerTexts()).sort();
  await expect.poll(names).toEqual(["Анна Смирнова", "Игорь Петров"]);
  const chips = page.getByTestId("filter-chip");
  await expect(chips).toHaveText([`Тег: ${fx.tag.name}`, `${fx.label} больше 10`]);
  await expect(page).toHaveURL(/filter=/);

  // A reload keeps the filter (it lives in the URL).
  await page.reload();
  await expect(chips).toHaveText([`Тег: ${fx.tag.name}`, `${fx.label} больше 10`]);
  await expect.poll(names).toEqual(["Анна Смирнова", "Игорь Петров"]);

  // Save as a segment: it appears in the panel with its live count, and stays after a reload.
  const name = `Активные ${fx.suffix}`;
  await page.getByTestId("segment-create").click();
  const dialog = page.getByTestId("segment-dialog");
  await expect(dialog.getByTestId("audience-total")).toHaveText("2 получателя");
  await dialog.getByLabel("Название").fill(name);
  await dialog.getByTestId("segment-save").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("active-segment")).toHaveText(`Сегмент: ${name}`);
  await page.reload();
  await page.getByTestId("segments-open").click();
  const item = page.getByTestId("segment-item").filter({ hasText: name });
  await expect(item.getByTestId("audience-total")).toHaveText("2 получателя");
  await page.keyboard.press("Escape");

  // Bulk: select the filtered rows, put the second tag on them; the rows show it, the others do not get it.
  await page.getByTestId("select-page").click();
  await expect(page.getByTestId("bulk-count")).toHaveText("Выбрано 2 контакта");
  await page.getByTestId("bulk-tag").click();
  await page.getByRole("option", { name: fx.mark.name }).click();
  await expect(table.getByTestId("row-tags").filter({ hasText: fx.mark.name })).toHaveCount(2);
  const dmitry = (await (await request.get(`/api/accounts/${A}/contacts/demo-c-dmitry`, { headers })).json()) as { tags: { tagId: string }[] };
  expect(dmitry.tags.map((x) => x.tagId)).not.toContain(fx.mark.tagId);

  // Export: the file holds exactly the filtered contacts (the ID column comes first).
  await page.getByTestId("contacts-export").click();
  await expect(page.getByTestId("export-scope")).toContainText("2 контакта");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const ids = [...csv.matchAll(/^"?(demo-c-[a-z]+)"?[;,]/gm)].map((m) => m[1]).sort();
  expect(ids).toEqual(["demo-c-anna", "demo-c-igor"]);

  // One click on a chip removes its condition: the low-score contact is back.
  await chips.filter({ hasText: "больше 10" }).getByRole("button").click();
  await expect(table.getByTestId("contact-link").filter({ hasText: "Дмитрий Соколов" })).toBeVisible();
});

test("an operator tags in bulk, but sees no bulk delete and only reads segments", async ({ page, request, baseURL }) => {
  const owner = await ownerAuth(request);
  const headers = bearer(owner.accessToken);
  const fx = await audienceFixture(request, headers);
  const operator = await inviteOperator(request, owner);
  await presetStorage(page, { language: "ru", theme: "light" });
  await signInWithToken(page, baseURL!, operator);
  const filter = encodeURIComponent(JSON.stringify({ tags: { any: [fx.tag.tagId] } }));
  await page.goto(`/${A}/contacts?filter=${filter}`);
  const table = page.locator("[data-slot=data-table]");
  await expect(table.getByTestId("contact-link")).toHaveCount(3);
  await expect(page.getByTestId("segment-create")).toHaveCount(0);
  await page.getByTestId("select-page").click();
  await expect(page.getByTestId("bulk-tag")).toBeVisible();
  await expect(page.getByTestId("bulk-delete")).toHaveCount(0);
  await page.getByTestId("bulk-tag").click();
  await page.getByRole("option", { name: fx.mark.name }).click();
  await expect(table.getByTestId("row-tags").filter({ hasText: fx.mark.name })).toHaveCount(3);
  await page.getByTestId("segments-open").click();
  await expect(page.getByTestId("segment-item").first()).toBeVisible();
  await expect(page.getByTestId("segment-actions")).toHaveCount(0);
});
