-- Foreign keys' own indexes (issue 23's read audit). SQLite enforces a foreign key on the parent's
-- delete by looking for the children, and without an index on the child column that look is a scan
-- of the whole child table (every account's rows) once per deleted parent row. instagram_comments
-- had none on message_id, thread_id, contact_id and channel_id: deleting a message (a broadcast's
-- pull-back, clearing a chat, an account's deletion cascading through its messages) scanned every
-- stored comment per message. threads, instagram_media (channel_id) and products (category_id): a
-- channel's or a category's delete scanned every account's rows. accounts (created_by): a partner's
-- referred accounts are found by it too. (Foreign keys to accounts and users on the large tables
-- stay without one: those deletes are rare, and an index there costs a row written on every insert.)
CREATE INDEX `accounts_created_by_idx` ON `accounts` (`created_by`);--> statement-breakpoint
CREATE INDEX `threads_channel_idx` ON `threads` (`channel_id`);--> statement-breakpoint
CREATE INDEX `instagram_comments_message_idx` ON `instagram_comments` (`message_id`);--> statement-breakpoint
CREATE INDEX `instagram_comments_thread_idx` ON `instagram_comments` (`thread_id`);--> statement-breakpoint
CREATE INDEX `instagram_comments_contact_idx` ON `instagram_comments` (`contact_id`);--> statement-breakpoint
CREATE INDEX `instagram_comments_channel_idx` ON `instagram_comments` (`channel_id`);--> statement-breakpoint
CREATE INDEX `instagram_media_channel_idx` ON `instagram_media` (`channel_id`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category_id`);