-- Custom SQL migration file, put your code below! ---- Substring search of the inbox list (threads.search_text, lower-cased in JS so Cyrillic matches
-- case-insensitively) through an FTS5 trigram index kept in sync by triggers: a search no longer
-- scans every thread of the account. Needles shorter than 3 characters fall back to instr().
CREATE VIRTUAL TABLE `threads_fts` USING fts5(search_text, content='threads', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `threads_fts_ai` AFTER INSERT ON `threads` BEGIN
  INSERT INTO threads_fts(rowid, search_text) VALUES (new.rowid, new.search_text);
END;--> statement-breakpoint
CREATE TRIGGER `threads_fts_ad` AFTER DELETE ON `threads` BEGIN
  INSERT INTO threads_fts(threads_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
END;--> statement-breakpoint
CREATE TRIGGER `threads_fts_au` AFTER UPDATE OF search_text ON `threads` BEGIN
  INSERT INTO threads_fts(threads_fts, rowid, search_text) VALUES ('delete', old.rowid, old.search_text);
  INSERT INTO threads_fts(rowid, search_text) VALUES (new.rowid, new.search_text);
END;--> statement-breakpoint
INSERT INTO threads_fts(threads_fts) VALUES ('rebuild');
