import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { accountFilter } from "../../db/queries";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { fieldRows } from "./custom-fields.service";
import { type FieldValue, parseFieldValue, type StoredValue, valueOf } from "./field-values";

const { contacts, contactFieldValues, customFields, accounts } = schema;

export const CONTACT_NOT_FOUND = "Контакт не найден";

/** 404 unless the contact belongs to the account. */
export async function assertContact(env: Env, accountId: string, contactId: string): Promise<void> {
  const row = await getDb(env.DB)
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .get();
  if (!row) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
}

/** A contact's values as the API carries them: { [field key]: value }. */
export async function valuesOfContact(env: Env, accountId: string, contactId: string): Promise<Record<string, FieldValue>> {
  const rows = await getDb(env.DB)
    .select({ key: customFields.key, type: customFields.type, text: contactFieldValues.valueText, num: contactFieldValues.valueNum })
    .from(contactFieldValues)
    .innerJoin(customFields, eq(customFields.id, contactFieldValues.fieldId))
    .where(and(accountFilter(contactFieldValues.accountId, accountId), eq(contactFieldValues.contactId, contactId)))
    .orderBy(customFields.position)
    .all();
  return Object.fromEntries(rows.map((r) => [r.key, valueOf(r.type, r.text, r.num)]));
}

/**
 * Sets the given values (null or "" clears one; fields not named stay as they are). Every value is
 * checked first: one bad value is a 400 naming each bad field, and nothing is written.
 */
export async function setContactFields(env: Env, accountId: string, contactId: string, values: Record<string, unknown>) {
  await assertContact(env, accountId, contactId);
  const db = getDb(env.DB);
  const [fields, account] = await Promise.all([
    fieldRows(env, accountId),
    db.select({ timezone: accounts.timezone }).from(accounts).where(eq(accounts.id, accountId)).get(),
  ]);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const tz = account?.timezone ?? "UTC";
  const errors: Record<string, string[]> = {};
  const writes: { fieldId: string; stored: StoredValue | null }[] = [];
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    if (!field) {
      errors[key] = ["Такого поля нет в аккаунте"];
      continue;
    }
    const parsed = parseFieldValue(field, raw, tz);
    if (parsed && !parsed.ok) errors[key] = [parsed.error];
    else writes.push({ fieldId: field.id, stored: parsed ? parsed.stored : null });
  }
  const bad = Object.entries(errors);
  if (bad.length) {
    const [key, [message]] = bad[0] as [string, string[]];
    const label = byKey.get(key)?.label ?? key;
    throw new AppError(400, "VALIDATION_ERROR", `Проверьте введённые данные — ${label}: ${message}`, { fields: errors });
  }
  const now = Date.now();
  const statements = writes.map(({ fieldId, stored }) => {
    const target = and(eq(contactFieldValues.contactId, contactId), eq(contactFieldValues.fieldId, fieldId), eq(contactFieldValues.accountId, accountId));
    if (!stored) return db.delete(contactFieldValues).where(target);
    return db
      .insert(contactFieldValues)
      .values({ accountId, contactId, fieldId, valueText: stored.text, valueNum: stored.num, updatedAt: now })
      .onConflictDoUpdate({ target: [contactFieldValues.contactId, contactFieldValues.fieldId], set: { valueText: stored.text, valueNum: stored.num, updatedAt: now } });
  });
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { fieldValues: await valuesOfContact(env, accountId, contactId) };
}
