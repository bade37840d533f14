// Seed of the broadcast packages: the platform's catalogue (money in kopecks) and one package
// granted to the demo account, so /broadcasts shows a balance. Fixed ids + INSERT OR IGNORE: a
// second run changes nothing (the grant keeps the expiry of its first run).
const DEMO_ACCOUNT_ID = "00000000demoaccount"; // of seed.mjs (imported there: no import back)

const DAY = 86_400_000;

/** `translations`: the name in the other interface languages (as migration 0046 gives a database seeded before it). */
export const PACKAGES = [
  { id: "pkg-start", name: "Старт", translations: { en: { name: "Start" }, fr: { name: "Start" }, ar: { name: "البداية" } }, recipients: 1_000, priceKopecks: 49_000, validityDays: 30 },
  { id: "pkg-business", name: "Бизнес", translations: { en: { name: "Business" }, fr: { name: "Business" }, ar: { name: "الأعمال" } }, recipients: 10_000, priceKopecks: 390_000, validityDays: 90 },
  { id: "pkg-pro", name: "Профи", translations: { en: { name: "Pro" }, fr: { name: "Pro" }, ar: { name: "الاحترافية" } }, recipients: 50_000, priceKopecks: 1_490_000, validityDays: 180 },
];

/** seed.mjs `sections` entry: (now, quote) → SQL statements. */
export function broadcastPackagesSeed(now, q) {
  const s = PACKAGES.map(
    (p, i) =>
      `INSERT OR IGNORE INTO broadcast_packages (id, name, translations, recipients, price_kopecks, validity_days, active, archived_at, created_at, updated_at) VALUES (${q(p.id)}, ${q(p.name)}, ${q(JSON.stringify(p.translations))}, ${p.recipients}, ${p.priceKopecks}, ${p.validityDays}, 1, NULL, ${now + i}, ${now + i});`,
  );
  const business = PACKAGES[1];
  s.push(
    `INSERT OR IGNORE INTO broadcast_quota_grants (id, account_id, package_id, recipients, expires_at, source, source_ref, granted_by, created_at) VALUES ('demo-grant-business', ${q(DEMO_ACCOUNT_ID)}, ${q(business.id)}, ${business.recipients}, ${now + business.validityDays * DAY}, 'admin', NULL, 'admin-user', ${now});`,
  );
  return s;
}
