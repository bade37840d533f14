import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tgTextUpdate } from "../fakes/telegram";
import { searchProducts } from "../../worker/features/products/catalogue-tools";
import { formatMoney } from "../../worker/features/products/contract";
import { productCardParts } from "../../worker/features/products/product-card";
import { executeTool, enabledTools, type ToolContext } from "../../worker/ai/tools";
import { modelRequests, scopeToken, scriptModel } from "./ai-helpers";
import { connectTelegram, fakeRequests, tgBase, tgWebhook, threadMessages, waitFor } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * The assistant and the catalogue (issue #17): the tools are offered only with "knows the
 * catalogue", read only the turn's account, every call is in the trace, the demo model (behind the
 * OpenAI fake) asks search_products and answers with the stored price, and a product answer reaches
 * Telegram as a photo with an inline keyboard.
 */

async function shop(opts: { knowsCatalogue?: boolean } = {}) {
  const o = await ownerWithAccount("Владелец", "Лавка «Уют»");
  const a = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Консультант", knowsCatalogue: opts.knowsCatalogue ?? true } });
  expect(a.status).toBe(201);
  expect(a.body.knowsCatalogue).toBe(opts.knowsCatalogue ?? true);
  const cat = (await api("POST", `/accounts/${o.accountId}/product-categories`, { token: o.token, body: { name: "Свечи" } })).body;
  const key = `accounts/${o.accountId}/products/demo/candle.png`;
  await env.MEDIA.put(key, new Uint8Array([137, 80, 78, 71, 9, 9, 9]), { httpMetadata: { contentType: "image/png" } });
  const mk = async (body: Record<string, unknown>) => {
    const r = await api("POST", `/accounts/${o.accountId}/products`, { token: o.token, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const candle = await mk({ name: "Свеча ароматическая «Ваниль»", sku: "CND-VAN", price: 129050, oldPrice: 159000, categoryId: cat.categoryId, images: [key], link: "https://uyut.example/candle" });
  const plaid = await mk({ name: "Плед шерстяной", sku: "PLD-1", price: 499000, availability: "on_order" });
  await mk({ name: "Свеча в стекле (снята с продажи)", sku: "CND-OLD", price: 50000, active: false });
  return { ...o, assistantId: a.body.assistantId as string, candle, plaid, categoryId: cat.categoryId as string };
}

const ctxOf = (accountId: string): ToolContext => ({ env, accountId, threadId: "t", contactId: "c", assistantId: "a", timezone: "Europe/Moscow", now: Date.now() });

describe("catalogue tools", () => {
  it("are offered only when the assistant knows the catalogue", async () => {
    const on = await shop();
    const off = await shop({ knowsCatalogue: false });
    const names = (a: { tools: string[]; knowsCatalogue: boolean }) => enabledTools(a);
    expect(names({ tools: ["handoff_to_operator"], knowsCatalogue: true })).toEqual(["handoff_to_operator", "search_products", "get_product", "list_promotions", "apply_promotion"]);
    expect(names({ tools: ["handoff_to_operator"], knowsCatalogue: false })).toEqual(["handoff_to_operator"]);
    for (const [s, expected] of [[on, true], [off, false]] as const) {
      const scope = scopeToken("cat");
      await scriptModel(scope, [{ content: "Здравствуйте!" }]);
      const r = await api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message?isTestChat=true`, { token: s.token, body: { assistantId: s.assistantId, contactPlatformUserId: "t1", message: `Привет ${scope}` } });
      expect(r.status).toBe(200);
      const req = (await modelRequests(scope))[0]!.body;
      expect(req.tools.map((t: any) => t.function.name).includes("search_products")).toBe(expected);
      expect(req.messages[0].content.includes("## Каталог")).toBe(expected);
    }
    // a call of a catalogue tool the assistant was not given is refused to the model
    const refused = await executeTool(ctxOf(off.accountId), enabledTools({ tools: [], knowsCatalogue: false }), "search_products", '{"query":"свеча"}');
    expect(refused.ok).toBe(false);
    // the switch is saved on the assistant route; operators cannot change it
    const patched = await api("PATCH", `/accounts/${off.accountId}/assistants/${off.assistantId}`, { token: off.token, body: { knowsCatalogue: true } });
    expect(patched.body.knowsCatalogue).toBe(true);
    expect((await api("PATCH", `/accounts/${off.accountId}/assistants/${off.assistantId}`, { token: off.token, body: { knowsCatalogue: "да" } })).status).toBe(400);
  });

  it("return only this account's active products, with prices, availability and links; promotions active now", async () => {
    const a = await shop();
    const b = await shop();
    const all = [a, b];
    const enabled = enabledTools({ tools: [], knowsCatalogue: true });
    const search = await executeTool(ctxOf(a.accountId), enabled, "search_products", JSON.stringify({ query: "свеч" }));
    expect(search.ok).toBe(true);
    const found = (search.result as any).products;
    expect(found).toHaveLength(1); // the inactive candle is not offered
    expect(found[0]).toMatchObject({ productId: a.candle.productId, price: { minor: 129050, text: formatMoney(129050, "RUB", { fraction: false }) }, oldPrice: { minor: 159000 }, availability: "В наличии", link: "https://uyut.example/candle", hasPhoto: true });
    expect(found.map((p: any) => p.productId)).not.toContain(b.candle.productId);
    // filters: price range in roubles, in stock only, category by name
    expect((await searchProducts(ctxOf(a.accountId), { query: "", inStockOnly: true, limit: 10 })).products.map((p) => p.sku)).toEqual(["CND-VAN"]);
    expect((await searchProducts(ctxOf(a.accountId), { query: "", priceMin: 2000, inStockOnly: false, limit: 10 })).products.map((p) => p.sku)).toEqual(["PLD-1"]);
    expect((await searchProducts(ctxOf(a.accountId), { query: "", category: "СВЕЧИ", inStockOnly: false, limit: 10 })).products.map((p) => p.sku)).toEqual(["CND-VAN"]);
    // get_product never reads another account's product, by id or by SKU
    const foreign = await executeTool(ctxOf(a.accountId), enabled, "get_product", JSON.stringify({ productId: b.candle.productId }));
    expect(foreign.result).toMatchObject({ found: false });
    const own = await executeTool(ctxOf(a.accountId), enabled, "get_product", JSON.stringify({ sku: "PLD-1" }));
    expect(own.result).toMatchObject({ found: true, product: { productId: a.plaid.productId, availability: "Под заказ" } });
    // promotions: the active ones, and those of a product (its category)
    const P = (s: (typeof all)[number]) => `/accounts/${s.accountId}/promotions`;
    await api("POST", P(a), { token: a.token, body: { name: "Всё по −10%", kind: "percent", percent: 10 } });
    await api("POST", P(a), { token: a.token, body: { name: "Свечи в подарок", kind: "gift", giftText: "Вторая свеча в подарок", appliesTo: "categories", categoryIds: [a.categoryId] } });
    await api("POST", P(a), { token: a.token, body: { name: "Будущая", kind: "percent", percent: 50, validFrom: "2099-01-01" } });
    await api("POST", P(b), { token: b.token, body: { name: "Чужая акция", kind: "percent", percent: 30 } });
    const promos = (await executeTool(ctxOf(a.accountId), enabled, "list_promotions", "{}")).result as any;
    expect(promos.promotions.map((p: any) => p.name).sort()).toEqual(["Всё по −10%", "Свечи в подарок"]);
    const forPlaid = (await executeTool(ctxOf(a.accountId), enabled, "list_promotions", JSON.stringify({ productId: a.plaid.productId }))).result as any;
    expect(forPlaid.promotions.map((p: any) => p.name)).toEqual(["Всё по −10%"]);
    const forForeign = (await executeTool(ctxOf(a.accountId), enabled, "list_promotions", JSON.stringify({ productId: b.plaid.productId }))).result as any;
    expect(forForeign.error).toBeTruthy();
  });

  it("the demo model asks search_products about a product in the test chat and answers with the stored price; the call is in the trace", async () => {
    const s = await shop();
    const r = await api("POST", `/platform-webwidget/accounts/${s.accountId}/new-message?isTestChat=true`, {
      token: s.token,
      body: { assistantId: s.assistantId, contactPlatformUserId: "buyer", message: "Сколько стоит плед шерстяной?", name: "Покупатель" },
    });
    expect(r.status).toBe(200);
    const price = formatMoney(499000, "RUB", { fraction: false });
    expect(r.body.content).toContain(price);
    expect(r.body.content).toContain("Плед шерстяной");
    const msgs = await threadMessages(s.accountId);
    const call = msgs.find((m) => m.type === "tool_call")!;
    expect(call.content).toBe("search_products");
    expect(JSON.parse((call.metadata as any).tool_calls[0].function.arguments).query).toMatch(/^пле/);
    const result = msgs.find((m) => m.type === "tool_result")!;
    expect(JSON.parse(result.content).products[0]).toMatchObject({ name: "Плед шерстяной", price: { minor: 499000 } });
  });

  it("a product answer reaches Telegram as a photo with the price in its caption and an inline keyboard with the link", async () => {
    const s = await shop();
    await api("PATCH", `/accounts/${s.accountId}/assistants/${s.assistantId}`, { token: s.token, body: { knowsCatalogue: true } });
    const { bot, secret } = await connectTelegram(s.token, s.accountId, undefined, { assistantId: s.assistantId });
    const chatId = 700000 + Math.floor(Math.random() * 100000);
    const res = await tgWebhook(s.accountId, secret, tgTextUpdate(chatId, chatId, "Сколько стоит свеча ароматическая?"));
    expect(res.status).toBe(200);
    const photos = await waitFor(async () => {
      const r = await fakeRequests(tgBase(), (q) => q.path === `/bot${bot}/sendPhoto`);
      return r.length ? r : null;
    }, 15_000, "sendPhoto");
    expect(photos).toHaveLength(1);
    const raw = photos[0]!.rawBody;
    expect(raw).toContain(`name="chat_id"\r\n\r\n${chatId}`);
    expect(raw).toContain('name="photo"; filename="candle.png"');
    expect(raw).toContain(formatMoney(129050, "RUB", { fraction: false }));
    expect(raw).toContain('"inline_keyboard":[[{"text":"Подробнее","url":"https://uyut.example/candle"}]]');
    expect(await fakeRequests(tgBase(), (q) => q.path === `/bot${bot}/sendMessage` && String(q.body?.chat_id) === String(chatId))).toHaveLength(0);
    const reply = (await threadMessages(s.accountId)).find((m) => m.senderType === "assistant" && m.type === "image")!;
    expect(reply).toMatchObject({ payloadUrl: s.candle.images[0].key, direction: "outgoing" });
    expect((reply.metadata as any).productCard).toEqual({ productId: s.candle.productId });
  });

  it("on other channels a card is the photo, then the text with the price and the link; a long answer on Telegram splits", () => {
    const p = { productId: "p1", name: "Ваза", price: 219000, oldPrice: null, currency: "RUB", availability: "in_stock", imageKey: "accounts/a/products/x/vase.webp", link: "https://uyut.example/vase" };
    const wa = productCardParts(p, "Есть такая ваза.", "WHATSAPP");
    expect(wa.map((m) => m.type)).toEqual(["image", "text"]);
    expect(wa[0]).toMatchObject({ content: "", payloadUrl: p.imageKey, mimeType: "image/webp", keySuffix: ":card" });
    expect(wa[1]!.content).toBe(`Есть такая ваза.\n\nВаза — ${formatMoney(219000, "RUB", { fraction: false })}\nhttps://uyut.example/vase`);
    expect(wa[1]!.keySuffix).toBe("");
    const long = productCardParts(p, "Очень подробно. ".repeat(80), "TELEGRAM");
    expect(long.map((m) => m.type)).toEqual(["image", "text"]);
    expect(long[0]!.metadata.buttons).toEqual([{ label: "Подробнее", url: p.link }]);
    const short = productCardParts(p, `Ваза стоит ${formatMoney(219000, "RUB", { fraction: false })}.`, "TELEGRAM");
    expect(short).toHaveLength(1);
    expect(short[0]!.content).toBe(`Ваза стоит ${formatMoney(219000, "RUB", { fraction: false })}.`);
  });
});
