import type { BroadcastVars, VarValue } from "@worker/features/broadcasts/contract";
import type { FieldType } from "@worker/features/custom-fields/field-types";

/** What the preview needs of a custom field definition. */
export interface SampleField {
  key: string;
  label: string;
  type: FieldType;
  options: readonly string[];
}

/** A plausible value of each field type, so the preview reads like a real message. */
function sampleValue(f: SampleField, now: Date): VarValue {
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
      return f.options[0] ?? f.label;
    case "multiselect":
      return f.options.slice(0, 2).length ? f.options.slice(0, 2) : [f.label];
    case "phone":
      return "+7 912 345-67-89";
    case "email":
      return "anna@example.ru";
    case "url":
      return "https://example.ru";
    default:
      return f.label;
  }
}

/** The sample contact the composer's preview renders the text for: a name and a value for every field. */
export function sampleVars(name: string, fields: readonly SampleField[], now = new Date()): BroadcastVars {
  return { name, fields: Object.fromEntries(fields.map((f) => [f.key, sampleValue(f, now)])) };
}

/** Inserts `{{key}}` into `text` at the caret (selection replaced), and where the caret goes next. */
export function insertVariable(text: string, key: string, start = text.length, end = start): { text: string; caret: number } {
  const token = `{{${key}}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}
