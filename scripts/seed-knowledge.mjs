// Seed of the knowledge base: the demo shop's FAQ entries and one document (its exchange and return
// rules), already split into chunks and indexed with the Worker's own chunker and stemmer (loaded
// through tsx), so /knowledge and the demo assistant's answers work at once. The demo assistant
// uses every source and hands off what the base does not cover. Fixed ids + INSERT OR IGNORE (source
// ids are letters and digits only: they are tokens of the full-text index).
import { tsImport } from "tsx/esm/api";

const { splitText, faqText } = await tsImport("../worker/features/knowledge/text.ts", import.meta.url);
const { stemText } = await tsImport("../worker/features/knowledge/stemmer.ts", import.meta.url);

const ACCOUNT = "00000000demoaccount";
const ASSISTANT = "demo-assistant";
/** Chunk ids of the seed: far above what a fresh database hands out, so they never collide. */
const FIRST_CHUNK = 900_000_001;

const FAQ = [
  ["Сколько стоит доставка по Москве?", "Курьером по Москве — 300 ₽, при заказе от 5000 ₽ бесплатно. Привозим за 1–2 дня, в удобный трёхчасовой интервал с 9:00 до 22:00.", ["доставка", "москва"]],
  ["Доставляете ли вы в другие города?", "Да, по всей России через СДЭК и Почту России: 3–7 дней. Стоимость считается при оформлении заказа по весу и городу.", ["доставка", "регионы"]],
  ["Как можно оплатить заказ?", "Картой на сайте, через СБП по QR-коду или наличными и картой курьеру при получении. Для юрлиц — по счёту.", ["оплата"]],
  ["Есть ли у вас самовывоз?", "Да, из пункта выдачи на Большой Новодмитровской, 36 (Дизайн-завод Флакон), ежедневно с 10:00 до 21:00. Заказ хранится 5 дней.", ["самовывоз"]],
  ["Как стирать льняное постельное бельё?", "Стирайте при 40 °C в деликатном режиме, без отбеливателя; отжим до 800 оборотов. Гладьте слегка влажным — лён от этого становится мягче.", ["уход", "лён", "текстиль"]],
  ["Можно ли мыть посуду «Уют» в посудомоечной машине?", "Керамику и фарфор — да. Посуду с ручной росписью золотом и деревянные доски мойте только вручную.", ["уход", "посуда"]],
  ["Упаковываете ли вы подарки?", "Да, подарочная упаковка в крафт с лентой — 250 ₽, открытка с вашим текстом — бесплатно. Отметьте это в комментарии к заказу.", ["подарки", "упаковка"]],
  ["Есть ли программа лояльности?", "С каждого заказа возвращаем 5% баллами на карту «Уют+», баллами можно оплатить до 30% следующего заказа. В день рождения — скидка 10%.", ["скидки", "бонусы"]],
];

const RETURNS_DOC = `Правила обмена и возврата

Обмен и возврат товара надлежащего качества
Товар надлежащего качества можно вернуть или обменять в течение 14 дней с момента получения, если он не был в употреблении, сохранены товарный вид, ярлыки и упаковка. Постельное бельё и полотенца возвращаются только в невскрытой упаковке.

Как оформить возврат
Напишите нам в мессенджер номер заказа и причину возврата. Курьер заберёт товар бесплатно, если заказ был на сумму от 5000 ₽; в остальных случаях отправьте его СДЭКом за свой счёт или привезите в пункт самовывоза.

Когда вернутся деньги
Деньги возвращаем тем же способом, которым был оплачен заказ, в течение 3 рабочих дней после того, как товар придёт на склад. При оплате наличными — переводом на карту по заявлению.

Товар с браком
Если товар пришёл с браком или повреждённым, сфотографируйте его и упаковку и пришлите нам в течение 7 дней. Заменим товар или вернём деньги полностью, включая стоимость доставки.`;

function sourceSql(q, now, s, chunks) {
  const out = [
    `INSERT OR IGNORE INTO knowledge_sources (id, account_id, kind, title, status, question, answer, tags, file_name, mime_type, size_bytes, char_count, chunk_count, indexed_at, created_by, created_at, updated_at) VALUES (${q(s.id)}, ${q(ACCOUNT)}, ${q(s.kind)}, ${q(s.title)}, 'indexed', ${q(s.question ?? "")}, ${q(s.answer ?? "")}, ${q(JSON.stringify(s.tags ?? []))}, ${q(s.fileName ?? null)}, ${q(s.mimeType ?? null)}, ${Buffer.byteLength(s.text)}, ${s.text.length}, ${chunks.length}, ${now}, 'demo-user', ${now - s.age}, ${now - s.age});`,
  ];
  chunks.forEach((c) => {
    out.push(`INSERT OR IGNORE INTO knowledge_chunks (id, account_id, source_id, position, text) VALUES (${c.id}, ${q(ACCOUNT)}, ${q(s.id)}, ${c.position}, ${q(c.text)});`);
    out.push(
      `INSERT INTO knowledge_fts (rowid, acct, src, kind, stems) SELECT ${c.id}, ${q(ACCOUNT)}, ${q(s.id)}, ${q(s.kind)}, ${q(stemText(c.text))} WHERE NOT EXISTS (SELECT 1 FROM knowledge_fts WHERE rowid = ${c.id});`,
    );
  });
  return out;
}

export function knowledgeSeed(now, q) {
  const s = [];
  let next = FIRST_CHUNK;
  const sources = FAQ.map(([question, answer, tags], i) => ({ id: `demokbfaq${i + 1}`, kind: "faq", title: question, question, answer, tags, text: faqText(question, answer, tags), age: (i + 2) * 3600_000 }));
  sources.push({ id: "demokbdocreturns", kind: "document", title: "Правила обмена и возврата", fileName: "Правила обмена и возврата.md", mimeType: "text/markdown", text: RETURNS_DOC, age: 86_400_000 });
  for (const src of sources) {
    const chunks = (src.kind === "faq" ? [src.text] : splitText(src.text)).map((text, position) => ({ id: next++, position, text }));
    s.push(...sourceSql(q, now, src, chunks));
  }
  s.push(
    `INSERT OR IGNORE INTO assistant_knowledge (assistant_id, account_id, mode, source_ids, handoff_when_uncovered, updated_at) VALUES (${q(ASSISTANT)}, ${q(ACCOUNT)}, 'all', '[]', 1, ${now});`,
  );
  return s;
}
