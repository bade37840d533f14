import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { readTable } from "../../worker/features/contact-import/import-format";
import { addMember, api, BASE, ownerWithAccount } from "./helpers";

/** Products, categories, images, import and export (issue #17) through the real routes, D1, R2 and the jobs queue. */

const P = (accountId: string) => `/accounts/${accountId}/products`;

async function product(token: string, accountId: string, body: Record<string, unknown>) {
  const r = await api("POST", P(accountId), { token, body: { price: 100000, ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function upload(token: string, path: string, file: File, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", file);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await SELF.fetch(`${BASE}/api${path}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function importFinished(token: string, accountId: string, jobId: string) {
  for (let i = 0; i < 300; i++) {
    const r = await api("GET", `${P(accountId)}/import/${jobId}`, { token });
    expect(r.status).toBe(200);
    if (r.body.status !== "running") return r.body;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("import did not finish");
}

describe("products: validation of every field", () => {
  it("refuses each bad field with a Russian message at that field, and saves nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "", sku: "A1" }, "name"],
      [{ name: "x".repeat(201), sku: "A1" }, "name"],
      [{ name: "Товар", sku: "" }, "sku"],
      [{ name: "Товар", sku: "x".repeat(65) }, "sku"],
      [{ name: "Товар", sku: "A1", description: "x".repeat(5001) }, "description"],
      [{ name: "Товар", sku: "A1", price: -1 }, "price"],
      [{ name: "Товар", sku: "A1", price: 10.5 }, "price"],
      [{ name: "Товар", sku: "A1", price: "сто" }, "price"],
      [{ name: "Товар", sku: "A1", price: 1000, oldPrice: 900 }, "oldPrice"],
      [{ name: "Товар", sku: "A1", currency: "рубли" }, "currency"],
      [{ name: "Товар", sku: "A1", availability: "maybe" }, "availability"],
      [{ name: "Товар", sku: "A1", stockCount: -3 }, "stockCount"],
      [{ name: "Товар", sku: "A1", link: "javascript:alert(1)" }, "link"],
      [{ name: "Товар", sku: "A1", active: "да" }, "active"],
      [{ name: "Товар", sku: "A1", images: "cover.jpg" }, "images"],
      [{ name: "Товар", sku: "A1", images: ["accounts/другой/products/x/a.jpg"] }, "images"],
      [{ name: "Товар", sku: "A1", attributes: [{ key: "", value: "красный" }] }, "attributes.0.key"],
      [{ name: "Товар", sku: "A1", attributes: [{ key: "Цвет", value: "a" }, { key: "цвет", value: "b" }] }, "attributes"],
      [{ name: "Товар", sku: "A1", categoryId: "nope" }, "categoryId"],
    ];
    for (const [body, field] of bad) {
      const r = await api("POST", P(accountId), { token, body: { price: 1000, ...body } });
      expect(r.status, `${field}: ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(r.body.details.fields[field], `${field}: ${JSON.stringify(r.body.details.fields)}`).toBeTruthy();
      expect(r.body.details.fields[field][0]).toMatch(/[а-яё]/i);
    }
    const list = await api("GET", P(accountId), { token });
    expect(list.body.meta.total).toBe(0);
  });

  it("keeps SKUs unique in the account (400 on sku), not across accounts; a link gets https://", async () => {
    const a = await ownerWithAccount();
    const b = await ownerWithAccount();
    const p = await product(a.token, a.accountId, { name: "Кружка", sku: "MUG-1", link: "shop.example.ru/mug" });
    expect(p.link).toBe("https://shop.example.ru/mug");
    expect(p.currency).toBe("RUB");
    const again = await api("POST", P(a.accountId), { token: a.token, body: { name: "Другая", sku: "MUG-1", price: 1 } });
    expect(again.status).toBe(400);
    expect(again.body.details.fields.sku[0]).toMatch(/артикул/);
    await product(b.token, b.accountId, { name: "Кружка", sku: "MUG-1" });
    const other = await product(a.token, a.accountId, { name: "Тарелка", sku: "PLATE-1" });
    const rename = await api("PATCH", `${P(a.accountId)}/${other.productId}`, { token: a.token, body: { sku: "MUG-1" } });
    expect(rename.status).toBe(400);
    expect(rename.body.details.fields.sku).toBeTruthy();
    const lower = await api("PATCH", `${P(a.accountId)}/${p.productId}`, { token: a.token, body: { oldPrice: 50 } });
    expect(lower.status).toBe(400);
    expect(lower.body.details.fields.oldPrice).toBeTruthy();
  });
});

describe("products: list, search, filters, bulk, duplicate", () => {
  it("finds Russian words whatever the case, ranks name matches above description matches, and filters", async () => {
    const { token, accountId } = await ownerWithAccount();
    const cat = (await api("POST", `/accounts/${accountId}/product-categories`, { token, body: { name: "Одежда" } })).body;
    const sub = (await api("POST", `/accounts/${accountId}/product-categories`, { token, body: { name: "Платья", parentId: cat.categoryId } })).body;
    await product(token, accountId, { name: "Сумка кожаная", sku: "BAG-1", description: "Подходит к любому платью", price: 500000 });
    await product(token, accountId, { name: "Платье льняное летнее", sku: "DR-1", categoryId: sub.categoryId, price: 399000, oldPrice: 499000 });
    await product(token, accountId, { name: "ПЛАТЬЕ вечернее", sku: "DR-2", categoryId: sub.categoryId, price: 899000, availability: "on_order" });
    await product(token, accountId, { name: "Футболка", sku: "TS-1", categoryId: cat.categoryId, price: 99000, active: false, attributes: [{ key: "Цвет", value: "Синий" }] });

    const q = async (qs: string) => (await api("GET", `${P(accountId)}?${qs}`, { token })).body;
    const dresses = await q(`q=${encodeURIComponent("плать")}`);
    expect(dresses.meta.total).toBe(3);
    // both dresses (name) before the bag (description only)
    expect(dresses.data.map((p: any) => p.sku).slice(0, 2).sort()).toEqual(["DR-1", "DR-2"]);
    expect(dresses.data[2].sku).toBe("BAG-1");
    expect((await q(`q=${encodeURIComponent("ЛЬНЯНОЕ платье")}`)).data.map((p: any) => p.sku)).toEqual(["DR-1"]);
    expect((await q(`q=${encodeURIComponent("синий")}`)).data.map((p: any) => p.sku)).toEqual(["TS-1"]);
    expect((await q(`q=dr-2`)).data.map((p: any) => p.sku)).toEqual(["DR-2"]);
    // a category includes its subcategories
    expect((await q(`categoryId=${cat.categoryId}`)).meta.total).toBe(3);
    expect((await q(`categoryId=${sub.categoryId}`)).meta.total).toBe(2);
    expect((await q(`availability=on_order`)).data.map((p: any) => p.sku)).toEqual(["DR-2"]);
    expect((await q(`active=false`)).data.map((p: any) => p.sku)).toEqual(["TS-1"]);
    expect((await q(`priceMin=100000&priceMax=500000&sortBy=price&sortDir=desc`)).data.map((p: any) => p.sku)).toEqual(["BAG-1", "DR-1"]);
    expect((await q(`sortBy=sku`)).data.map((p: any) => p.sku)).toEqual(["BAG-1", "DR-1", "DR-2", "TS-1"]);
    const page = await q(`limit=5&page=1&sortBy=name`);
    expect(page.meta).toEqual({ total: 4, limit: 5, page: 1, lastPage: 1 });
    // by name, Russian case-insensitively («ПЛАТЬЕ вечернее» before «Платье льняное»)
    expect(page.data.map((p: any) => p.sku)).toEqual(["DR-2", "DR-1", "BAG-1", "TS-1"]);
    expect(page.data[2].categoryName).toBeNull();
    const dr = page.data.find((p: any) => p.sku === "DR-1");
    expect(dr).toMatchObject({ categoryName: "Платья", price: 399000, oldPrice: 499000, availability: "in_stock" });
    // every product sits in its account's rowid range of the index (migration 0021)
    const outside = await env.DB.prepare("SELECT count(*) AS n FROM products p JOIN accounts a ON a.id = p.account_id WHERE p.account_id = ? AND (p.rowid >> 32) != a.search_slot").bind(accountId).first<{ n: number }>();
    expect(outside?.n).toBe(0);
    const other = await ownerWithAccount();
    await product(other.token, other.accountId, { name: "Платье чужое", sku: "DR-9" });
    expect((await q(`q=${encodeURIComponent("платье")}`)).data.map((p: any) => p.sku).sort()).toEqual(["DR-1", "DR-2"]);
    // §2.13 page sizes only
    const r = await api("GET", `${P(accountId)}?limit=7`, { token });
    expect(r.status).toBe(400);
    expect(r.body.details.fields.limit).toBeTruthy();
  });

  it("bulk-deactivates by ids and deletes by filter; duplicates with a free SKU; operators read but cannot write", async () => {
    const { token, accountId } = await ownerWithAccount();
    const a = await product(token, accountId, { name: "Чай зелёный", sku: "TEA-1" });
    const b = await product(token, accountId, { name: "Чай чёрный", sku: "TEA-2" });
    await product(token, accountId, { name: "Кофе", sku: "COF-1" });
    const off = await api("POST", `${P(accountId)}/bulk`, { token, body: { action: "deactivate", ids: [a.productId, b.productId] } });
    expect(off.body.affected).toBe(2);
    expect((await api("GET", `${P(accountId)}?active=false`, { token })).body.meta.total).toBe(2);
    const copy = await api("POST", `${P(accountId)}/${a.productId}/duplicate`, { token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ sku: "TEA-1-copy", name: "Чай зелёный (копия)", active: false });
    const copy2 = await api("POST", `${P(accountId)}/${a.productId}/duplicate`, { token });
    expect(copy2.body.sku).toBe("TEA-1-copy-2");
    const both = await api("POST", `${P(accountId)}/bulk`, { token, body: { action: "delete", ids: [a.productId], filter: {} } });
    expect(both.status).toBe(400);
    const del = await api("POST", `${P(accountId)}/bulk`, { token, body: { action: "delete", filter: { q: "чай" } } });
    expect(del.body.affected).toBe(4);
    expect((await api("GET", P(accountId), { token })).body.data.map((p: any) => p.sku)).toEqual(["COF-1"]);

    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", P(accountId), { token: op.token })).status).toBe(200);
    expect((await api("POST", P(accountId), { token: op.token, body: { name: "x", sku: "y", price: 1 } })).status).toBe(403);
    expect((await api("POST", `${P(accountId)}/bulk`, { token: op.token, body: { action: "delete", filter: {} } })).status).toBe(403);
  });
});

describe("categories", () => {
  it("keeps the tree two levels deep, orders siblings, counts products, refuses deleting a parent", async () => {
    const { token, accountId } = await ownerWithAccount();
    const C = `/accounts/${accountId}/product-categories`;
    const root = (await api("POST", C, { token, body: { name: "Обувь" } })).body;
    const other = (await api("POST", C, { token, body: { name: "Аксессуары" } })).body;
    const kid = (await api("POST", C, { token, body: { name: "Кроссовки", parentId: root.categoryId } })).body;
    const deep = await api("POST", C, { token, body: { name: "Беговые", parentId: kid.categoryId } });
    expect(deep.status).toBe(400);
    expect(deep.body.details.fields.parentId[0]).toMatch(/двух уровней/);
    const same = await api("POST", C, { token, body: { name: "обувь" } });
    expect(same.status).toBe(400);
    expect(same.body.details.fields.name).toBeTruthy();
    await product(token, accountId, { name: "Кроссовки беговые", sku: "SN-1", categoryId: kid.categoryId });
    const order = await api("PUT", `${C}/order`, { token, body: { parentId: null, ids: [other.categoryId, root.categoryId] } });
    expect(order.status).toBe(200);
    expect(order.body.data.map((c: any) => c.name)).toEqual(["Аксессуары", "Обувь"]);
    expect(order.body.data[1]).toMatchObject({ productCount: 1, children: [{ name: "Кроссовки", productCount: 1 }] });
    const partial = await api("PUT", `${C}/order`, { token, body: { parentId: null, ids: [other.categoryId] } });
    expect(partial.status).toBe(400);
    // moving: a child to another top-level category and back; a category with children stays at the top (field error)
    const moved = await api("PATCH", `${C}/${kid.categoryId}`, { token, body: { parentId: other.categoryId } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const afterMove = (await api("GET", C, { token })).body.data;
    expect(afterMove.find((c: any) => c.categoryId === other.categoryId).children.map((c: any) => c.name)).toEqual(["Кроссовки"]);
    const tooDeep = await api("PATCH", `${C}/${other.categoryId}`, { token, body: { parentId: root.categoryId } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.details.fields.parentId[0]).toMatch(/подкатегории/);
    expect((await api("PATCH", `${C}/${kid.categoryId}`, { token, body: { parentId: root.categoryId } })).status).toBe(200);
    const parent = await api("DELETE", `${C}/${root.categoryId}`, { token });
    expect(parent.status).toBe(409);
    expect(parent.body.message).toMatch(/подкатегории/);
    const del = await api("DELETE", `${C}/${kid.categoryId}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.uncategorised).toBe(1);
    const p = (await api("GET", `${P(accountId)}?q=${encodeURIComponent("кроссовки")}`, { token })).body.data[0];
    expect(p.categoryId).toBeNull();
  });
});

describe("product images", () => {
  it("stores an image under accounts/{id}/products/ and serves it to members only", async () => {
    const { token, accountId } = await ownerWithAccount();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const up = await upload(token, `${P(accountId)}/images`, new File([png], "кружка.png", { type: "image/png" }));
    expect(up.status).toBe(201);
    expect(up.body.key.startsWith(`accounts/${accountId}/products/`)).toBe(true);
    const p = await product(token, accountId, { name: "Кружка", sku: "MUG", images: [up.body.key] });
    expect(p.images[0]).toEqual({ key: up.body.key, url: up.body.url });
    const got = await SELF.fetch(`${BASE}${up.body.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(png);
    const outsider = await ownerWithAccount();
    expect((await SELF.fetch(`${BASE}${up.body.url}`, { headers: { authorization: `Bearer ${outsider.token}` } })).status).toBe(404);
    const pdf = await upload(token, `${P(accountId)}/images`, new File(["%PDF"], "a.pdf", { type: "application/pdf" }));
    expect(pdf.status).toBe(400);
    expect(pdf.body.details.fields.file[0]).toMatch(/JPEG, PNG или WebP/);
  });
});

describe("product import and export", () => {
  it("imports a CSV with bad rows, upserts by SKU, creates categories by path, and reports refused rows with reasons", async () => {
    const { token, accountId } = await ownerWithAccount();
    await product(token, accountId, { name: "Старое название", sku: "SKU-1", price: 100, description: "Останется" });
    const csv = [
      "Артикул;Название;Категория;Цена;Старая цена;Наличие;Остаток;Цвет",
      "SKU-1;Свеча ароматическая;Дом / Свечи;1 290,50;1590;в наличии;12;белый",
      "SKU-2;Плед шерстяной;Дом / Текстиль;4990;;под заказ;;серый",
      ";Без артикула;Дом;100;;;;",
      "SKU-3;Кружка;Дом;сто рублей;;;;",
      "SKU-4;Ваза;Дом;1000;900;;;",
      "SKU-5;Подушка;Дом;1500;;может быть;;",
      "SKU-2;Повтор пледа;Дом;1;;;;",
      "SKU-6;;Дом;1500;;;;",
    ].join("\n");
    const columns = ["sku", "name", "category", "price", "oldPrice", "availability", "stockCount", "attr:Цвет"];
    const bad = await upload(token, `${P(accountId)}/import`, new File([csv], "t.csv", { type: "text/csv" }), { mapping: JSON.stringify({ columns: ["name", null] }) });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.mapping[0]).toMatch(/артикул/);
    const up = await upload(token, `${P(accountId)}/import`, new File([csv], "товары.csv", { type: "text/csv" }), { mapping: JSON.stringify({ columns }) });
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    const job = await importFinished(token, accountId, up.body.jobId);
    expect(job).toMatchObject({ status: "completed", totalRows: 8, created: 1, updated: 1, failed: 6, progress: 100 });
    const reasons = Object.fromEntries(job.issues.map((i: any) => [i.row, i.reason]));
    expect(reasons[4]).toMatch(/нет артикула/);
    expect(reasons[5]).toMatch(/не число/);
    expect(reasons[6]).toMatch(/старая цена/);
    expect(reasons[7]).toMatch(/наличие/);
    expect(reasons[8]).toMatch(/повторяет строку 3/);
    expect(reasons[9]).toMatch(/нет названия/);
    const list = (await api("GET", `${P(accountId)}?sortBy=sku`, { token })).body.data;
    expect(list.map((p: any) => p.sku)).toEqual(["SKU-1", "SKU-2"]);
    expect(list[0]).toMatchObject({ name: "Свеча ароматическая", price: 129050, oldPrice: 159000, stockCount: 12, categoryName: "Свечи", description: "Останется", attributes: [{ key: "Цвет", value: "белый" }] });
    expect(list[1]).toMatchObject({ availability: "on_order", categoryName: "Текстиль", price: 499000 });
    const tree = (await api("GET", `/accounts/${accountId}/product-categories`, { token })).body.data;
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c: any) => c.name).sort()).toEqual(["Свечи", "Текстиль"]);
    const latest = await api("GET", `${P(accountId)}/import`, { token });
    expect(latest.body.job.jobId).toBe(up.body.jobId);
    // the history: past imports with their counts, newest first, in the paged shape
    const history = await api("GET", `${P(accountId)}/imports?limit=5`, { token });
    expect(history.status).toBe(200);
    expect(history.body.meta).toMatchObject({ total: 1, page: 1, limit: 5 });
    expect(history.body.data[0]).toMatchObject({ jobId: up.body.jobId, fileName: "товары.csv", created: 1, updated: 1, failed: 6 });

    // export → the same columns read back by the import's reader
    const res = await SELF.fetch(`${BASE}/api${P(accountId)}/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const table = await readTable(await res.arrayBuffer(), "csv");
    expect(table.header.slice(0, 5)).toEqual(["Артикул", "Название", "Описание", "Категория", "Цена"]);
    expect(table.header).toContain("Цвет");
    const row = table.rows.find((r) => r.cells[0] === "SKU-1")!;
    expect(row.cells[3]).toBe("Дом / Свечи");
    expect(row.cells[4]).toBe("1290,5");
    const xlsx = await SELF.fetch(`${BASE}/api${P(accountId)}/export?format=xlsx&q=${encodeURIComponent("плед")}`, { headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.status).toBe(200);
    const sheet = await readTable(await xlsx.arrayBuffer(), "xlsx");
    expect(sheet.rows.map((r) => r.cells[0])).toEqual(["SKU-2"]);
  });

  it("the export opens in Russian Excel (`;`, BOM, decimal commas, formulas guarded, the sheet «Товары», the account's date) and imports back unchanged", async () => {
    const { token, accountId } = await ownerWithAccount();
    await env.DB.prepare("UPDATE accounts SET timezone = 'Pacific/Kiritimati' WHERE id = ?").bind(accountId).run(); // UTC+14: its date is not UTC's half the day
    await product(token, accountId, { name: "Свеча; ароматическая", sku: "EXP-1", price: 129050, oldPrice: 159000, description: "Воск, хлопок", attributes: [{ key: "Цвет", value: "белый" }] });
    await product(token, accountId, { name: "=HYPERLINK(\"http://evil\")", sku: "EXP-2", price: 4990 });
    await product(token, accountId, { name: "-50% на плед", sku: "EXP-3", price: 100 });
    const res = await SELF.fetch(`${BASE}/api${P(accountId)}/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" }).format(new Date());
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="products-${today}.csv"`);
    const bytes = await res.arrayBuffer();
    expect([...new Uint8Array(bytes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\ufeff/, "").split("\r\n");
    expect(lines[0]).toBe("Артикул;Название;Описание;Категория;Цена;Старая цена;Валюта;Наличие;Остаток;Ссылка;Активен;Цвет");
    const bySku = (sku: string) => lines.find((l) => l.startsWith(`${sku};`));
    expect(bySku("EXP-1")).toBe('EXP-1;"Свеча; ароматическая";"Воск, хлопок";;"1290,5";1590;RUB;В наличии;;;да;белый');
    expect(bySku("EXP-2")).toBe(`EXP-2;"'=HYPERLINK(""http://evil"")";;;"49,9";;RUB;В наличии;;;да;`);
    expect(bySku("EXP-3")).toBe("EXP-3;'-50% на плед;;;1;;RUB;В наличии;;;да;");
    // The file, changed in nothing, imported back: every product stays as it was (the guard's apostrophe is not kept).
    const before = (await api("GET", `${P(accountId)}?sortBy=sku`, { token })).body.data;
    const table = await readTable(bytes, "csv");
    const targets: Record<string, string> = { Артикул: "sku", Название: "name", Описание: "description", Цена: "price", "Старая цена": "oldPrice", Валюта: "currency", Наличие: "availability", Активен: "active", Цвет: "attr:Цвет" };
    const up = await upload(token, `${P(accountId)}/import`, new File([bytes], "products.csv", { type: "text/csv" }), { mapping: JSON.stringify({ columns: table.header.map((h) => targets[h] ?? null) }) });
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    expect(await importFinished(token, accountId, up.body.jobId)).toMatchObject({ status: "completed", created: 0, updated: 3, failed: 0 });
    const after = (await api("GET", `${P(accountId)}?sortBy=sku`, { token })).body.data;
    const fields = (p: any) => ({ sku: p.sku, name: p.name, description: p.description, price: p.price, oldPrice: p.oldPrice, availability: p.availability, attributes: p.attributes });
    expect(after.map(fields)).toEqual(before.map(fields));
    expect(after.map((p: any) => p.name)).toEqual(["Свеча; ароматическая", "=HYPERLINK(\"http://evil\")", "-50% на плед"]);
    const xlsx = await SELF.fetch(`${BASE}/api${P(accountId)}/export?format=xlsx`, { headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.headers.get("content-disposition")).toBe(`attachment; filename="products-${today}.xlsx"`);
    const buf = await xlsx.arrayBuffer();
    expect(strFromU8(unzipSync(new Uint8Array(buf))["xl/workbook.xml"]!)).toContain('name="Товары"');
    const sheet = await readTable(buf, "xlsx");
    expect(sheet.rows.find((r) => r.cells[0] === "EXP-1")!.cells[4]).toBe("1290.5");
  });

  it("runs a 20 000-row file in the background with progress", async () => {
    const { token, accountId } = await ownerWithAccount();
    const lines = ["sku;name;price;category"];
    for (let i = 0; i < 20_000; i++) lines.push(`P-${i};Товар номер ${i};${100 + (i % 900)};Раздел ${i % 5}`);
    const up = await upload(token, `${P(accountId)}/import`, new File([lines.join("\n")], "big.csv", { type: "text/csv" }), { mapping: JSON.stringify({ columns: ["sku", "name", "price", "category"] }) });
    expect(up.status).toBe(202);
    expect(up.body).toMatchObject({ status: "running", totalRows: 20_000, progress: 0 });
    const seen = new Set<number>();
    let job: any;
    for (let i = 0; i < 600; i++) {
      job = (await api("GET", `${P(accountId)}/import/${up.body.jobId}`, { token })).body;
      seen.add(job.progress);
      if (job.status !== "running") break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(job).toMatchObject({ status: "completed", created: 20_000, failed: 0, progress: 100 });
    // 20 chunks of 1 000 rows, one job each on the jobs queue
    const chunks = await env.DB.prepare("SELECT count(*) AS n FROM product_import_chunks WHERE import_id = ?").bind(up.body.jobId).first<{ n: number }>();
    expect(chunks?.n).toBe(20);
    expect((await api("GET", `${P(accountId)}?limit=5`, { token })).body.meta.total).toBe(20_000);
  }, 120_000);
});
