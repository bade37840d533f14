// @shared-with-spa: pure code the SPA imports at run time (the inbox's live filter matches as the server does); no bindings, no server imports.

/**
 * The fold of the contacts' and threads' stored search texts and of every needle looked for in
 * them: JS lower-casing (SQLite's lower() folds only ASCII, so Cyrillic is lower-cased here) and
 * ё → е, so «Артем» finds «Артём» and «Ёлка» finds «елка» (products fold the same way,
 * features/products/search-sql.ts). Migration 0048 folded the texts stored before.
 */
export function searchFold(s: string): string {
  return s.toLowerCase().replace(/ё/g, "е");
}
