import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { createdAt, idKey, stringList, textOrEmpty, timestamps } from "./columns";
import { contacts } from "./inbox";
import { FIELD_TYPES } from "../../features/custom-fields/field-types";

export { FIELD_TYPES, type FieldType } from "../../features/custom-fields/field-types";

/** An account's custom field definition; `key` is fixed once created (variables and imports name it). */
export const customFields = sqliteTable(
  "custom_fields",
  {
    id: idKey(),
    accountId: accountRef(),
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: FIELD_TYPES }).notNull(),
    /** Choices of select and multiselect; empty for the other types. */
    options: stringList("options"),
    description: textOrEmpty("description"),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("custom_fields_account_key_uq").on(t.accountId, t.key), index("custom_fields_account_position_idx").on(t.accountId, t.position)],
);

/**
 * One row per (contact, field) holding a value. Audience filters read the value through the
 * (account, field, …) indexes: `value_text` for equals/contains/select, `value_num` for number,
 * date (the day's midnight in the account's time zone, ms), date-time (ms) and boolean (0/1).
 */
export const contactFieldValues = sqliteTable(
  "contact_field_values",
  {
    accountId: accountRef(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    fieldId: text("field_id")
      .notNull()
      .references(() => customFields.id, { onDelete: "cascade" }),
    /** The value as text (multiselect: a JSON array of the chosen options). */
    valueText: text("value_text").notNull(),
    valueNum: real("value_num"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.fieldId] }),
    // contact_id last: an audience count joins tags and other conditions from the index alone.
    index("contact_field_values_text_idx").on(t.accountId, t.fieldId, t.valueText, t.contactId),
    index("contact_field_values_num_idx").on(t.accountId, t.fieldId, t.valueNum, t.contactId),
    // Deleting a field cascades to its values: SQLite looks them up by field_id alone.
    index("contact_field_values_field_idx").on(t.fieldId),
  ],
);

export const tags = sqliteTable(
  "tags",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    /** JS-lower-cased name: one tag per name in an account, whatever the case (Cyrillic too). */
    nameKey: text("name_key").notNull(),
    color: text("color").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_account_name_uq").on(t.accountId, t.nameKey)],
);

/** A contact carries a tag. Bulk tagging is one INSERT … SELECT over the matching contacts. */
export const contactTags = sqliteTable(
  "contact_tags",
  {
    accountId: accountRef(),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.contactId] }),
    index("contact_tags_account_tag_idx").on(t.accountId, t.tagId, t.contactId),
    index("contact_tags_contact_idx").on(t.contactId),
  ],
);

export type CustomField = typeof customFields.$inferSelect;
export type Tag = typeof tags.$inferSelect;
