import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import writeXlsxFile from "write-excel-file/universal";
import { apiRegister, bearer, expect, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

/**
 * An owner imports a small CSV through the dialog: the columns are suggested from the headers
 * (a custom field by its label), the import runs on the jobs queue, the progress reaches the end and
 * the report lists the refused rows with their reasons; the new contacts are in the list.
 */
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

/** Serious or critical axe findings inside the dialog. */
async function axeDialog(page: Page) {
  await page.waitForTimeout(400);
  const r = await new AxeBuilder({ page }).include("[data-testid=import-dialog]").options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const CSV = [
  "Имя;Телефон;Возраст;Теги",
  "Анна Смирнова;+7 912 345-67-01;31;VIP",
  "Борис Котов;12;40;",
  "Вера Лебедева;+7 912 345-67-03;сорок;",
  "Глеб Орлов;+7 912 345-67-04;25;опт, VIP",
  "Дарья Волкова;+7 912 345-67-01;;",
].join("\n");

test("an owner uploads a CSV, maps it, watches the progress finish and reads the refused rows", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Ольга Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Цветочная лавка" } });
  const { accountId } = (await created.json()) as { accountId: string };
  const field = await request.post(`/api/accounts/${accountId}/custom-fields`, { headers: bearer(auth.accessToken), data: { key: "age", label: "Возраст", type: "number" } });
  expect(field.status()).toBe(201);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/contacts`);

  await page.getByTestId("contacts-import").click();
  const dialog = page.getByTestId("import-dialog");
  await expect(dialog.getByText("Импортов ещё не было")).toBeVisible();
  // A file that is not CSV or XLSX is refused with a sentence.
  await dialog.getByTestId("import-file").setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
  await expect(dialog.getByRole("alert")).toHaveText("Это не CSV и не XLSX: выберите файл с расширением .csv или .xlsx");

  await dialog.getByTestId("import-file").setInputFiles({ name: "клиенты.csv", mimeType: "text/csv", buffer: Buffer.from("\uFEFF" + CSV) });
  const preview = dialog.getByTestId("import-preview");
  await expect(preview).toContainText("Анна Смирнова");
  // Suggested from the headers: name, phone, the «Возраст» field, tags.
  await expect(dialog.getByRole("combobox", { name: /^Что заполняет столбец «Имя»/ })).toHaveText("Имя");
  await expect(dialog.getByRole("combobox", { name: /^Что заполняет столбец «Телефон»/ })).toHaveText("Телефон");
  await expect(dialog.getByRole("combobox", { name: /^Что заполняет столбец «Возраст»/ })).toHaveText("Возраст");
  await expect(dialog.getByRole("combobox", { name: /^Что заполняет столбец «Теги»/ })).toHaveText("Теги (через запятую)");
  // Leaving out the phone leaves nothing to find contacts by.
  await dialog.getByRole("combobox", { name: /^Что заполняет столбец «Телефон»/ }).click();
  await page.getByRole("option", { name: "Не импортировать" }).click();
  await expect(dialog.getByTestId("mapping-problem")).toHaveText("Сопоставьте столбец с телефоном или с ID в канале: по нему находится контакт");
  await expect(dialog.getByTestId("import-start")).toBeDisabled();
  await dialog.getByRole("combobox", { name: /^Что заполняет столбец «Телефон»/ }).click();
  await page.getByRole("option", { name: "Телефон" }).click();
  await expect(dialog.getByTestId("dedupe-phone")).toBeChecked();
  expect(await axeDialog(page)).toEqual([]);
  await dialog.getByTestId("import-start").click();

  const run = dialog.getByTestId("import-run");
  await expect(run).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(dialog.getByTestId("import-progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(run).toContainText("Импорт завершён: строк 5");
  await expect(dialog.getByTestId("count-created")).toHaveText("2");
  await expect(dialog.getByTestId("count-updated")).toHaveText("0");
  await expect(dialog.getByTestId("count-skipped")).toHaveText("1");
  await expect(dialog.getByTestId("count-failedRows")).toHaveText("2");
  await expect(dialog.getByTestId("import-issues").getByRole("listitem")).toHaveText([
    "Строка 3: телефон «12» — слишком короткий номер",
    "Строка 4: возраст «сорок» — введите число",
    "Строка 6: телефон «+7 912 345-67-01» — повторяет строку 2",
  ]);
  expect(await axeDialog(page)).toEqual([]);
  const download = page.waitForEvent("download");
  await dialog.getByTestId("import-report").click();
  expect((await download).suggestedFilename()).toMatch(/^import-report-\d+\.csv$/);

  await dialog.getByRole("button", { name: "Закрыть" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Анна Смирнова")).toBeVisible();
  await expect(page.getByText("Глеб Орлов")).toBeVisible();

  // The import is in the history and opens again.
  await page.getByTestId("contacts-import").click();
  await dialog.getByRole("button", { name: "Открыть импорт «клиенты.csv»" }).click();
  await expect(dialog.getByTestId("count-created")).toHaveText("2");
});

test("a 30 000-row XLSX is read in the browser for the preview (no blob: worker, which the CSP forbids)", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Ольга Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Цветочная лавка" } });
  const { accountId } = (await created.json()) as { accountId: string };
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/contacts`);
  const rows = [["Имя", "Телефон", "Код"], ...Array.from({ length: 30_000 }, (_, i) => [`Клиент ${i}`, `+7${9120000000 + i}`, Math.random().toString(36).slice(2)])];
  const blob = await writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBlob();
  const buffer = Buffer.from(await blob.arrayBuffer());
  expect(buffer.byteLength).toBeGreaterThan(400_000);
  await page.getByTestId("contacts-import").click();
  const dialog = page.getByTestId("import-dialog");
  await dialog.getByTestId("import-file").setInputFiles({ name: "база.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
  await expect(dialog.getByTestId("import-preview")).toContainText("Клиент 0");
  await expect(dialog).toContainText("«база.xlsx», строк: 30 000.");
  expect(errors).toEqual([]);
});
