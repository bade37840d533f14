-- Custom SQL migration file, put your code below! --
-- Thread counts per account and filter combination, kept by triggers, so the inbox list's total
-- (chat-contacts without a search) is a sum over a few rows instead of a count(*) over every thread
-- of the account. platform NULL is kept as ''.
CREATE TABLE `thread_counts` (
  `account_id` text NOT NULL,
  `is_test` integer NOT NULL,
  `status` text NOT NULL,
  `platform` text NOT NULL,
  `is_gpt_active` integer NOT NULL,
  `n` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`account_id`, `is_test`, `status`, `platform`, `is_gpt_active`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE TRIGGER `thread_counts_ai` AFTER INSERT ON `threads` BEGIN
  INSERT INTO thread_counts (account_id, is_test, status, platform, is_gpt_active, n)
    VALUES (new.account_id, new.is_test, new.status, coalesce(new.platform, ''), new.is_gpt_active, 1)
    ON CONFLICT (account_id, is_test, status, platform, is_gpt_active) DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `thread_counts_ad` AFTER DELETE ON `threads` BEGIN
  UPDATE thread_counts SET n = n - 1
    WHERE account_id = old.account_id AND is_test = old.is_test AND status = old.status
      AND platform = coalesce(old.platform, '') AND is_gpt_active = old.is_gpt_active;
END;--> statement-breakpoint
CREATE TRIGGER `thread_counts_au` AFTER UPDATE OF account_id, is_test, status, platform, is_gpt_active ON `threads`
  WHEN old.account_id IS NOT new.account_id OR old.is_test IS NOT new.is_test OR old.status IS NOT new.status
    OR old.platform IS NOT new.platform OR old.is_gpt_active IS NOT new.is_gpt_active
BEGIN
  UPDATE thread_counts SET n = n - 1
    WHERE account_id = old.account_id AND is_test = old.is_test AND status = old.status
      AND platform = coalesce(old.platform, '') AND is_gpt_active = old.is_gpt_active;
  INSERT INTO thread_counts (account_id, is_test, status, platform, is_gpt_active, n)
    VALUES (new.account_id, new.is_test, new.status, coalesce(new.platform, ''), new.is_gpt_active, 1)
    ON CONFLICT (account_id, is_test, status, platform, is_gpt_active) DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
INSERT INTO thread_counts (account_id, is_test, status, platform, is_gpt_active, n)
  SELECT account_id, is_test, status, coalesce(platform, ''), is_gpt_active, count(*) FROM threads
  GROUP BY account_id, is_test, status, coalesce(platform, ''), is_gpt_active;
