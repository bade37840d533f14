import { env, SELF } from "cloudflare:test";
import writeXlsxFile from "write-excel-file/universal";
import { describe, expect, it } from "vitest";
import { strToU8, unzipSync, zipSync } from "fflate";
import { readTable, suggestMapping } from "../../worker/features/contact-import/import-format";
import { startImport } from "../../worker/features/contact-import/import.service";
import { runImportChunk } from "../../worker/features/contact-import/import.jobs";
import { addMember, api, BASE, ownerWithAccount } from "./helpers";

/**
 * Contact import end to end: the upload route reads the file and queues its chunks on the real
 * jobs queue; the tests poll the status route like the dialog does.
 */

async function upload(token: string, accountId: string, file: File, mapping: object) {
  const form = new FormData();
  form.set("file", file);
  form.set("mapping", JSON.stringify(mapping));
  const res = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function finished(token: string, accountId: string, importId: string) {
  for (let i = 0; i < 200; i++) {
    const r = await api("GET", `/accounts/${accountId}/contacts/import/${importId}`, { token });
    expect(r.status).toBe(200);
    if (r.body.status !== "running") return r.body;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("import did not finish");
}

async function seedContact(accountId: string, c: { platform: string; puid: string; name: string; phone?: string }) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, phone, search_text, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '', 1, 1, 1, 1)",
  )
    .bind(id, accountId, c.platform, c.puid, c.name, c.phone ?? null)
    .run();
  return id;
}

async function fieldsAccount() {
  const { token, accountId, user } = await ownerWithAccount();
  const field = async (body: object) => expect((await api("POST", `/accounts/${accountId}/custom-fields`, { token, body })).status).toBe(201);
  await field({ key: "email", label: "Email", type: "email" });
  await field({ key: "age", label: "Возраст", type: "number" });
  await field({ key: "city", label: "Город", type: "select", options: ["Москва", "Казань"] });
  return { token, accountId, userId: user.id };
}

const contactsOf = async (accountId: string) =>
  (await env.DB.prepare("SELECT id, name, platform, platform_user_id AS puid, platform_username AS username, phone FROM contacts WHERE account_id = ? ORDER BY name").bind(accountId).all<any>()).results;

const CSV = [
  "Имя;Телефон;Email;Возраст;Город;Теги",
  'Анна;+7 912 345-67-89;anna@example.ru;30;Москва;"VIP, опт"',
  "Борис;123;boris@example.ru;40;Казань;",
  "Вера;+7 912 000-11-22;not-an-email;25;Москва;",
  "Глеб;+7 912 000-11-33;gleb@example.ru;сорок;Москва;",
  "Дина;+7 912 000-11-44;dina@example.ru;22;Париж;",
  "Анна дубль;+7(912)3456789;;;;",
  "Егор;;egor@example.ru;;;",
  "Жанна;+7 912 000-11-55;;;;",
  ";;;;;",
  "Зоя;+7 912 000-11-66;zoya@example.ru;33;Казань;опт",
].join("\r\n");
const CSV_MAPPING = { columns: ["name", "phone", "field:email", "field:age", "field:city", "tags"], dedupe: "phone", platform: null };

