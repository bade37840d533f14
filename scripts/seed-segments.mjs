// Seed of segments: saved audience filters of the demo account over the fields and tags of
// seed-custom-fields.mjs, so the contacts page's «Сегменты» panel is filled with live counts.
// Fixed ids + INSERT OR IGNORE.

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs

const SEGMENTS = [
  { id: "demo-seg-vip", name: "VIP-клиенты", filter: { tags: { any: ["demo-tag-vip"] } } },
  { id: "demo-seg-moscow", name: "Из Москвы", filter: { fields: [{ key: "city", op: "contains", value: "Москв" }] } },
  { id: "demo-seg-big-budget", name: "Бюджет от 10 000 ₽", filter: { fields: [{ key: "budget", op: "greater", value: 9999 }] } },
  { id: "demo-seg-newsletter", name: "Согласны на рассылку", filter: { fields: [{ key: "newsletter_consent", op: "equals", value: true }], subscription: "subscribed" } },
  { id: "demo-seg-telegram-new", name: "Новые клиенты в Telegram", filter: { channels: ["TELEGRAM"], tags: { any: ["demo-tag-new"] } } },
  { id: "demo-seg-no-tags", name: "Опт без VIP", filter: { tags: { any: ["demo-tag-wholesale"], none: ["demo-tag-vip"] } } },
];

export function segmentsSeed(now, q) {
  return SEGMENTS.map(
    (s) => `INSERT OR IGNORE INTO segments (id, account_id, name, filter, created_at, updated_at) VALUES (${q(s.id)}, ${q(ACCOUNT)}, ${q(s.name)}, ${q(JSON.stringify(s.filter))}, ${now}, ${now});`,
  );
}
