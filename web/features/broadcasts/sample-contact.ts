import type { BroadcastVars, VarValue } from "@worker/features/broadcasts/contract";
import type { FieldType } from "@worker/features/custom-fields/field-types";

/** What the preview needs of a custom field definition. */
export interface SampleField {
  key: string;
  label: string;
  type: FieldType;
  options: readonly string[];
}

/**
 * A plausible value of each field type, so the preview reads like a real message; none for free
 * text (a city, a size…) or a choice without options, where any value we made up would read as the
 * contact's own (the field's label filled in looked like «Ваш город: Город.»).
 */
function sampleValue(f: SampleField, now: Date): VarValue | undefined {
  switch (f.type) {
    case "number":
      return 42;
    case "date":
      return now.toISOString().slice(0, 10);
    case "datetime":
      return now.toISOString().slice(0, 16).replace("T", " ");
    case "boolean":
      return true;
    case "select":
      return f.options[0];
    case "multiselect":
      return f.options.length ? f.options.slice(0, 2) : undefined;
    case "phone":
      return "+7 912 345-67-89";
    case "email":
      return "anna@example.ru";
    case "url":
      return "https://example.ru";
    default:
      return undefined;
  }
}

/** The preview's values: a sample contact's, plus the fields without a sample value by key → label (shown as marked places). */
export interface PreviewVars extends BroadcastVars {
  placeholders: Record<string, string>;
}

/** The sample contact the composer's preview renders the text for: a name, a value for every field that has a plausible one. */
export function sampleVars(name: string, fields: readonly SampleField[], now = new Date()): PreviewVars {
  const values: Record<string, VarValue> = {};
  const placeholders: Record<string, string> = {};
  for (const f of fields) {
    const v = sampleValue(f, now);
    if (v === undefined) placeholders[f.key] = f.label;
    else values[f.key] = v;
  }
  return { name, fields: values, placeholders };
}

/** Inserts `{{key}}` into `text` at the caret (selection replaced), and where the caret goes next. */
export function insertVariable(text: string, key: string, start = text.length, end = start): { text: string; caret: number } {
  const token = `{{${key}}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
