CREATE TABLE `ai_providers` (
	`account_id` text PRIMARY KEY NOT NULL,
	`base_url` text NOT NULL,
	`api_key_sealed` text NOT NULL,
	`key_hint` text NOT NULL,
	`models` text,
	`models_checked_at` integer,
	`updated_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
