// Seed of the catalogue (issue #17): the demo shop «Уют» sells home goods — categories two levels
// deep, ~30 products with prices, old prices, stock and attributes, and four promotions in different
// statuses (active, scheduled, expired, exhausted) plus one switched off. The demo assistant knows
// the catalogue. Fixed ids + INSERT OR IGNORE (the FTS triggers index what is inserted).

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wranglerBin } from "./lib.mjs";
import { productPhoto } from "./product-images.mjs";

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const ASSISTANT = "demo-assistant"; // DEMO_ASSISTANT_ID of seed-assistants.mjs

const CATEGORIES = [
  ["textile", null, "Текстиль", 0],
  ["textile-bed", "textile", "Постельное бельё", 0],
  ["textile-plaids", "textile", "Пледы и покрывала", 1],
  ["textile-towels", "textile", "Полотенца", 2],
  ["dishes", null, "Посуда", 1],
  ["dishes-cups", "dishes", "Кружки и чашки", 0],
  ["dishes-plates", "dishes", "Тарелки", 1],
  ["dishes-kitchen", "dishes", "Для кухни", 2],
  ["decor", null, "Декор", 2],
  ["decor-candles", "decor", "Свечи и ароматы", 0],
  ["decor-vases", "decor", "Вазы", 1],
  ["decor-frames", "decor", "Рамки и зеркала", 2],
];

