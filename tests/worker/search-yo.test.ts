import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

/**
 * Search in Contacts and in Chats treats ё as е, both ways: the stored search texts and the query
 * are folded alike (worker/lib/search-fold.ts); migration 0048 folds the texts stored before.
 */
async function seed() {
  const o = await ownerWithAccount();
  const tg = await createChannel(o.accountId);
  const wa = await createChannel(o.accountId, { platform: "WHATSAPP" });
  await ingest([incoming(o.accountId, tg, "1", "Здравствуйте", {}, { name: "Артём Ёлкин" })]);
  await ingest([incoming(o.accountId, tg, "2", "Хочу ёлку к Новому году", {}, { name: "Мария" })]);
  await ingest([{ ...incoming(o.accountId, wa, "3", "Добрый день", {}, { name: "Артем Елкин" }), platform: "WHATSAPP" }]);
  await ingest([incoming(o.accountId, tg, "4", "Другое", {}, { name: "Пётр" })]);
  return o;
}

const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((c) => c.name).sort();

describe("ё and е in search", () => {
  it("Contacts: «Артем» finds «Артём» and «Артём» finds «Артем», in the query's either case", async () => {
    const { token, accountId } = await seed();
    const q = async (text: string, extra = "") => names(await api("GET", `/accounts/${accountId}/contacts?q=${encodeURIComponent(text)}${extra}`, { token }));
    expect(await q("Артем")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("Артём")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("ЁЛКИН")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("елкин")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("петр")).toEqual(["Пётр"]);
    expect(await q("ПЁТР")).toEqual(["Пётр"]);
    // The audience filter's search (broadcasts, the filter builder) folds the same way.
    expect(await q("", `&filter=${encodeURIComponent(JSON.stringify({ q: "артем" }))}`)).toEqual(["Артем Елкин", "Артём Ёлкин"]);
  });

  it("Chats: names and the last message, through the trigram index (3+ letters), the short path and with a filter", async () => {
    const { token, accountId } = await seed();
    const q = async (text: string, extra = "") => names(await api("GET", `/accounts/${accountId}/contacts/chat-contacts?q=${encodeURIComponent(text)}${extra}`, { token }));
    expect(await q("елкин")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("Ёлкин")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await q("елку")).toEqual(["Мария"]);
    expect(await q("ЁЛКУ")).toEqual(["Мария"]);
    expect(await q("пё")).toEqual(["Пётр"]);
    expect(await q("пе")).toEqual(["Пётр"]);
    expect(await q("артем", "&platform=TELEGRAM")).toEqual(["Артём Ёлкин"]);
    expect(await q("артём", "&platform=WHATSAPP")).toEqual(["Артем Елкин"]);
  });

  it("migration 0048 folds the texts stored before; the trigram index follows; nothing else changes", async () => {
    const { token, accountId } = await seed();
    // The rows as the old code stored them: lower-cased only.
    await env.DB.prepare("UPDATE contacts SET search_text = replace(search_text, 'е', 'ё') WHERE account_id = ? AND name = 'Артём Ёлкин'").bind(accountId).run();
    await env.DB.prepare("UPDATE threads SET search_text = 'артём ёлкин' || char(10) || char(10) || 'здравствуйте' WHERE account_id = ? AND contact_id = (SELECT id FROM contacts WHERE account_id = ? AND name = 'Артём Ёлкин')")
      .bind(accountId, accountId)
      .run();
    const before = await env.DB.prepare("SELECT id, updated_at FROM threads WHERE account_id = ? ORDER BY id").bind(accountId).all();
    const chats = async (text: string) => names(await api("GET", `/accounts/${accountId}/contacts/chat-contacts?q=${encodeURIComponent(text)}`, { token }));
    const contacts = async (text: string) => names(await api("GET", `/accounts/${accountId}/contacts?q=${encodeURIComponent(text)}`, { token }));
    expect(await chats("елкин")).toEqual(["Артем Елкин"]);
    expect(await contacts("артем")).toEqual(["Артем Елкин"]);

    const migration = (env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }).TEST_MIGRATIONS.find((m) => m.name.startsWith("0048_"))!;
    for (const sql of migration.queries) await env.DB.prepare(sql).run();

    expect(await chats("елкин")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await chats("ёлкин")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    expect(await contacts("артем")).toEqual(["Артем Елкин", "Артём Ёлкин"]);
    const left = await env.DB.prepare("SELECT (SELECT count(*) FROM contacts WHERE instr(search_text, 'ё') > 0) + (SELECT count(*) FROM threads WHERE instr(search_text, 'ё') > 0) AS n").first<{ n: number }>();
    expect(left!.n).toBe(0);
    // The index holds exactly the folded texts: an integrity check passes and no stale «ёлкин» trigram answers.
    await env.DB.prepare("INSERT INTO threads_fts(threads_fts, rank) VALUES ('integrity-check', 1)").run();
    const stale = await env.DB.prepare("SELECT count(*) AS n FROM threads_fts WHERE threads_fts MATCH ?").bind('"ёлкин"').first<{ n: number }>();
    expect(stale!.n).toBe(0);
    expect((await env.DB.prepare("SELECT id, updated_at FROM threads WHERE account_id = ? ORDER BY id").bind(accountId).all()).results).toEqual(before.results);
  });
});
