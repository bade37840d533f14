import { directionOf, type Language } from "./preferences";

/** A letter that runs left to right (Latin, Cyrillic, Greek, Armenian…), the kind that breaks an Arabic sentence around it. */
const LTR_LETTER = /[A-Za-z\u00C0-\u02AF\u0370-\u058F\u1E00-\u1FFF]/;
const FSI = "\u2068";
const PDI = "\u2069";

/**
 * A value put into a sentence of a right-to-left language (a shop's name, a bot's @username, a
 * file's name) is isolated with FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: it lays out in its
 * own direction and the sentence around it keeps its order («ملخص الحساب «Демо-магазин “Уют”»»
 * read with its quotes and words in the wrong places without it). Only text with left-to-right
 * letters is isolated; numbers, Arabic values and every value in ru/en/fr come back unchanged, so
 * nothing invisible goes into the other languages' texts.
 */
export function isolateForLanguage(value: unknown, language: string | undefined): unknown {
  if (typeof value !== "string" || !language || directionOf(language.slice(0, 2) as Language) !== "rtl") return value;
  if (!LTR_LETTER.test(value) || value.startsWith(FSI)) return value;
  return `${FSI}${value}${PDI}`;
}

/** Text made by t() that becomes data (a default name saved to the server): without the isolates above. */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, "");
}
