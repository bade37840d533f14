-- Custom SQL migration file, put your code below! ---- Product search, the inbox's trigram approach (migration 0006): products.search_name (name and SKU)
-- and products.search_body (description, category, attribute values), JS-lower-cased so Cyrillic
-- matches case-insensitively, indexed by an FTS5 trigram table kept in sync by triggers. bm25 over
-- the two columns (name weighted higher) ranks the assistant's search_products. Needles shorter
-- than 3 characters fall back to instr().
CREATE VIRTUAL TABLE `products_fts` USING fts5(search_name, search_body, content='products', content_rowid='rowid', tokenize='trigram');--> statement-breakpoint
-- Every account's products get rowids in the account's own range (its search_slot · 2^32, as the
-- threads of migration 0010), moved there by the insert trigger before they are indexed: a search
-- asks the index for one account's matches (a rowid range the index filters itself), so another
-- account's catalogue never costs this one's search anything. Products are referenced by id
-- everywhere; the rowid only ties a row to its index entry.
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  UPDATE products SET rowid = 1 + coalesce(
      (SELECT p2.rowid FROM products p2
        WHERE p2.rowid >= (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id)
          AND p2.rowid < (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id) + 4294967296
          AND p2.rowid != new.rowid
        ORDER BY p2.rowid DESC LIMIT 1),
      (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id))
    WHERE rowid = new.rowid AND (SELECT search_slot FROM accounts WHERE id = new.account_id) IS NOT NULL;
  INSERT INTO products_fts(rowid, search_name, search_body) SELECT rowid, search_name, search_body FROM products WHERE id = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_body) VALUES ('delete', old.rowid, old.search_name, old.search_body);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE OF search_name, search_body ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_body) VALUES ('delete', old.rowid, old.search_name, old.search_body);
  INSERT INTO products_fts(rowid, search_name, search_body) VALUES (new.rowid, new.search_name, new.search_body);
END;
