-- Back to threads (contact_id) alone (0056 made it (contact_id, updated_at)). A thread's updated_at
-- changes with every message, so an index holding it is rewritten each time, and D1 bills a row
-- written per index changed: the cost benchmark's day (300 conversations) went from 67.1 to 69.1 rows written per
-- message (+3 % of the price of 1 000 conversations) to save reads that cost a thousandth of that.
-- The statements that want "a contact's latest thread" say `+account_id` instead, which keeps SQLite
-- on this index (the contact's few threads, then sorted) and off the account's (account_id, updated_at).
CREATE INDEX `threads_contact_idx` ON `threads` (`contact_id`);
--> statement-breakpoint
DROP INDEX `threads_contact_updated_idx`;