const A = (pairs) => pairs.map(([key, value]) => ({ key, value }));
// [sku, name, category, price ₽, old price ₽ | null, availability, stock | null, description, attributes, active]
const PRODUCTS = [
  ["BED-SAT-EU", "Комплект постельного белья из сатина, евро", "textile-bed", 4900, 5900, "in_stock", 14, "Плотный гладкий сатин, 100% хлопок. Пододеяльник 200×220, простыня 240×260, 4 наволочки.", A([["Размер", "евро"], ["Материал", "сатин"], ["Цвет", "графит"]])],
  ["BED-BYAZ-15", "Комплект постельного белья из бязи, 1,5-спальный", "textile-bed", 2900, null, "in_stock", 22, "Практичная бязь плотностью 142 г/м², не линяет после стирок.", A([["Размер", "1,5-спальный"], ["Материал", "бязь"], ["Цвет", "белый с принтом «Листья»"]])],
  ["BED-LEN-2", "Комплект постельного белья из льна, 2-спальный", "textile-bed", 8900, 9900, "on_order", null, "Стираный лён, мягкий с первой ночи. Изготавливаем под заказ за 5–7 дней.", A([["Размер", "2-спальный"], ["Материал", "лён"], ["Цвет", "песочный"]])],
  ["BED-SAT-KIDS", "Детский комплект из сатина «Звёздочки»", "textile-bed", 2600, null, "in_stock", 9, "Для кроватки 60×120: пододеяльник, простыня на резинке, наволочка.", A([["Размер", "детский"], ["Материал", "сатин"]])],
  ["PLD-KNIT-130", "Плед вязаный 130×170", "textile-plaids", 3200, 3900, "in_stock", 18, "Крупная вязка косами, акрил с шерстью. Подходит для дивана и кресла.", A([["Размер", "130×170"], ["Материал", "акрил, шерсть 20%"], ["Цвет", "молочный"]])],
  ["PLD-WOOL-150", "Плед из шерсти мериноса 150×200", "textile-plaids", 7400, null, "in_stock", 5, "Тёплый и лёгкий плед из австралийского мериноса, не колется.", A([["Размер", "150×200"], ["Материал", "шерсть мериноса"], ["Цвет", "серый меланж"]])],
  ["PLD-VELV-220", "Покрывало стёганое велюровое 220×240", "textile-plaids", 5600, 6900, "out_of_stock", 0, "Стёганый велюр с антискользящей подкладкой. Ждём поставку.", A([["Размер", "220×240"], ["Материал", "велюр"], ["Цвет", "изумрудный"]])],
  ["TWL-SET-3", "Набор махровых полотенец, 3 шт.", "textile-towels", 2100, null, "in_stock", 30, "Полотенца 30×50, 50×90 и 70×140 из хлопка плотностью 500 г/м².", A([["Материал", "хлопок"], ["Цвет", "пыльная роза"]])],
  ["TWL-WAFFLE", "Полотенце вафельное кухонное", "textile-towels", 390, null, "in_stock", 120, "Вафельное полотно, 45×70, хорошо впитывает.", A([["Размер", "45×70"], ["Материал", "хлопок"]])],
  ["TWL-BATH-XL", "Полотенце банное 90×160", "textile-towels", 1890, 2290, "in_stock", 16, "Большое мягкое полотенце для душа и пляжа.", A([["Размер", "90×160"], ["Цвет", "белый"]])],
  ["MUG-CER-350", "Кружка керамическая «Сканди», 350 мл", "dishes-cups", 690, null, "in_stock", 48, "Ручная глазурь, можно в посудомоечную машину и микроволновку.", A([["Объём", "350 мл"], ["Материал", "керамика"], ["Цвет", "белый матовый"]])],
  ["MUG-GLASS-2", "Набор стаканов с двойными стенками, 2 шт.", "dishes-cups", 1490, 1790, "in_stock", 20, "Боросиликатное стекло, напиток долго остаётся горячим, а стакан — прохладным.", A([["Объём", "250 мл"], ["Материал", "стекло"]])],
  ["CUP-TEA-SET", "Чайная пара фарфоровая «Утро»", "dishes-cups", 1250, null, "on_order", null, "Тонкий костяной фарфор, чашка 220 мл и блюдце.", A([["Объём", "220 мл"], ["Материал", "фарфор"]])],
  ["PLT-SCANDI-6", "Набор из 6 тарелок «Сканди»", "dishes-plates", 2400, 2900, "in_stock", 11, "Обеденные тарелки 26 см из керамики с матовой глазурью.", A([["Диаметр", "26 см"], ["Материал", "керамика"], ["Количество", "6 шт."]])],
  ["PLT-DEEP-4", "Глубокие тарелки для супа, 4 шт.", "dishes-plates", 1960, null, "in_stock", 14, "Тарелки 20 см, объём 600 мл.", A([["Диаметр", "20 см"], ["Количество", "4 шт."]])],
  ["PLT-SERV-30", "Блюдо сервировочное 30 см", "dishes-plates", 1390, null, "out_of_stock", 0, "Широкое блюдо для подачи закусок и пирогов.", A([["Диаметр", "30 см"]])],
  ["KIT-BOARD-OAK", "Доска разделочная из дуба", "dishes-kitchen", 1790, null, "in_stock", 25, "Цельный массив дуба, пропитка маслом. 35×25 см.", A([["Материал", "дуб"], ["Размер", "35×25 см"]])],
  ["KIT-JARS-3", "Набор банок для хранения, 3 шт.", "dishes-kitchen", 1550, 1890, "in_stock", 17, "Стеклянные банки с бамбуковыми крышками, 0,5 / 0,8 / 1,2 л.", A([["Материал", "стекло, бамбук"]])],
  ["KIT-TEAPOT", "Заварочный чайник стеклянный 800 мл", "dishes-kitchen", 1190, null, "in_stock", 13, "Со съёмным ситечком из нержавеющей стали.", A([["Объём", "800 мл"]])],
  ["CND-VANILLA", "Свеча ароматическая «Ваниль и сандал»", "decor-candles", 990, 1290, "in_stock", 40, "Соевый воск, деревянный фитиль, горит около 40 часов.", A([["Аромат", "ваниль, сандал"], ["Время горения", "40 ч"]])],
  ["CND-PINE", "Свеча ароматическая «Хвойный лес»", "decor-candles", 990, null, "in_stock", 35, "Соевый воск, хвоя и можжевельник.", A([["Аромат", "хвоя, можжевельник"], ["Время горения", "40 ч"]])],
  ["CND-SET-3", "Набор чайных свечей, 12 шт.", "decor-candles", 450, null, "in_stock", 60, "Без запаха, горят по 4 часа.", A([["Количество", "12 шт."]])],
  ["DIF-LAV-100", "Диффузор ароматический «Лаванда», 100 мл", "decor-candles", 1490, null, "on_order", null, "С ротанговыми палочками, хватает на 2 месяца.", A([["Аромат", "лаванда"], ["Объём", "100 мл"]])],
  ["VAS-CER-25", "Ваза керамическая 25 см", "decor-vases", 2190, null, "in_stock", 8, "Матовая керамика ручной работы, для сухоцветов и живых цветов.", A([["Высота", "25 см"], ["Цвет", "терракота"]])],
  ["VAS-GLASS-40", "Ваза напольная стеклянная 40 см", "decor-vases", 3490, 3990, "in_stock", 4, "Толстое дымчатое стекло.", A([["Высота", "40 см"], ["Цвет", "дымчатый"]])],
  ["VAS-MINI-3", "Набор мини-ваз, 3 шт.", "decor-vases", 1290, null, "out_of_stock", 0, "Для одного цветка или веточки.", A([["Количество", "3 шт."]])],
  ["FRM-WOOD-A4", "Рамка деревянная A4", "decor-frames", 790, null, "in_stock", 33, "Сосна, стекло, крепление для стены и подставка.", A([["Формат", "A4"], ["Материал", "сосна"]])],
  ["MIR-ROUND-60", "Зеркало круглое в металлической раме, 60 см", "decor-frames", 5900, 6900, "in_stock", 3, "Тонкая латунная рама, подвес в комплекте.", A([["Диаметр", "60 см"], ["Цвет рамы", "латунь"]])],
  ["FRM-SET-5", "Набор фоторамок для коллажа, 5 шт.", "decor-frames", 1690, null, "in_stock", 12, "Рамки 10×15 и 15×20, чёрный металл.", A([["Количество", "5 шт."], ["Цвет", "чёрный"]])],
  ["PLD-OLD-2023", "Плед флисовый «Клетка» (коллекция 2023)", "textile-plaids", 1200, null, "out_of_stock", 0, "Снят с продажи.", A([["Материал", "флис"]]), false],
];

