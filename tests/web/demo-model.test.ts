import { describe, expect, it } from "vitest";
// The demo model `npm start` runs without an API key (and the tests' fake OpenAI answers with it).
// @ts-expect-error — plain ESM script shared with `npm start`; its shapes are checked here.
import { demoReply } from "../../scripts/demo-model.mjs";

type Reply = { content?: string; toolCalls?: { id: string; name: string; arguments: string }[] };
const tools = ["search_knowledge", "search_products", "list_promotions", "handoff_to_operator"].map((name) => ({ type: "function", function: { name } }));
const system = { role: "system", content: "Ты — вежливый консультант интернет-магазина «Уют».\nТебя зовут «Консультант «Уюта»». Компания: «Демо-магазин «Уют»»." };
const allTools = [...tools, { type: "function", function: { name: "save_contact_fact" } }];

const DELIVERY_FAQ = {
  query: "Здравствуйте! Есть ли доставка в Казань?",
  covered: true,
  results: [
    { source: "Правила обмена и возврата", kind: "document", text: "Правила обмена и возврата\nТовар надлежащего качества можно вернуть в течение 14 дней.", coverage: 0.5 },
    {
      source: "Сколько стоит доставка по Москве?",
      kind: "faq",
      text: "Вопрос: Сколько стоит доставка по Москве?\nОтвет: Курьером по Москве — 300 ₽, при заказе от 5000 ₽ бесплатно.\nТеги: доставка, москва",
      coverage: 0.5,
    },
    {
      source: "Доставляете ли вы в другие города?",
      kind: "faq",
      text: "Вопрос: Доставляете ли вы в другие города?\nОтвет: Да, по всей России через СДЭК и Почту России: 3–7 дней.\nТеги: доставка, регионы",
      coverage: 0.5,
    },
    {
      source: "Правила обмена и возврата",
      kind: "document",
      text: "Товар с браком\nЕсли товар пришёл с браком, пришлите фото в течение 7 дней. Заменим товар или вернём деньги полностью, включая стоимость доставки.",
      coverage: 0.5,
    },
  ],
};

/** The conversation after the runner's knowledge search for `question` returned `knowledge`. */
function afterKnowledge(question: string, knowledge: unknown) {
  return [
    system,
    { role: "user", content: question },
    { role: "assistant", content: null, tool_calls: [{ id: "call_k", type: "function", function: { name: "search_knowledge", arguments: JSON.stringify({ query: question }) } }] },
    { role: "tool", tool_call_id: "call_k", content: JSON.stringify(knowledge) },
  ];
}

function withProductSearch(messages: unknown[], call: { id: string; name: string; arguments: string }, result: unknown) {
  return [
    ...messages,
    { role: "assistant", content: null, tool_calls: [{ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }] },
    { role: "tool", tool_call_id: call.id, content: JSON.stringify(result) },
  ];
}

