// Demo data for local runs: idempotent (fixed ids, INSERT OR IGNORE), so a second run changes nothing.
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runParallel, wranglerBin } from "./lib.mjs";
import { assistantsSeed } from "./seed-assistants.mjs";
import { inboxSeed } from "./seed-inbox.mjs";
import { broadcastPackagesSeed } from "./seed-broadcast-packages.mjs";
import { customFieldsSeed } from "./seed-custom-fields.mjs";
import { importsSeed } from "./seed-imports.mjs";
import { segmentsSeed } from "./seed-segments.mjs";
import { broadcastsSeed } from "./seed-broadcasts.mjs";
import { flowsSeed } from "./seed-flows.mjs";
import { productPhotosCommand, productsSeed } from "./seed-products.mjs";
import { billingSeed, billingUsageSeed } from "./seed-billing.mjs";
import { billingHistorySeed } from "./seed-billing-history.mjs";
import { billingDocumentsSeed } from "./seed-billing-documents.mjs";
import { knowledgeSeed } from "./seed-knowledge.mjs";
import { flowRunsSeed } from "./seed-flow-runs.mjs";
import { helpSeed } from "./seed-help.mjs";
import { partnersSeed } from "./seed-partners.mjs";
import { analyticsSeed } from "./seed-analytics.mjs";

export const DEMO = { email: "demo@assistly.local", password: "demo12345", name: "Демо Оператор" };
export const ADMIN = { email: "admin@assistly.local", password: "admin12345", name: "Администратор" };
// The shape of a real account id (worker/lib/ids.ts): the SPA tells account paths from typos by it.
export const DEMO_ACCOUNT_ID = "00000000demoaccount";

function hash(password) {
  const salt = randomBytes(16);
  const h = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2_sha256$100000$${salt.toString("base64url")}$${h.toString("base64url")}`;
}

const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" || typeof v === "boolean" ? String(Number(v)) : `'${String(v).replace(/'/g, "''")}'`);

/** SQL statements of the seed. Later features append theirs to `sections`. */
export function seedSql(now = Date.now()) {
  const s = [];
  // The demo shop has been with us for over half a year (its owner became a partner 181 days ago, its payments go back 72 days): the account and its
  // owner are dated so, not the day the seed first ran. The insert trigger's trial is replaced by the
  // billing seed's paid plan; an older database's account is moved back once (an UPDATE starts no trial).
  const since = Math.floor(now / 86_400_000) * 86_400_000 - 200 * 86_400_000 + 10 * 3_600_000;
  s.push(
    // Databases seeded before the demo account had an id of the real shape keep it under its old id,
    // which the SPA answers with a 404 (and users.last_account_id points there): replace it. Its
    // rows go with it (ON DELETE CASCADE); on any later run this deletes nothing.
    `DELETE FROM accounts WHERE id = 'demo-account';`,
    `INSERT OR IGNORE INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, last_account_id, created_at, updated_at) VALUES ('demo-user', ${q(DEMO.email)}, ${q(DEMO.name)}, ${q(`${DEMO.name} ${DEMO.email}`.toLowerCase())}, ${q(hash(DEMO.password))}, 1, 0, 'ru', ${q(DEMO_ACCOUNT_ID)}, ${since}, ${since});`,
    `INSERT OR IGNORE INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, last_account_id, created_at, updated_at) VALUES ('admin-user', ${q(ADMIN.email)}, ${q(ADMIN.name)}, ${q(`${ADMIN.name} ${ADMIN.email}`.toLowerCase())}, ${q(hash(ADMIN.password))}, 1, 1, 'ru', ${q(DEMO_ACCOUNT_ID)}, ${since}, ${since});`,
    `INSERT OR IGNORE INTO accounts (id, name, name_search, timezone, language, description, website, settings, wizard, downtime, created_by, created_at, updated_at) VALUES (${q(DEMO_ACCOUNT_ID)}, 'Демо-магазин «Уют»', 'демо-магазин «уют»', 'Europe/Moscow', 'ru', 'Интернет-магазин товаров для дома: текстиль, посуда, декор. Доставка по России.', 'https://uyut.example', '{}', '{"completed":["account"],"skipped":[]}', '{"enabled":false,"intervals":[]}', 'demo-user', ${since}, ${since});`,
    `UPDATE accounts SET created_at = ${since} WHERE id = ${q(DEMO_ACCOUNT_ID)} AND created_at > ${since};`,
    `UPDATE users SET created_at = ${since} WHERE id IN ('demo-user', 'admin-user') AND created_at > ${since};`,
    `UPDATE members SET created_at = ${since} WHERE account_id = ${q(DEMO_ACCOUNT_ID)} AND user_id IN ('demo-user', 'admin-user') AND created_at > ${since};`,
    `INSERT OR IGNORE INTO members (account_id, user_id, role, created_at) VALUES (${q(DEMO_ACCOUNT_ID)}, 'demo-user', 'owner', ${since});`,
    `INSERT OR IGNORE INTO members (account_id, user_id, role, created_at) VALUES (${q(DEMO_ACCOUNT_ID)}, 'admin-user', 'admin', ${since});`,
  );
  for (const section of sections) s.push(...section(now, q));
  return s.join("\n");
}

/** Feature seeds: functions (now, quote) → SQL statements, in order (billingUsageSeed counts the messages the others wrote: last). */
export const sections = [assistantsSeed, inboxSeed, broadcastPackagesSeed, customFieldsSeed, segmentsSeed, importsSeed, broadcastsSeed, flowsSeed, productsSeed, billingSeed, billingHistorySeed, knowledgeSeed, flowRunsSeed, helpSeed, partnersSeed, billingDocumentsSeed, analyticsSeed, billingUsageSeed];

export function applySeed({ persistTo } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, seedSql());
  const args = [wranglerBin, "d1", "execute", "DB", "--local", "--file", file];
  if (persistTo) args.push("--persist-to", persistTo);
  // The demo products' photos go into R2 while D1 takes the SQL.
  runParallel([[process.execPath, args], productPhotosCommand({ persistTo })], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" } });
}

if (import.meta.url === `file://${process.argv[1]}`) applySeed();
