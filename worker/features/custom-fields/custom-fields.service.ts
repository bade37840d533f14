import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { CustomField } from "../../db/schema/custom-fields";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { FieldCreateInput, FieldUpdateInput } from "./custom-fields.schemas";
import { CHOICE_TYPES, MAX_FIELDS } from "./field-types";

const { customFields, contactFieldValues } = schema;

export const FIELD_NOT_FOUND = "Поле не найдено";

/** A 400 with one field's message, in the validator's shape (the SPA puts it on that input). */
export function fieldError(field: string, message: string, status: 400 | 409 = 400, code = "VALIDATION_ERROR"): AppError {
  return new AppError(status, code, `Проверьте введённые данные — ${message}`, { fields: { [field]: [message] } });
}

function fieldDto(f: CustomField, contactCount: number) {
  return {
    fieldId: f.id,
    key: f.key,
    label: f.label,
    type: f.type,
    options: f.options ?? [],
    description: f.description,
    position: f.position,
    /** Contacts holding a value of this field (what deleting it would erase). */
    contactCount,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}
export type CustomFieldDto = ReturnType<typeof fieldDto>;

// The count walks the (account, field, value) index: no table row is read.
const countOf = (accountId: string) =>
  sql<number>`(SELECT count(*) FROM contact_field_values v WHERE v.account_id = ${accountId} AND v.field_id = ${customFields.id})`;

export async function listFields(env: Env, accountId: string) {
  const rows = await getDb(env.DB)
    .select({ f: customFields, n: countOf(accountId) })
    .from(customFields)
    .where(eq(customFields.accountId, accountId))
    .orderBy(asc(customFields.position), asc(customFields.createdAt))
    .all();
  return { data: rows.map((r) => fieldDto(r.f, Number(r.n))) };
}

/** The account's definitions, for the services that check values against them. */
export async function fieldRows(env: Env, accountId: string): Promise<CustomField[]> {
  return getDb(env.DB).select().from(customFields).where(eq(customFields.accountId, accountId)).orderBy(asc(customFields.position)).all();
}

async function fieldWithCount(env: Env, accountId: string, fieldId: string) {
  const row = await getDb(env.DB)
    .select({ f: customFields, n: countOf(accountId) })
    .from(customFields)
    .where(and(eq(customFields.id, fieldId), eq(customFields.accountId, accountId)))
    .get();
  if (!row) throw notFound(FIELD_NOT_FOUND, "CUSTOM_FIELD_NOT_FOUND");
  return { field: row.f, count: Number(row.n) };
}

export async function getField(env: Env, accountId: string, fieldId: string) {
  const { field, count } = await fieldWithCount(env, accountId, fieldId);
  return fieldDto(field, count);
}

/** Options belong to the choice types only; those need at least one. */
function optionsFor(type: CustomField["type"], options: string[] | undefined): string[] {
  if (!CHOICE_TYPES.includes(type)) return [];
  if (!options?.length) throw fieldError("options", "Добавьте хотя бы один вариант");
  return options;
}

export async function createField(env: Env, accountId: string, input: FieldCreateInput) {
  const db = getDb(env.DB);
  const existing = await db
    .select({ key: customFields.key, position: customFields.position })
    .from(customFields)
    .where(eq(customFields.accountId, accountId))
    .all();
  if (existing.some((f) => f.key === input.key)) throw fieldError("key", "Поле с таким ключом уже есть", 409, "CUSTOM_FIELD_KEY_TAKEN");
  if (existing.length >= MAX_FIELDS) throw new AppError(400, "CUSTOM_FIELDS_LIMIT", `В аккаунте может быть не больше ${MAX_FIELDS} полей`);
  const now = Date.now();
  const row: CustomField = {
    id: newId(),
    accountId,
    key: input.key,
    label: input.label,
    type: input.type,
    options: optionsFor(input.type, input.options),
    description: input.description,
    position: existing.reduce((max, f) => Math.max(max, f.position + 1), 0),
    createdAt: now,
    updatedAt: now,
  };
  // The unique (account, key) index settles a race between two creations of the same key.
  const [created] = await db.insert(customFields).values(row).onConflictDoNothing().returning();
  if (!created) throw fieldError("key", "Поле с таким ключом уже есть", 409, "CUSTOM_FIELD_KEY_TAKEN");
  return fieldDto(created, 0);
}

export async function updateField(env: Env, accountId: string, fieldId: string, input: FieldUpdateInput) {
  const { field, count } = await fieldWithCount(env, accountId, fieldId);
  if (input.key !== undefined && input.key !== field.key) throw fieldError("key", "Ключ нельзя изменить после создания поля");
  const type = input.type ?? field.type;
  if (type !== field.type && count > 0) throw fieldError("type", `Тип нельзя изменить: значение заполнено у ${count} контактов`);
  const options = CHOICE_TYPES.includes(type) ? optionsFor(type, input.options ?? field.options) : [];
  const [updated] = await getDb(env.DB)
    .update(customFields)
    .set({ label: input.label ?? field.label, description: input.description ?? field.description, type, options, updatedAt: Date.now() })
    .where(and(eq(customFields.id, fieldId), eq(customFields.accountId, accountId)))
    .returning();
  if (!updated) throw notFound(FIELD_NOT_FOUND, "CUSTOM_FIELD_NOT_FOUND");
  return fieldDto(updated, count);
}

/** Deletes the definition and every contact's value of it, in one transaction. */
export async function deleteField(env: Env, accountId: string, fieldId: string) {
  const db = getDb(env.DB);
  const ofField = and(eq(contactFieldValues.accountId, accountId), eq(contactFieldValues.fieldId, fieldId));
  const [values, , deleted] = await db.batch([
    db.select({ n: count() }).from(contactFieldValues).where(ofField),
    db.delete(contactFieldValues).where(ofField),
    db
      .delete(customFields)
      .where(and(eq(customFields.id, fieldId), eq(customFields.accountId, accountId)))
      .returning({ id: customFields.id }),
  ]);
  if (deleted.length === 0) throw notFound(FIELD_NOT_FOUND, "CUSTOM_FIELD_NOT_FOUND");
  return { fieldId, deletedValues: values[0]?.n ?? 0 };
}

/** New order of the account's fields: `ids` must name each of them once. */
export async function reorderFields(env: Env, accountId: string, ids: string[]) {
  const db = getDb(env.DB);
  const current = await db.select({ id: customFields.id }).from(customFields).where(eq(customFields.accountId, accountId)).all();
  const known = new Set(current.map((f) => f.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
    throw fieldError("ids", "Порядок должен перечислять каждое поле аккаунта один раз — обновите страницу");
  const now = Date.now();
  const [first, ...rest] = ids.map((id, position) =>
    db
      .update(customFields)
      .set({ position, updatedAt: now })
      .where(and(eq(customFields.id, id), eq(customFields.accountId, accountId))),
  );
  await db.batch([first!, ...rest]);
  return listFields(env, accountId);
}
