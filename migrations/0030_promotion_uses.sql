CREATE TABLE `promotion_uses` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`promotion_id` text NOT NULL,
	`source` text NOT NULL,
	`thread_id` text,
	`contact_id` text,
	`user_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`promotion_id`) REFERENCES `promotions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `promotion_uses_promotion_created_idx` ON `promotion_uses` (`promotion_id`,`created_at`);