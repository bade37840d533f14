ALTER TABLE `contacts` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `contacts_account_created_idx` ON `contacts` (`account_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `threads` ADD `platform` text;--> statement-breakpoint
ALTER TABLE `threads` ADD `is_test` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `threads_account_test_updated_idx` ON `threads` (`account_id`,`is_test`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `messages_contact_created_idx` ON `messages` (`contact_id`,`created_at`,`id`);