-- Custom SQL migration file, put your code below! --
-- The contacts' and threads' search texts fold ё to е (worker/lib/search-fold.ts), as every search
-- query now does: «Артем» finds «Артём» and the other way round. The texts stored before were only
-- lower-cased (so an upper-case Ё was stored as ё): this folds them the same way. Threads are
-- updated through their search_text column, so the threads_fts_au trigger takes each old text out
-- of the trigram index and puts the new one in; only rows holding an ё are touched (updated_at and
-- the list order stay as they were).
UPDATE `contacts` SET `search_text` = replace(replace(`search_text`, 'ё', 'е'), 'Ё', 'е')
  WHERE instr(`search_text`, 'ё') > 0 OR instr(`search_text`, 'Ё') > 0;--> statement-breakpoint
UPDATE `threads` SET `search_text` = replace(replace(`search_text`, 'ё', 'е'), 'Ё', 'е')
  WHERE instr(`search_text`, 'ё') > 0 OR instr(`search_text`, 'Ё') > 0;
