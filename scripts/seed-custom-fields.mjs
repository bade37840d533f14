// Seed of custom fields and tags: the demo account's fields (city, birthday, source, budget,
// newsletter consent) and tags, with values and tags on the demo contacts of seed-inbox.mjs, so
// /custom-fields and the contact cards show them filled. Fixed ids + INSERT OR IGNORE.

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const MOSCOW_OFFSET_MS = 3 * 3600_000; // the demo account's zone (Europe/Moscow, no summer time)

const FIELDS = [
  { id: "demo-cf-city", key: "city", label: "Город", type: "text", description: "Куда доставлять заказы" },
  { id: "demo-cf-birthday", key: "birthday", label: "Дата рождения", type: "date", description: "Для поздравлений и персональной скидки" },
  { id: "demo-cf-source", key: "source", label: "Источник", type: "select", options: ["Сайт", "Instagram", "Рекомендация", "Реклама"], description: "Откуда клиент узнал о магазине" },
  { id: "demo-cf-budget", key: "budget", label: "Бюджет", type: "number", description: "Ориентировочная сумма заказа, ₽" },
  { id: "demo-cf-consent", key: "newsletter_consent", label: "Согласие на рассылку", type: "boolean", description: "" },
];

const TAGS = [
  { id: "demo-tag-vip", name: "VIP", color: "#FF9F43" },
  { id: "demo-tag-new", name: "Новый клиент", color: "#28C76F" },
  { id: "demo-tag-regular", name: "Постоянный", color: "#7367F0" },
  { id: "demo-tag-wholesale", name: "Опт", color: "#00BAD1" },
];

/** Values by contact: { key: value }; dates are "YYYY-MM-DD". */
const VALUES = {
  "demo-c-anna": { city: "Москва", birthday: "1988-07-14", source: "Instagram", budget: 15000, newsletter_consent: true },
  "demo-c-igor": { city: "Санкт-Петербург", source: "Сайт", budget: 120000, newsletter_consent: false },
  "demo-c-maria": { city: "Казань", birthday: "1995-03-02", source: "Рекомендация", newsletter_consent: true },
  "demo-c-olga": { city: "Екатеринбург", budget: 8000 },
  "demo-c-dmitry": { source: "Реклама", budget: 450000, newsletter_consent: true },
};

const CONTACT_TAGS = {
  "demo-c-anna": ["demo-tag-vip", "demo-tag-regular"],
  "demo-c-igor": ["demo-tag-wholesale"],
  "demo-c-maria": ["demo-tag-new"],
  "demo-c-dmitry": ["demo-tag-wholesale", "demo-tag-vip"],
  "demo-c-ekaterina": ["demo-tag-new"],
};

function stored(field, value) {
  if (field.type === "number") return { text: String(value), num: value };
  if (field.type === "boolean") return { text: String(value), num: value ? 1 : 0 };
  if (field.type === "date") {
    const [y, m, d] = value.split("-").map(Number);
    return { text: value, num: Date.UTC(y, m - 1, d) - MOSCOW_OFFSET_MS };
  }
  return { text: value, num: null };
}

export function customFieldsSeed(now, q) {
  const s = [];
  FIELDS.forEach((f, position) => {
    s.push(
      `INSERT OR IGNORE INTO custom_fields (id, account_id, key, label, type, options, description, position, created_at, updated_at) VALUES (${q(f.id)}, ${q(ACCOUNT)}, ${q(f.key)}, ${q(f.label)}, ${q(f.type)}, ${q(JSON.stringify(f.options ?? []))}, ${q(f.description)}, ${position}, ${now}, ${now});`,
    );
  });
  for (const t of TAGS) {
    s.push(`INSERT OR IGNORE INTO tags (id, account_id, name, name_key, color, created_at, updated_at) VALUES (${q(t.id)}, ${q(ACCOUNT)}, ${q(t.name)}, ${q(t.name.toLowerCase())}, ${q(t.color)}, ${now}, ${now});`);
  }
  for (const [contactId, values] of Object.entries(VALUES)) {
    for (const [key, value] of Object.entries(values)) {
      const field = FIELDS.find((f) => f.key === key);
      const v = stored(field, value);
      // Only where the contact exists (the inbox seed made it): a missing contact is no error.
      s.push(
        `INSERT OR IGNORE INTO contact_field_values (account_id, contact_id, field_id, value_text, value_num, updated_at) SELECT ${q(ACCOUNT)}, id, ${q(field.id)}, ${q(v.text)}, ${v.num === null ? "NULL" : v.num}, ${now} FROM contacts WHERE id = ${q(contactId)} AND account_id = ${q(ACCOUNT)};`,
      );
    }
  }
  for (const [contactId, tagIds] of Object.entries(CONTACT_TAGS)) {
    for (const tagId of tagIds) {
      s.push(`INSERT OR IGNORE INTO contact_tags (account_id, tag_id, contact_id, created_at) SELECT ${q(ACCOUNT)}, ${q(tagId)}, id, ${now} FROM contacts WHERE id = ${q(contactId)} AND account_id = ${q(ACCOUNT)};`);
    }
  }
  return s;
}
