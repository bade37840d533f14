-- "A contact's latest thread" (account_id = ? AND contact_id = ? ORDER BY updated_at DESC), read by an
-- operator's reply, the contact's card and chat, a field change's announcement: with an index on
-- contact_id alone, SQLite chose threads_account_updated_idx (it gives the order) and walked the
-- account's threads from the newest until the contact's (168 rows read per reply on a 300-thread
-- account, growing with it: issue 23's cost benchmark). With updated_at after contact_id the contact's
-- threads come in order from one seek; the new index also serves everything the old one did.
CREATE INDEX `threads_contact_updated_idx` ON `threads` (`contact_id`,`updated_at`);--> statement-breakpoint
DROP INDEX `threads_contact_idx`;
