CREATE TABLE `billing_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`key` text NOT NULL,
	`status` text DEFAULT 'issued' NOT NULL,
	`purpose` text,
	`plan_id` text,
	`billing_period` text,
	`amount_kopecks` integer NOT NULL,
	`description` text NOT NULL,
	`lines` text NOT NULL,
	`customer` text NOT NULL,
	`period_start` integer,
	`period_end` integer,
	`paid_at` integer,
	`paid_by` text,
	`payment_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paid_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_documents_key_uq` ON `billing_documents` (`key`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_documents_seq_uq` ON `billing_documents` (`kind`,`seq`);--> statement-breakpoint
CREATE INDEX `billing_documents_account_idx` ON `billing_documents` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `billing_documents_status_idx` ON `billing_documents` (`kind`,`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `auto_topup_armed` integer DEFAULT true NOT NULL;