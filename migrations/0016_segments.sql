CREATE TABLE `segments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`filter` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `segments_account_name_idx` ON `segments` (`account_id`,`name`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `subscription` text DEFAULT 'subscribed' NOT NULL;