CREATE TABLE `meta_oauth_picks` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`nonce` text NOT NULL,
	`candidates` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meta_oauth_picks_nonce_uq` ON `meta_oauth_picks` (`nonce`);--> statement-breakpoint
CREATE INDEX `meta_oauth_picks_expires_idx` ON `meta_oauth_picks` (`expires_at`);