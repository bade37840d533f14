ALTER TABLE `accounts` ADD `industry` text;--> statement-breakpoint
ALTER TABLE `accounts` ADD `blocked_at` integer;--> statement-breakpoint
ALTER TABLE `accounts` ADD `blocked_reason` text;