/** The demo photo of each subcategory: the picture's kind and the section's colour (scripts/product-images.mjs). */
const PHOTO = {
  "textile-bed": ["bed", [92, 107, 140]],
  "textile-plaids": ["plaid", [176, 112, 84]],
  "textile-towels": ["towels", [196, 140, 150]],
  "dishes-cups": ["cup", [70, 130, 140]],
  "dishes-plates": ["plate", [120, 140, 110]],
  "dishes-kitchen": ["board", [150, 110, 70]],
  "decor-candles": ["candle", [160, 120, 170]],
  "decor-vases": ["vase", [190, 110, 80]],
  "decor-frames": ["frame", [90, 90, 96]],
};

/** The R2 key of a demo product's cover (under the account's product prefix, worker/features/products/images.ts). */
const photoKey = (sku) => `accounts/${ACCOUNT}/products/demo-${sku.toLowerCase()}/cover.png`;

/**
 * The demo products' photos, drawn into a temporary folder, and the command that writes them into
 * the local R2 bucket (one `wrangler r2 bulk put`; applySeed runs it beside the D1 seed): each
 * product's picture in its subcategory's colour, a little lighter or darker from one product to the
 * next. Overwriting on a second run changes nothing visible.
 */
export function productPhotosCommand({ persistTo } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "seed-photos-"));
  const list = PRODUCTS.map(([sku, , cat], i) => {
    const [kind, color] = PHOTO[cat];
    const shade = ((i % 3) - 1) * 18;
    const file = join(dir, `${sku}.png`);
    writeFileSync(file, productPhoto(kind, color.map((v) => Math.max(0, Math.min(255, v + shade)))));
    return { key: photoKey(sku), file };
  });
  writeFileSync(join(dir, "list.json"), JSON.stringify(list));
  const args = [wranglerBin, "r2", "bulk", "put", "assistly-media", "--local", "--filename", join(dir, "list.json"), "--ct", "image/png", "--concurrency", "8"];
  if (persistTo) args.push("--persist-to", persistTo);
  return [process.execPath, args];
}

const fold = (s) => s.toLowerCase().replace(/ё/g, "е");
const DAY = 24 * 3600_000;