describe("contact import: CSV with good and bad rows, dedupe by phone", () => {
  it("creates, updates by phone, refuses bad rows with reasons, and never touches another account", async () => {
    const { token, accountId } = await fieldsAccount();
    const other = await ownerWithAccount();
    await seedContact(accountId, { platform: "WHATSAPP", puid: "79120001155@c.us", name: "Старое имя", phone: "+79120001155" });
    const foreign = await seedContact(other.accountId, { platform: "WHATSAPP", puid: "79120001155@c.us", name: "Чужой", phone: "+79120001155" });
    const file = new File(["\uFEFF" + CSV], "clients.csv", { type: "text/csv" });
    const start = await upload(token, accountId, file, CSV_MAPPING);
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ status: "running", totalRows: 9, fileName: "clients.csv" });
    const done = await finished(token, accountId, start.body.importId);
    expect(done).toMatchObject({ status: "completed", totalRows: 9, processedRows: 9, created: 2, updated: 1, skipped: 1, failed: 5, progress: 100 });
    expect(done.issues.map((i: any) => i.text)).toEqual([
      "Строка 3: телефон «123» — слишком короткий номер",
      "Строка 4: email «not-an-email» — введите адрес электронной почты, например name@example.ru",
      "Строка 5: возраст «сорок» — введите число",
      "Строка 6: город «Париж» — выберите один из вариантов",
      "Строка 7: телефон «+7(912)3456789» — повторяет строку 2",
      "Строка 8: нет ни телефона, ни ID в канале: контакт не найти и не создать",
    ]);
    const mine = await contactsOf(accountId);
    expect(mine.map((c: any) => [c.name, c.platform, c.puid, c.phone])).toEqual([
      ["Анна", "WHATSAPP", "79123456789@c.us", "+79123456789"],
      ["Жанна", "WHATSAPP", "79120001155@c.us", "+79120001155"],
      ["Зоя", "WHATSAPP", "79120001166@c.us", "+79120001166"],
    ]);
    const anna = await api("GET", `/accounts/${accountId}/contacts/${mine[0].id}`, { token });
    expect(anna.body.fieldValues).toEqual({ email: "anna@example.ru", age: 30, city: "Москва" });
    expect(anna.body.tags.map((t: any) => t.name).sort()).toEqual(["VIP", "опт"]);
    const tags = await api("GET", `/accounts/${accountId}/tags`, { token });
    expect(tags.body.data.map((t: any) => [t.name, t.contactCount]).sort()).toEqual([["VIP", 1], ["опт", 2]]);
    // The same phone in another account is left alone, and nothing was created there.
    expect(await contactsOf(other.accountId)).toEqual([expect.objectContaining({ id: foreign, name: "Чужой" })]);
    // The full report as CSV.
    const report = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/import/${start.body.importId}/report`, { headers: { authorization: `Bearer ${token}` } });
    expect(report.status).toBe(200);
    const bytes = new Uint8Array(await report.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Строка;Столбец;Значение;Причина;Итог\r\n3;Телефон;123;слишком короткий номер;отклонена\r\n")).toBe(true);
    expect(text.trim().split("\r\n")).toHaveLength(7);
    // Importing the same file again updates the same contacts instead of duplicating them.
    const again = await upload(token, accountId, file, CSV_MAPPING);
    expect(await finished(token, accountId, again.body.importId)).toMatchObject({ created: 0, updated: 3, skipped: 1, failed: 5 });
    expect(await contactsOf(accountId)).toHaveLength(3);
    const list = await api("GET", `/accounts/${accountId}/contacts/import`, { token });
    expect(list.body.data.map((j: any) => j.importId)).toEqual([again.body.importId, start.body.importId]);
  });
});

describe("contact import: XLSX, dedupe by channel id", () => {
  it("updates the contact with the same platform and id, creates the others, refuses bad rows", async () => {
    const { token, accountId } = await fieldsAccount();
    const existing = await seedContact(accountId, { platform: "TELEGRAM", puid: "555", name: "Старый" });
    const cell = (value: string | number | null) => (value === null ? null : { value });
    const rows = [
      ["Имя", "Канал", "ID на платформе", "Username", "Возраст"].map(cell),
      [cell("Ира"), cell("Telegram"), cell(555), cell("@ira"), cell(28)],
      [cell("Костя"), cell("телеграм"), cell("777"), cell("kostya"), cell(31)],
      [cell("Лена"), cell("Facebook"), cell("888"), null, null],
      [cell("Макс"), cell("Telegram"), cell("777"), null, null],
      [cell("Нина"), null, null, null, cell(40)],
      [cell("Оля"), cell("Telegram"), cell("999"), null, cell("abc")],
    ];
    const blob = await writeXlsxFile(rows).toBlob();
    const file = new File([await blob.arrayBuffer()], "база.xlsx");
    const start = await upload(token, accountId, file, { columns: ["name", "platform", "platformUserId", "username", "field:age"], dedupe: "channel" });
    expect(start.status).toBe(202);
    const done = await finished(token, accountId, start.body.importId);
    expect(done).toMatchObject({ status: "completed", totalRows: 6, created: 1, updated: 1, skipped: 1, failed: 3 });
    expect(done.issues.map((i: any) => i.text)).toEqual([
      "Строка 4: канал «Facebook» — неизвестный канал: укажите Telegram, WhatsApp или Instagram",
      "Строка 5: id на платформе «777» — повторяет строку 3",
      "Строка 6: нет ни телефона, ни ID в канале: контакт не найти и не создать",
      "Строка 7: возраст «abc» — введите число",
    ]);
    const mine = await contactsOf(accountId);
    expect(mine.map((c: any) => [c.name, c.platform, c.puid, c.username])).toEqual([
      ["Ира", "TELEGRAM", "555", "ira"],
      ["Костя", "TELEGRAM", "777", "kostya"],
    ]);
    expect(mine[0].id).toBe(existing);
  });
});

describe("contact import: refused uploads and permissions", () => {
  it("answers 400 with field messages for a bad file or mapping, and writes nothing", async () => {
    const { token, accountId } = await fieldsAccount();
    const csv = (name: string, text = "Имя;Телефон\nАнна;+79123456789") => new File([text], name);
    const pdf = await upload(token, accountId, csv("a.pdf"), CSV_MAPPING);
    expect(pdf.status).toBe(400);
    expect(pdf.body.details.fields.file).toEqual(["Загрузите файл CSV или XLSX"]);
    const empty = await upload(token, accountId, csv("a.csv", "Имя;Телефон\n"), { columns: ["name", "phone"], dedupe: "phone" });
    expect(empty.body.details.fields.file[0]).toMatch(/нет строк с данными/);
    const noKey = await upload(token, accountId, csv("a.csv"), { columns: ["name", null], dedupe: "phone" });
    expect(noKey.status).toBe(400);
    expect(noKey.body.details.fields.mapping[0]).toMatch(/телефоном или с ID в канале/);
    const unknownField = await upload(token, accountId, csv("a.csv"), { columns: ["field:nope", "phone"], dedupe: "phone" });
    expect(unknownField.body.details.fields.mapping).toEqual(["В аккаунте нет поля «nope»"]);
    const badDedupe = await upload(token, accountId, csv("a.csv"), { columns: ["name", "phone"], dedupe: "email" });
    expect(badDedupe.status).toBe(400);
    expect(Object.keys(badDedupe.body.details.fields)).toEqual(["mapping.dedupe"]);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM contact_imports WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(n?.n).toBe(0);
    expect(await contactsOf(accountId)).toEqual([]);
  });

  it("is for admins and owners: an operator gets 403, another account's import is a 404", async () => {
    const { token, accountId } = await fieldsAccount();
    const op = await addMember(token, accountId, "operator");
    const admin = await addMember(token, accountId, "admin");
    const file = () => new File(["Имя;Телефон\nАнна;+79123456789"], "a.csv");
    expect((await upload(op.token, accountId, file(), { columns: ["name", "phone"], dedupe: "phone" })).status).toBe(403);
    expect((await api("GET", `/accounts/${accountId}/contacts/import`, { token: op.token })).status).toBe(403);
    const started = await upload(admin.token, accountId, file(), { columns: ["name", "phone"], dedupe: "phone" });
    expect(started.status).toBe(202);
    await finished(token, accountId, started.body.importId);
    const other = await ownerWithAccount();
    expect((await api("GET", `/accounts/${other.accountId}/contacts/import/${started.body.importId}`, { token: other.token })).status).toBe(404);
    expect(await contactsOf(other.accountId)).toEqual([]);
  });
});

describe("contact import: a chunk delivered twice imports once", () => {
  it("counts and writes each chunk once, however often and however concurrently it runs", async () => {
    const { token, accountId, userId } = await fieldsAccount();
    const lines = ["Имя;Телефон;Теги", ...Array.from({ length: 1500 }, (_, i) => `Клиент ${i};+7 912 ${String(1000000 + i).slice(0, 3)}-${String(1000000 + i).slice(3, 5)}-${String(1000000 + i).slice(5, 7)};новый`)];
    // The queue is held back, so this test delivers the chunks itself.
    const held = { ...env, JOBS_QUEUE: { send: async () => {}, sendBatch: async () => {} } } as unknown as typeof env;
    const job = await startImport(held, accountId, userId, new File([lines.join("\n")], "big.csv"), { columns: ["name", "phone", "tags"], dedupe: "phone", platform: null });
    expect(job.totalRows).toBe(1500);
    const run = (chunk: number) => runImportChunk(env, { kind: "import-chunk", accountId, jobId: job.importId, chunk });
    // A job naming another account with this import's id writes nothing anywhere.
    const other = await ownerWithAccount();
    await runImportChunk(env, { kind: "import-chunk", accountId: other.accountId, jobId: job.importId, chunk: 0 });
    expect(await contactsOf(other.accountId)).toEqual([]);
    expect(await contactsOf(accountId)).toEqual([]);
    await Promise.allSettled([run(0), run(0), run(1)]);
    await run(0);
    await run(1);
    await run(1);
    const done = await api("GET", `/accounts/${accountId}/contacts/import/${job.importId}`, { token });
    expect(done.body).toMatchObject({ status: "completed", created: 1500, updated: 0, failed: 0, skipped: 0, progress: 100 });
    expect(await contactsOf(accountId)).toHaveLength(1500);
    const links = await env.DB.prepare("SELECT count(*) AS n FROM contact_tags WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(links?.n).toBe(1500);
  });
});

/** Windows-1251 bytes of a text (ASCII and the Russian alphabet). */
function cp1251(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...text].map((ch) => {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    if (ch === "Ё") return 0xa8;
    if (ch === "ё") return 0xb8;
    throw new Error(`not in the test's cp1251 table: ${ch}`);
  }));
}

