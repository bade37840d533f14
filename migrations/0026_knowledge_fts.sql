-- Full-text index of the knowledge chunks (hand-written: drizzle-kit does not model FTS5).
-- rowid = knowledge_chunks.id. Columns: acct (the account id, one token), src (the source id),
-- kind (faq/document/url/text) and stems (the chunk's words through the Russian stemmer of
-- worker/features/knowledge/stemmer.ts). unicode61 folds case (Cyrillic too) and, with
-- remove_diacritics 2, ё into е. Only stems is ranked: bm25 weights 0 for the three filters.
CREATE VIRTUAL TABLE `knowledge_fts` USING fts5(acct, src, kind, stems, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `knowledge_fts` (`knowledge_fts`, `rank`) VALUES ('rank', 'bm25(0.0, 0.0, 0.0, 1.0)');