export function productsSeed(now, q) {
  const s = [
    // The demo assistant answers from the catalogue: switched on once, on the run that creates the catalogue.
    `UPDATE assistants SET knows_catalogue = 1 WHERE id = ${q(ASSISTANT)} AND account_id = ${q(ACCOUNT)} AND NOT EXISTS (SELECT 1 FROM products WHERE account_id = ${q(ACCOUNT)});`,
  ];
  for (const [id, parent, name, position] of CATEGORIES) {
    s.push(
      `INSERT OR IGNORE INTO product_categories (id, account_id, parent_id, name, name_key, position, created_at, updated_at) VALUES (${q(`demo-cat-${id}`)}, ${q(ACCOUNT)}, ${q(parent ? `demo-cat-${parent}` : null)}, ${q(name)}, ${q(fold(name))}, ${position}, ${now}, ${now});`,
    );
  }
  PRODUCTS.forEach(([sku, name, cat, price, old, availability, stock, description, attributes, active = true], i) => {
    const searchName = fold(`${name} ${sku}`);
    const searchBody = fold([description, ...attributes.map((a) => `${a.key} ${a.value}`)].join(" "));
    const at = now - (PRODUCTS.length - i) * 3600_000;
    s.push(
      `INSERT OR IGNORE INTO products (id, account_id, sku, name, description, category_id, price, old_price, currency, availability, stock_count, images, link, active, attributes, search_name, search_body, created_at, updated_at) VALUES (${q(`demo-prod-${sku.toLowerCase()}`)}, ${q(ACCOUNT)}, ${q(sku)}, ${q(name)}, ${q(description)}, ${q(`demo-cat-${cat}`)}, ${price * 100}, ${old === null ? "NULL" : old * 100}, 'RUB', ${q(availability)}, ${stock === null ? "NULL" : stock}, '[]', ${q(`https://uyut.example/catalog/${sku.toLowerCase()}`)}, ${active ? 1 : 0}, ${q(JSON.stringify(attributes))}, ${q(searchName)}, ${q(searchBody)}, ${at}, ${at});`,
    );
    // The cover photo (seedProductPhotos puts the file in R2); a product whose images were changed keeps them.
    s.push(`UPDATE products SET images = ${q(JSON.stringify([photoKey(sku)]))} WHERE id = ${q(`demo-prod-${sku.toLowerCase()}`)} AND account_id = ${q(ACCOUNT)} AND images = '[]';`);
  });
  const promo = (id, f) =>
    `INSERT OR IGNORE INTO promotions (id, account_id, name, description, code, kind, percent, amount, currency, gift_text, applies_to, category_ids, product_ids, min_order, valid_from, valid_to, usage_limit, used_count, active, search_text, created_at, updated_at) VALUES (${q(`demo-promo-${id}`)}, ${q(ACCOUNT)}, ${q(f.name)}, ${q(f.description)}, ${q(f.code ?? null)}, ${q(f.kind)}, ${f.percent ?? "NULL"}, ${f.amount ?? "NULL"}, 'RUB', ${q(f.giftText ?? null)}, ${q(f.appliesTo ?? "all")}, ${q(JSON.stringify(f.categoryIds ?? []))}, '[]', ${f.minOrder ?? "NULL"}, ${f.validFrom ?? "NULL"}, ${f.validTo ?? "NULL"}, ${f.usageLimit ?? "NULL"}, ${f.usedCount ?? 0}, ${f.active === false ? 0 : 1}, ${q(fold(`${f.name} ${f.code ?? ""}`.trim()))}, ${now}, ${now});`;
  s.push(
    promo("textile-10", { name: "Скидка 10% на текстиль", description: "Пледы, постельное бельё и полотенца дешевле на 10% до конца месяца.", kind: "percent", percent: 10, appliesTo: "categories", categoryIds: ["demo-cat-textile"], validFrom: now - 5 * DAY, validTo: now + 20 * DAY }),
    promo("candle-gift", { name: "Свеча в подарок", description: "При заказе от 5 000 ₽ — ароматическая свеча в подарок.", kind: "gift", giftText: "Свеча «Хвойный лес» в подарок к заказу от 5 000 ₽", minOrder: 500000, validFrom: now + 10 * DAY, validTo: now + 40 * DAY }),
    promo("black-friday", { name: "Чёрная пятница", description: "−20% на весь каталог.", code: "BLACK20", kind: "percent", percent: 20, validFrom: now - 40 * DAY, validTo: now - 33 * DAY }),
    promo("first-order", { name: "500 ₽ на первый заказ", description: "Промокод для первых ста покупателей.", code: "HELLO500", kind: "fixed", amount: 50000, minOrder: 300000, usageLimit: 100, usedCount: 100 }),
    promo("dishes-15", { name: "Посуда −15%", description: "Сезонная скидка на посуду (приостановлена).", kind: "percent", percent: 15, appliesTo: "categories", categoryIds: ["demo-cat-dishes"], active: false }),
  );
  return s;
}
