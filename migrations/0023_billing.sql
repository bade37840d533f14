CREATE TABLE `account_balances` (
	`account_id` text PRIMARY KEY NOT NULL,
	`balance_kopecks` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `admin_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_user_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`account_id` text,
	`before` text,
	`after` text,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_log_created_idx` ON `admin_audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_audit_log_account_idx` ON `admin_audit_log` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `billing_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`message` text NOT NULL,
	`data` text DEFAULT '{}' NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_notifications_key_uq` ON `billing_notifications` (`account_id`,`key`);--> statement-breakpoint
CREATE INDEX `billing_notifications_account_idx` ON `billing_notifications` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `billing_requisites` (
	`account_id` text PRIMARY KEY NOT NULL,
	`legal_name` text NOT NULL,
	`inn` text NOT NULL,
	`kpp` text,
	`address` text NOT NULL,
	`email` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`key` text NOT NULL,
	`metric` text,
	`units` integer,
	`period_start` integer,
	`description` text DEFAULT '' NOT NULL,
	`payment_id` text,
	`actor_user_id` text,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_key_uq` ON `ledger_entries` (`key`);--> statement-breakpoint
CREATE INDEX `ledger_entries_account_idx` ON `ledger_entries` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_entries_account_type_idx` ON `ledger_entries` (`account_id`,`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_entries_usage_idx` ON `ledger_entries` (`account_id`,`metric`,`period_start`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`provider_payment_id` text NOT NULL,
	`event` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`provider_payment_id`, `event`)
);
--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider` text DEFAULT 'yookassa' NOT NULL,
	`provider_method_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`card_last4` text,
	`card_type` text,
	`expiry` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_provider_uq` ON `payment_methods` (`account_id`,`provider`,`provider_method_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider` text DEFAULT 'yookassa' NOT NULL,
	`provider_payment_id` text,
	`idempotence_key` text NOT NULL,
	`purpose` text NOT NULL,
	`plan_id` text,
	`billing_period` text,
	`package_id` text,
	`amount_kopecks` integer NOT NULL,
	`status` text NOT NULL,
	`description` text NOT NULL,
	`confirmation_url` text,
	`receipt_email` text,
	`payment_method_id` text,
	`method_title` text,
	`cancellation_reason` text,
	`error` text,
	`refunded_kopecks` integer DEFAULT 0 NOT NULL,
	`applied_at` integer,
	`apply_token` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_id_uq` ON `payments` (`provider`,`provider_payment_id`) WHERE provider_payment_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotence_uq` ON `payments` (`idempotence_key`);--> statement-breakpoint
CREATE INDEX `payments_account_idx` ON `payments` (`account_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`monthly_price_kopecks` integer NOT NULL,
	`yearly_price_kopecks` integer NOT NULL,
	`included` text NOT NULL,
	`overage` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_code_uq` ON `plans` (`code`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`account_id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`billing_period` text DEFAULT 'month' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`grace_until` integer,
	`payment_method_id` text,
	`auto_topup_threshold_kopecks` integer,
	`auto_topup_amount_kopecks` integer,
	`last_renewal_error` text,
	`downgraded_from_plan_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`status`,`period_end`);--> statement-breakpoint
CREATE TABLE `usage_daily` (
	`account_id` text NOT NULL,
	`day` text NOT NULL,
	`metric` text NOT NULL,
	`dim` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `day`, `metric`, `dim`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `usage_daily_day_idx` ON `usage_daily` (`day`,`account_id`);