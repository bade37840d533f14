import { describe, expect, it } from "vitest";
import { keywordHit } from "../../worker/features/flows/runtime/triggers";

const contains = (keyword: string, text: string) => keywordHit("contains", [keyword], text);

describe("keywordHit: contains matches words in any form", () => {
  it("a keyword inside a longer word is no hit; one with a short ending is", () => {
    expect(contains("опт", "Это оптимальнее")).toBe(false);
    expect(contains("опт", "Куплю оптом")).toBe(true);
    expect(contains("опт", "опт")).toBe(true);
    expect(contains("опт", "Цены на опт?")).toBe(true);
    // Not inside a word either: the keyword starts a word.
    expect(contains("опт", "Скоптил денег")).toBe(false);
    expect(contains("цена", "какая расценка")).toBe(false);
  });

  it("a final vowel, «ь» or «й» is an ending of its own", () => {
    expect(contains("запись", "Хочу узнать о записи")).toBe(true);
    expect(contains("запись", "с записью на завтра")).toBe(true);
    expect(contains("запись", "Все записи")).toBe(true);
    expect(contains("бронь", "Проверьте брони, пожалуйста")).toBe(true);
    expect(contains("цена", "Какие цены?")).toBe(true);
    expect(contains("цена", "ценой вопроса")).toBe(true);
    expect(contains("новая коллекция", "Покажите новую коллекцию")).toBe(true);
    // The stem keeps three letters: «чай» is not «ча…» (that would hit «чат»).
    expect(contains("чай", "Два чая")).toBe(false);
    expect(contains("запись", "записывайте")).toBe(false);
    expect(contains("бронь", "бронированный")).toBe(false);
  });

  it("case and ё do not matter, nor do spaces around the keyword", () => {
    expect(contains("ОПТ", "куплю ОПТОМ")).toBe(true);
    expect(contains("  опт ", "Оптом")).toBe(true);
    expect(contains("ёлка", "Елки в наличии?")).toBe(true);
    expect(contains("елка", "Ёлку хочу")).toBe(true);
    expect(contains("приём", "запишите на прием")).toBe(true);
  });

  it("a phrase: its words in order, parted by spaces or punctuation, each in any form", () => {
    expect(contains("записаться на приём", "Хочу записаться на приём к врачу")).toBe(true);
    expect(contains("записаться на приём", "Можно записаться   на   приеме?")).toBe(true);
    expect(contains("онлайн запись", "Есть онлайн-запись?")).toBe(true);
    expect(contains("бесплатная консультация", "Хочу бесплатную консультацию")).toBe(true);
    expect(contains("записаться на приём", "записаться на прием")).toBe(true);
    expect(contains("записаться на приём", "на приём записаться")).toBe(false);
    expect(contains("онлайн запись", "онлайнзапись")).toBe(false);
    expect(contains("опт цены", "оптимальные цены")).toBe(false);
  });

  it("punctuation and emoji around a word part it from the rest", () => {
    expect(contains("опт", "«Опт», пожалуйста!")).toBe(true);
    expect(contains("опт", "(оптом)")).toBe(true);
    expect(contains("опт", "опт🔥")).toBe(true);
    expect(contains("опт", "🔥оптом🔥")).toBe(true);
    expect(contains("опт", "оптимально🔥")).toBe(false);
    expect(contains("опт", "Опт.")).toBe(true);
    expect(contains("опт", "опт-2024")).toBe(true);
  });

  it("an emoji keyword is looked for as it is", () => {
    expect(contains("🔥", "хочу 🔥 скидку")).toBe(true);
    expect(contains("🔥", "хочу скидку")).toBe(false);
  });

  it("Latin words and digits are words too", () => {
    expect(contains("price", "What are your prices?")).toBe(true);
    expect(contains("price", "priceless")).toBe(false);
    expect(contains("sale", "big sales")).toBe(true);
    expect(contains("24", "работаете 24/7?")).toBe(true);
    expect(contains("24", "до 2024 года")).toBe(false);
    expect(contains("24", "245")).toBe(false);
    expect(contains("опт", "опт2")).toBe(false);
  });

  it("short words are whole words", () => {
    expect(contains("да", "Да, конечно")).toBe(true);
    expect(contains("да", "дача")).toBe(false);
    expect(contains("ok", "okay")).toBe(false);
  });

  it("any of the keywords; empty ones and an empty message hit nothing", () => {
    expect(keywordHit("contains", ["скидка", "опт"], "Продаёте оптом?")).toBe(true);
    expect(keywordHit("contains", ["", "  "], "что угодно")).toBe(false);
    expect(keywordHit("contains", ["опт"], "   ")).toBe(false);
    expect(keywordHit("contains", [], "опт")).toBe(false);
  });
});

describe("keywordHit: exact is the whole message", () => {
  it("after trimming, case and ё folding", () => {
    expect(keywordHit("exact", ["Старт"], "  старт ")).toBe(true);
    expect(keywordHit("exact", ["ёлка"], "ЕЛКА")).toBe(true);
    expect(keywordHit("exact", ["записаться на приём"], "Записаться  на прием")).toBe(true);
    expect(keywordHit("exact", ["старт"], "старт пожалуйста")).toBe(false);
    expect(keywordHit("exact", ["опт"], "оптом")).toBe(false);
  });
});
