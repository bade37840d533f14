ALTER TABLE `users` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `accounts` ADD `name_search` text DEFAULT '' NOT NULL;