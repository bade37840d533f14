// @shared-with-spa: pure constants the SPA imports at run time (the type picker and the tag palette); no bindings, no server imports.

/** The types a custom field may have, in the order the type picker offers them. */
export const FIELD_TYPES = ["text", "number", "date", "datetime", "boolean", "select", "multiselect", "phone", "email", "url"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose values are chosen from the definition's options. */
export const CHOICE_TYPES: readonly FieldType[] = ["select", "multiselect"];

/** A field key: a latin slug, as variables ({{key}}) and import mappings name the field. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const FIELD_KEY_MAX = 64;

/** The tag colours the palette offers (the design tokens' accents and a few neighbours). */
export const TAG_COLORS = ["#7367F0", "#28C76F", "#FF4C51", "#FF9F43", "#00BAD1", "#808390", "#E83E8C", "#3B82F6", "#A16207", "#0F766E"] as const;
export type TagColor = (typeof TAG_COLORS)[number];

export const MAX_FIELDS = 100;
export const MAX_OPTIONS = 100;
export const MAX_TAGS = 500;
