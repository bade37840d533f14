import { searchFold } from "../../lib/search-fold";
/**
 * Search text of help content. SQLite's lower() folds only Latin letters, so the folded text is
 * stored beside the content (help_*_translations.search_text) and the query is folded the same way
 * before a LIKE: lower-case in JS (every script) and "ё" → "е", so "Ёлка", "ЁЛКА" and "елка" meet.
 */
export function foldText(text: string): string {
  return searchFold(text);
}

/** Markdown without what a reader never types: link targets, image addresses, markup characters. */
export function searchTextOf(...parts: string[]): string {
  const plain = parts
    .join("\n")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>|~]/g, " ")
    .replace(/\s+/g, " ");
  return foldText(plain).trim();
}

/** `%text%` over a folded column; the user's own % and _ never act as wildcards. */
export function foldedPattern(q: string): string {
  return `%${foldText(q).replace(/[%_\\]/g, "")}%`;
}
