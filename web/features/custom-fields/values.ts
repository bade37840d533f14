import type { FieldType } from "@worker/features/custom-fields/field-types";
import { localeTag as locale } from "@/lib/i18n";
import type { FieldValue } from "./api";

/** What an input holds while a value is edited: text, or the chosen options of a multiselect. */
export type Draft = string | string[];

/** An instant's wall-clock reading in the account's zone, as a datetime-local input wants it. */
export function wallTime(iso: string, timeZone: string): string {
  const parts: Record<string, string> = {};
  const fmt = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
  for (const p of fmt.formatToParts(new Date(iso))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The stored value as the input for its type starts with. */
export function toDraft(type: FieldType, value: FieldValue | undefined, timeZone: string): Draft {
  if (value === undefined) return type === "multiselect" ? [] : "";
  if (type === "multiselect") return Array.isArray(value) ? value : [];
  if (type === "datetime" && typeof value === "string") return wallTime(value, timeZone);
  return String(value);
}

/** The draft as sent: an empty one clears the value; a wall time goes without offset (the server reads it in the account's zone). */
export function fromDraft(type: FieldType, draft: Draft): unknown {
  if (Array.isArray(draft)) return draft.length ? draft : null;
  if (draft.trim() === "") return null;
  if (type === "boolean") return draft === "true";
  return draft;
}

/** A value as the card shows it (dates in the account's time zone, numbers with the locale's grouping). */
export function displayValue(type: FieldType, value: FieldValue, timeZone: string, yesNo: [string, string]): string {
  if (Array.isArray(value)) return value.join(", ");
  if (type === "boolean") return value ? yesNo[0] : yesNo[1];
  if (type === "number" && typeof value === "number") return new Intl.NumberFormat(locale()).format(value);
  if (type === "date" && typeof value === "string") return new Intl.DateTimeFormat(locale(), { timeZone: "UTC", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date(`${value}T00:00:00Z`));
  if (type === "datetime" && typeof value === "string")
    return new Intl.DateTimeFormat(locale(), { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(value));
  return String(value);
}