describe("contact import: CSV as Russian Excel writes it", () => {
  it("reads Windows-1251 with commas and quotes; short junk phones are refused each; two rows finding one contact update it once", async () => {
    const { token, accountId } = await fieldsAccount();
    await seedContact(accountId, { platform: "TELEGRAM", puid: "42", name: "Старый", phone: "+79125550002" });
    const text = ["Имя,Телефон,Город,Telegram ID", '"Семёнов, Пётр",+7 912 555-00-01,Москва,', "Юлия,12,Казань,", "Яков,12,Казань,", "Лев,+7 912 555-00-02,Москва,", "Лев дубль,,Казань,42"].join("\r\n");
    const mapping = { columns: ["name", "phone", "field:city", "platformUserId"], dedupe: "phone", platform: "TELEGRAM" };
    const start = await upload(token, accountId, new File([cp1251(text)], "excel.csv"), mapping);
    expect(start.status).toBe(202);
    const done = await finished(token, accountId, start.body.importId);
    expect(done).toMatchObject({ totalRows: 5, created: 1, updated: 1, skipped: 1, failed: 2 });
    expect(done.issues.map((i: any) => i.text)).toEqual([
      "Строка 3: телефон «12» — слишком короткий номер",
      "Строка 4: телефон «12» — слишком короткий номер",
      "Строка 6: тот же контакт, что в строке 5",
    ]);
    expect((await contactsOf(accountId)).map((c: any) => c.name)).toEqual(["Лев", "Семёнов, Пётр"]);
  });
});

