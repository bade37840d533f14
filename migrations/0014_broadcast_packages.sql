CREATE TABLE `broadcast_packages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`recipients` integer NOT NULL,
	`price_kopecks` integer NOT NULL,
	`validity_days` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `broadcast_quota_allocations` (
	`broadcast_id` text NOT NULL,
	`grant_id` text NOT NULL,
	`account_id` text NOT NULL,
	`amount` integer NOT NULL,
	`used` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	PRIMARY KEY(`broadcast_id`, `grant_id`),
	FOREIGN KEY (`grant_id`) REFERENCES `broadcast_quota_grants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `broadcast_quota_allocations_grant_idx` ON `broadcast_quota_allocations` (`grant_id`);--> statement-breakpoint
CREATE INDEX `broadcast_quota_allocations_account_idx` ON `broadcast_quota_allocations` (`account_id`,`broadcast_id`);--> statement-breakpoint
CREATE TABLE `broadcast_quota_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`package_id` text NOT NULL,
	`recipients` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`source` text NOT NULL,
	`source_ref` text,
	`granted_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `broadcast_packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `broadcast_quota_grants_account_idx` ON `broadcast_quota_grants` (`account_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `broadcast_quota_grants_package_idx` ON `broadcast_quota_grants` (`package_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `broadcast_quota_grants_source_ref_idx` ON `broadcast_quota_grants` (`source`,`source_ref`) WHERE source_ref IS NOT NULL;