-- Custom SQL migration file, put your code below! --
-- Every account's threads get rowids in a range of their own, so the inbox search can ask the FTS
-- index for one account's matches (a rowid range the index filters itself) instead of looking up
-- every match's thread row to check its account: the count of a search costs no row reads, and
-- the page walks the account's (updated_at) index until it has its 30.
--   account range: [search_slot · 2^32, (search_slot + 1) · 2^32); test threads in its upper half.
-- Accounts get their slot at creation (a trigger); threads are moved into their range by the FTS
-- insert trigger, before they are indexed. Rowids are only used by the FTS index (threads are
-- referenced by id everywhere), so moving them changes nothing else.
UPDATE `accounts` SET `search_slot` = x.n
  FROM (SELECT id, row_number() OVER (ORDER BY rowid) AS n FROM `accounts`) AS x
  WHERE `accounts`.id = x.id AND `accounts`.`search_slot` IS NULL;--> statement-breakpoint
CREATE TRIGGER `accounts_search_slot_ai` AFTER INSERT ON `accounts` WHEN new.search_slot IS NULL BEGIN
  UPDATE accounts SET search_slot = (SELECT coalesce(max(search_slot), 0) + 1 FROM accounts) WHERE id = new.id;
END;--> statement-breakpoint
UPDATE `threads` SET rowid = x.nid
  FROM (
    SELECT t.rowid AS old, a.search_slot * 4294967296 + t.is_test * 2147483648
      + row_number() OVER (PARTITION BY t.account_id, t.is_test ORDER BY t.rowid) AS nid
    FROM threads t JOIN accounts a ON a.id = t.account_id
  ) AS x
  WHERE `threads`.rowid = x.old;--> statement-breakpoint
INSERT INTO threads_fts(threads_fts) VALUES ('rebuild');--> statement-breakpoint
DROP TRIGGER `threads_fts_ai`;--> statement-breakpoint
CREATE TRIGGER `threads_fts_ai` AFTER INSERT ON `threads` BEGIN
  UPDATE threads SET rowid = 1 + coalesce(
      (SELECT t2.rowid FROM threads t2
        WHERE t2.rowid >= (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id) + new.is_test * 2147483648
          AND t2.rowid < (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id) + new.is_test * 2147483648 + 2147483648
          AND t2.rowid != new.rowid
        ORDER BY t2.rowid DESC LIMIT 1),
      (SELECT search_slot * 4294967296 FROM accounts WHERE id = new.account_id) + new.is_test * 2147483648)
    WHERE rowid = new.rowid AND (SELECT search_slot FROM accounts WHERE id = new.account_id) IS NOT NULL;
  INSERT INTO threads_fts(rowid, search_text) SELECT rowid, search_text FROM threads WHERE id = new.id;
END;
