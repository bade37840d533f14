import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { readTable } from "../../worker/features/contact-import/import-format";
import { utcToZoned } from "../../worker/lib/zoned-time";
import { api, BASE } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/**
 * The contacts export as Russian Excel reads it: `;`, the account's wall clock as ДД.ММ.ГГГГ ЧЧ:ММ,
 * phones and numbers without a visible apostrophe (formulas still guarded), channels by their names,
 * the file named by the account's date, the XLSX sheet «Контакты».
 */
const FIRST = Date.UTC(2026, 0, 15, 21, 5); // 16.01.2026 00:05 in Moscow
const LAST = Date.UTC(2026, 6, 1, 9, 30); // 01.07.2026 12:30 in Moscow

async function account(tz: string) {
  const o = await ownerWithAccount();
  await env.DB.prepare("UPDATE accounts SET timezone = ? WHERE id = ?").bind(tz, o.accountId).run();
  for (const body of [
    { key: "visit", label: "Визит", type: "datetime" },
    { key: "birthday", label: "День рождения", type: "date" },
    { key: "balance", label: "Баланс", type: "number" },
  ]) {
    expect((await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body })).status).toBe(201);
  }
  const insert = (id: string, platform: string, puid: string, name: string, phone: string | null) =>
    env.DB.prepare(
      "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, phone, search_text, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)",
    )
      .bind(`${id}-${o.accountId}`, o.accountId, platform, puid, name, phone, FIRST, LAST, FIRST, LAST)
      .run();
  await insert("exp1", "WHATSAPP", "79100039595@c.us", "Анна", "+79100039595");
  await insert("exp2", "TELEGRAM", "555", "=HYPERLINK(\"http://evil\")", null);
  const fields = await api("PUT", `/accounts/${o.accountId}/contacts/exp1-${o.accountId}/fields`, {
    token: o.token,
    body: { values: { visit: "2026-03-10T18:45", birthday: "1990-03-15", balance: -5 } },
  });
  expect(fields.status, JSON.stringify(fields.body)).toBe(200);
  return o;
}

const download = (o: { token: string; accountId: string }, format: "csv" | "xlsx") =>
  SELF.fetch(`${BASE}/api/accounts/${o.accountId}/contacts/export?format=${format}`, { headers: { authorization: `Bearer ${o.token}` } });

describe("contacts export for Russian Excel", () => {
  it("CSV: `;`, BOM, the account's wall clock, WhatsApp by name, phones and negative numbers without an apostrophe, formulas still guarded", async () => {
    const o = await account("Europe/Moscow");
    const res = await download(o, "csv");
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\ufeff/, "").split("\r\n");
    expect(lines[0]).toBe("ID;Имя;Платформа;Имя пользователя;ID на платформе;Телефон;Статус;О контакте;Первое обращение;Последняя активность;Создан;Визит;День рождения;Баланс;Теги");
    expect(lines[1]).toBe(`exp1-${o.accountId};Анна;WhatsApp;;79100039595@c.us;+79100039595;;;16.01.2026 00:05;01.07.2026 12:30;16.01.2026 00:05;10.03.2026 18:45;15.03.1990;-5;`);
    expect(lines[2]).toBe(`exp2-${o.accountId};"'=HYPERLINK(""http://evil"")";Telegram;;555;;;;16.01.2026 00:05;01.07.2026 12:30;16.01.2026 00:05;;;;`);
    expect(lines[3]).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("the file is named by the account's date, not UTC's (one of two zones 25 hours apart differs from UTC at any hour)", async () => {
    for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const o = await account(tz);
      for (const format of ["csv", "xlsx"] as const) {
        const res = await download(o, format);
        await res.arrayBuffer();
        const today = utcToZoned(tz, Date.now()).slice(0, 10);
        expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contacts-${today}.${format}"`);
      }
    }
  });

  it("XLSX: the sheet is «Контакты», times are the account's wall clock, the channel is named, the phone is text", async () => {
    const o = await account("Asia/Yekaterinburg"); // UTC+5
    const res = await download(o, "xlsx");
    expect(res.status).toBe(200);
    const buf = await res.arrayBuffer();
    const workbook = strFromU8(unzipSync(new Uint8Array(buf))["xl/workbook.xml"]!);
    expect(workbook).toContain('name="Контакты"');
    expect(workbook).not.toContain("Sheet1");
    const table = await readTable(buf, "xlsx");
    const anna = table.rows.find((r) => r.cells[1] === "Анна")!;
    const col = (h: string) => anna.cells[table.header.indexOf(h)];
    expect(col("Платформа")).toBe("WhatsApp");
    expect(col("Телефон")).toBe("+79100039595");
    // Read back as the sheet shows them: 16.01.2026 02:05 and 01.07.2026 14:30 in Yekaterinburg.
    expect(col("Первое обращение")).toBe("2026-01-16T02:05");
    expect(col("Последняя активность")).toBe("2026-07-01T14:30");
    expect(col("Визит")).toBe("2026-03-10T18:45");
    expect(col("День рождения")).toBe("1990-03-15");
  });

  it("the CSV reads back through the import: the datetime field's ДД.ММ.ГГГГ ЧЧ:ММ is the same instant", async () => {
    const o = await account("Europe/Moscow");
    const csv = await (await download(o, "csv")).arrayBuffer();
    const table = await readTable(csv, "csv");
    expect(table.header).toContain("Визит");
    const form = new FormData();
    form.set("file", new File([csv], "contacts.csv"));
    const columns = table.header.map((h) => ({ "ID на платформе": "platformUserId", Имя: "name", Платформа: "platform", Визит: "field:visit", "День рождения": "field:birthday" })[h] ?? null);
    form.set("mapping", JSON.stringify({ columns, dedupe: "channel", platform: null }));
    const up = await SELF.fetch(`${BASE}/api/accounts/${o.accountId}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${o.token}` }, body: form });
    const started = (await up.json()) as { importId: string };
    expect(up.status, JSON.stringify(started)).toBe(202);
    let done: any;
    for (let i = 0; i < 100 && (!done || done.status === "running"); i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      done = (await api("GET", `/accounts/${o.accountId}/contacts/import/${started.importId}`, { token: o.token })).body;
    }
    expect(done).toMatchObject({ status: "completed", failed: 0 });
    const anna = await api("GET", `/accounts/${o.accountId}/contacts/exp1-${o.accountId}`, { token: o.token });
    expect(anna.body.fieldValues).toMatchObject({ visit: new Date(Date.UTC(2026, 2, 10, 15, 45)).toISOString(), birthday: "1990-03-15" });
  });
});
