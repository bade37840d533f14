// Seed of the contact import history: one finished import in the demo account ("Последние импорты"
// in the import dialog), with the three contacts it created, their values and tag, and the rows it
// refused or skipped, as a real import of that file would have left them. Fixed ids + INSERT OR IGNORE.

const ACCOUNT = "00000000demoaccount"; // DEMO_ACCOUNT_ID of seed.mjs
const IMPORT = "demo-import-expo";
const HEADER = ["Имя", "Телефон", "Город", "Теги"];
const MAPPING = { columns: ["name", "phone", "field:city", "tags"], dedupe: "phone", platform: null };

const CREATED = [
  { id: "demo-c-imp-1", name: "Светлана Морозова", phone: "+79161234501", city: "Москва" },
  { id: "demo-c-imp-2", name: "Артём Белов", phone: "+79261234502", city: "Тула" },
  { id: "demo-c-imp-3", name: "Наталья Егорова", phone: "+79031234503", city: "Калуга" },
];

const ISSUES = [
  { row: 4, column: "Телефон", value: "12-34", reason: "слишком короткий номер", kind: "failed" },
  { row: 6, column: "Телефон", value: "+7 916 123-45-01", reason: "повторяет строку 2", kind: "skipped" },
  { row: 7, column: "", value: "", reason: "нет ни телефона, ни ID в канале: контакт не найти и не создать", kind: "failed" },
];

export function importsSeed(now, q) {
  const at = now - 2 * 86_400_000;
  const s = [
    `INSERT OR IGNORE INTO contact_imports (id, account_id, created_by, file_name, file_key, format, header, mapping, status, total_rows, chunk_count, chunks_done, created, updated, skipped, failed, finished_at, created_at, updated_at) VALUES (${q(IMPORT)}, ${q(ACCOUNT)}, NULL, ${q("Клиенты с выставки.csv")}, ${q(`accounts/${ACCOUNT}/imports/${IMPORT}/Клиенты_с_выставки.csv`)}, 'csv', ${q(JSON.stringify(HEADER))}, ${q(JSON.stringify(MAPPING))}, 'completed', 6, 1, 1, 3, 0, 1, 2, ${at + 1200}, ${at}, ${at + 1200});`,
    `INSERT OR IGNORE INTO contact_import_chunks (import_id, chunk, done_at) VALUES (${q(IMPORT)}, 0, ${at + 1200});`,
  ];
  for (const c of CREATED) {
    const puid = `${c.phone.slice(1)}@c.us`;
    const search = [c.name, "", c.phone, puid].join("\n").toLowerCase().replace(/ё/g, "е");
    s.push(
      `INSERT OR IGNORE INTO contacts (id, account_id, platform, platform_user_id, name, phone, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (${q(c.id)}, ${q(ACCOUNT)}, 'WHATSAPP', ${q(puid)}, ${q(c.name)}, ${q(c.phone)}, ${q(search)}, '{}', '[]', ${at}, ${at}, ${at}, ${at});`,
      `INSERT OR IGNORE INTO contact_field_values (account_id, contact_id, field_id, value_text, value_num, updated_at) VALUES (${q(ACCOUNT)}, ${q(c.id)}, 'demo-cf-city', ${q(c.city)}, NULL, ${at});`,
      `INSERT OR IGNORE INTO contact_tags (account_id, tag_id, contact_id, created_at) VALUES (${q(ACCOUNT)}, 'demo-tag-new', ${q(c.id)}, ${at});`,
    );
  }
  // The issues table has no key of its own: insert them only with the import row's first seeding.
  for (const i of ISSUES) {
    s.push(
      `INSERT INTO contact_import_issues (import_id, row, "column", value, reason, kind) SELECT ${q(IMPORT)}, ${i.row}, ${q(i.column)}, ${q(i.value)}, ${q(i.reason)}, ${q(i.kind)} WHERE NOT EXISTS (SELECT 1 FROM contact_import_issues WHERE import_id = ${q(IMPORT)} AND row = ${i.row});`,
    );
  }
  return s;
}