describe("demo model", () => {
  it("answers a question about delivery from the knowledge base when the catalogue has no such product", () => {
    const question = "Здравствуйте! Есть ли доставка в Казань?";
    const first = afterKnowledge(question, DELIVERY_FAQ);
    // "Есть ли" may be about a product: the catalogue is asked too, without the greeting in the query.
    const next = demoReply({ messages: first, tools }) as Reply;
    expect(next.toolCalls?.map((c) => c.name)).toEqual(["search_products"]);
    const query = JSON.parse(next.toolCalls![0]!.arguments).query as string;
    expect(query).not.toMatch(/здрав/);
    expect(query).toMatch(/казан/);
    // The catalogue found nothing: the knowledge base's answer, not "no such product".
    const answer = demoReply({ messages: withProductSearch(first, next.toolCalls![0]!, { total: 0, products: [] }), tools }) as Reply;
    expect(answer.content).toContain("по всей России через СДЭК");
    expect(answer.content).not.toContain("такого товара нет");
  });

  it("picks the FAQ entry whose question the customer's words cover", () => {
    const question = "Сколько стоит доставка по Москве?";
    const first = afterKnowledge(question, { ...DELIVERY_FAQ, query: question });
    const next = demoReply({ messages: first, tools }) as Reply;
    const answer = demoReply({ messages: withProductSearch(first, next.toolCalls![0]!, { total: 0, products: [] }), tools }) as Reply;
    expect(answer.content).toBe("Курьером по Москве — 300 ₽, при заказе от 5000 ₽ бесплатно.");
  });

  it("still says a product is missing when the knowledge base did not cover the question", () => {
    const question = "Сколько стоит плед из шерсти альпаки?";
    const first = afterKnowledge(question, { query: question, covered: false, results: [] });
    const next = demoReply({ messages: first, tools }) as Reply;
    expect(next.toolCalls?.map((c) => c.name)).toEqual(["search_products"]);
    const answer = demoReply({ messages: withProductSearch(first, next.toolCalls![0]!, { total: 0, products: [] }), tools }) as Reply;
    expect(answer.content).toContain("такого товара нет в нашем каталоге");
  });

  it("names the products the catalogue found", () => {
    const question = "Сколько стоит плед клетка?";
    const first = afterKnowledge(question, DELIVERY_FAQ);
    const next = demoReply({ messages: first, tools }) as Reply;
    const product = { name: "Плед флисовый «Клетка»", price: { text: "1 200 ₽" }, availability: "В наличии" };
    const answer = demoReply({ messages: withProductSearch(first, next.toolCalls![0]!, { total: 1, products: [product] }), tools }) as Reply;
    expect(answer.content).toContain("«Плед флисовый «Клетка»» — 1 200 ₽, в наличии");
  });

  it("greets with the assistant's whole name, quotes inside it included", () => {
    const reply = demoReply({ messages: [system, { role: "user", content: "Привет" }], tools: [] }) as Reply;
    expect(reply.content).toBe("Здравствуйте! Я Консультант «Уюта». Чем могу помочь?");
  });

  it("after the runner's knowledge search still hands off to a person and remembers a name and a phone", () => {
    const handoff = demoReply({ messages: afterKnowledge("Позовите оператора", { covered: false, results: [] }), tools: allTools }) as Reply;
    expect(handoff.toolCalls?.map((c) => c.name)).toEqual(["handoff_to_operator"]);
    const facts = demoReply({ messages: afterKnowledge("Меня зовут Олег, мой телефон +7 916 555-12-34", { covered: false, results: [] }), tools: allTools }) as Reply;
    expect(facts.toolCalls?.map((c) => JSON.parse(c.arguments).fact)).toEqual(["Клиента зовут Олег", "Телефон клиента: +79165551234"]);
  });

  it("searches the catalogue with whole words less their endings, not 3-letter prefixes", () => {
    const query = (q: string) => JSON.parse((demoReply({ messages: [system, { role: "user", content: q }], tools }) as Reply).toolCalls![0]!.arguments).query;
    // "пле" would also find "комплект".
    expect(query("Сколько стоит плед?")).toBe("плед");
    expect(query("Сколько стоят подушки?")).toBe("подушк");
    expect(query("Есть ли у вас вазы?")).toBe("ваз");
  });

  it("hands a question about an order's whereabouts to a person, thanks back, and takes «у вас есть» as a product question", () => {
    const order = demoReply({ messages: afterKnowledge("Где мой заказ 48213?", DELIVERY_FAQ), tools: allTools }) as Reply;
    expect(order.toolCalls?.map((c) => c.name)).toEqual(["handoff_to_operator"]);
    expect(JSON.parse(order.toolCalls![0]!.arguments).reason).toBe("Клиент спрашивает о своём заказе");
    expect((demoReply({ messages: [system, { role: "user", content: "Спасибо!" }], tools: allTools }) as Reply).content).toBe("Пожалуйста! Если появятся вопросы — пишите, я на связи.");
    const product = demoReply({ messages: afterKnowledge("У вас есть скатерти?", { covered: false, results: [] }), tools: allTools }) as Reply;
    expect(product.toolCalls?.map((c) => JSON.parse(c.arguments).query)).toEqual(["скатер"]);
  });

  it("answers a business without a knowledge base from its description in the instructions (the wizard's composed ones)", () => {
    const flowers = {
      role: "system",
      content:
        "Ты — «Консультант «Ромашки»», вежливый ИИ-ассистент компании «Ромашка». О компании: Цветочный магазин у метро Сокол: букеты, композиции, доставка по Москве за 2 часа. Работаем с 9 до 21.\n\nЦели:\n- Быстро и точно отвечать на вопросы о ценах и сроках.\n\nТебя зовут «Консультант «Ромашки»». Компания: «Ромашка».",
    };
    const dt = ["get_current_datetime", "handoff_to_operator"].map((name) => ({ type: "function", function: { name } }));
    const ask = (q: string) => demoReply({ messages: [flowers, { role: "user", content: q }], tools: dt }) as Reply;
    // A greeting with a question gets the answer after the greeting, not the greeting alone.
    expect(ask("Здравствуйте! Вы доставляете в Химки?").content).toBe("Здравствуйте! Цветочный магазин у метро Сокол: букеты, композиции, доставка по Москве за 2 часа.");
    expect(ask("Здравствуйте!").content).toBe("Здравствуйте! Я Консультант «Ромашки». Чем могу помочь?");
    // A price the description does not name: a person says it (букеты and букет are one word).
    expect(ask("Сколько стоит букет из 15 роз?").content).toMatch(/букеты, композиции.*Точную цену подскажет оператор/);
    expect(ask("Где вы находитесь?").content).toContain("у метро Сокол");
    // Opening hours: the time now, then the hours the description gives.
    const call = ask("До скольки вы работаете?").toolCalls![0]!;
    expect(call.name).toBe("get_current_datetime");
    const after = demoReply({
      messages: [
        flowers,
        { role: "user", content: "До скольки вы работаете?" },
        { role: "assistant", content: null, tool_calls: [{ id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } }] },
        { role: "tool", tool_call_id: call.id, content: JSON.stringify({ time: "15:36", weekday: "суббота", date: "28.11.2026" }) },
      ],
      tools: dt,
    }) as Reply;
    expect(after.content).toBe("Сейчас 15:36, суббота, 28.11.2026. Работаем с 9 до 21.");
    // What the description does not cover is not made up.
    expect(ask("Можно оплатить картой?").content).toMatch(/^Спасибо за вопрос! Уточните/);
  });
});