describe("contact import: Russian phone numbers with 8 and dates as Russian Excel writes them", () => {
  it("reads 8 (910) … and 8-910… as +7; a date that does not exist is told so, other text is told both formats", async () => {
    const { token, accountId } = await ownerWithAccount();
    expect((await api("POST", `/accounts/${accountId}/custom-fields`, { token, body: { key: "birthday", label: "День рождения", type: "date" } })).status).toBe(201);
    const text = [
      "Имя;Телефон;День рождения",
      "Алла;8 (910) 000-79-19;15.03.1990",
      "Богдан;8-9100031676;1990-03-16",
      "Варя;+7 910 000-11-22;31.02.1990",
      "Гоша;+7 910 000-11-33;1990-02-30",
      "Даша;+7 910 000-11-44;весной",
    ].join("\r\n");
    const start = await upload(token, accountId, new File([text], "ru.csv"), { columns: ["name", "phone", "field:birthday"], dedupe: "phone", platform: null });
    expect(start.status).toBe(202);
    const done = await finished(token, accountId, start.body.importId);
    expect(done.issues.map((i: any) => i.text)).toEqual([
      "Строка 4: день рождения «31.02.1990» — такой даты не существует (принимаются ДД.ММ.ГГГГ и ГГГГ-ММ-ДД)",
      "Строка 5: день рождения «1990-02-30» — такой даты не существует (принимаются ДД.ММ.ГГГГ и ГГГГ-ММ-ДД)",
      "Строка 6: день рождения «весной» — введите дату в формате ДД.ММ.ГГГГ или ГГГГ-ММ-ДД",
    ]);
    expect(done).toMatchObject({ created: 2, failed: 3 });
    const mine = await contactsOf(accountId);
    expect(mine.map((c: any) => [c.name, c.puid, c.phone])).toEqual([
      ["Алла", "79100007919@c.us", "+79100007919"],
      ["Богдан", "79100031676@c.us", "+79100031676"],
    ]);
    const alla = await api("GET", `/accounts/${accountId}/contacts/${mine[0].id}`, { token });
    expect(alla.body.fieldValues).toEqual({ birthday: "1990-03-15" });
  });
});

