-- Custom SQL migration file, put your code below! ---- Product search, the inbox's trigram approach (migration 0006): products.search_name (name and SKU)
-- and products.search_body (description, category, attribute values), JS-lower-cased so Cyrillic
-- matches case-insensitively, indexed by an FTS5 trigram table kept in sync by triggers. bm25 over
-- the two columns (name weighted higher) ranks the assistant's search_products. Needles shorter
-- than 3 characters fall back to instr().
CREATE VIRTUAL TABLE `products_fts` USING fts5(search_name, search_body, content='products', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, search_name, search_body) VALUES (new.rowid, new.search_name, new.search_body);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_body) VALUES ('delete', old.rowid, old.search_name, old.search_body);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE OF search_name, search_body ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_body) VALUES ('delete', old.rowid, old.search_name, old.search_body);
  INSERT INTO products_fts(rowid, search_name, search_body) VALUES (new.rowid, new.search_name, new.search_body);
END;
