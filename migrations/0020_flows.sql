CREATE TABLE `flow_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`flow_id` text NOT NULL,
	`account_id` text NOT NULL,
	`version` integer NOT NULL,
	`graph` text NOT NULL,
	`published_at` integer NOT NULL,
	`published_by` text,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flow_versions_flow_version_uq` ON `flow_versions` (`flow_id`,`version`);--> statement-breakpoint
CREATE INDEX `flow_versions_account_idx` ON `flow_versions` (`account_id`);--> statement-breakpoint
CREATE TABLE `flows` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`name_search` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`graph` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`published_version` integer,
	`published_revision` integer,
	`created_by` text,
	`updated_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `flows_account_updated_idx` ON `flows` (`account_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `flows_account_status_idx` ON `flows` (`account_id`,`status`);