describe("contact import: suggested mapping", () => {
  it("maps Russian and English headers, field labels and keys, the e-mail to the account's e-mail field, each target once", () => {
    const fields = [
      { key: "mail", label: "Почта клиента", type: "email" },
      { key: "city", label: "Город", type: "text" },
      { key: "age", label: "Возраст", type: "number" },
    ];
    expect(suggestMapping(["Имя", "Phone", "E-mail", "город", "AGE", "Теги", "Канал", "ID на платформе", "Username", "Имя", "Примечание"], fields)).toEqual([
      "name", "phone", "field:mail", "field:city", "field:age", "tags", "platform", "platformUserId", "username", null, null,
    ]);
    expect(suggestMapping(["Email"], [])).toEqual([null]);
  });
});

describe("contact import: a large XLSX in the Worker", () => {
  it("reads a workbook whose sheet is too big for fflate's synchronous inflate (Workers have no Web Worker)", async () => {
    // A real workbook from write-excel-file, its sheet swapped for 30 000 rows with a random code each (so it stays big compressed).
    const small = await (await writeXlsxFile([[{ value: "Имя" }, { value: "Телефон" }, { value: "Код" }]]).toBlob()).arrayBuffer();
    const parts = unzipSync(new Uint8Array(small));
    const hex = () => [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const rows = ['<row r="1">' + cell("A1", "Имя") + cell("B1", "Телефон") + cell("C1", "Код") + "</row>"];
    for (let i = 2; i <= 30_001; i++) rows.push(`<row r="${i}">${cell(`A${i}`, `Клиент ${i}`)}${cell(`B${i}`, `+7${9120000000 + i}`)}${cell(`C${i}`, hex())}</row>`);
    parts["xl/worksheets/sheet1.xml"] = strToU8(`<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}</sheetData></worksheet>`);
    const big = zipSync(parts, { level: 9 });
    expect(big.byteLength).toBeGreaterThan(400_000);
    const table = await readTable(big.buffer.slice(big.byteOffset, big.byteOffset + big.byteLength) as ArrayBuffer, "xlsx");
    expect(table.header).toEqual(["Имя", "Телефон", "Код"]);
    expect(table.rows).toHaveLength(30_000);
    expect(table.rows[29_999]).toMatchObject({ n: 30_001, cells: ["Клиент 30001", "+79120030001", expect.stringMatching(/^[0-9a-f]{24}$/)] });
  });
});
