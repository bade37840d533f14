CREATE TABLE `assistant_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`trigger_message_id` text NOT NULL,
	`trigger_at` integer NOT NULL,
	`assistant_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`reply_message_id` text,
	`error` text,
	`timings` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assistant_runs_trigger_uq` ON `assistant_runs` (`trigger_message_id`);--> statement-breakpoint
CREATE INDEX `assistant_runs_thread_idx` ON `assistant_runs` (`thread_id`,`trigger_at`);--> statement-breakpoint
CREATE TABLE `assistant_template_tags` (
	`name` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `assistant_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`model` text DEFAULT 'gpt-4.1-mini' NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`greeting` text DEFAULT '' NOT NULL,
	`temperature` real DEFAULT 0.4 NOT NULL,
	`max_reply_tokens` integer DEFAULT 400 NOT NULL,
	`language` text DEFAULT 'ru' NOT NULL,
	`knowledge` text DEFAULT '' NOT NULL,
	`tools` text DEFAULT '[]' NOT NULL,
	`debounce_seconds` integer DEFAULT 0 NOT NULL,
	`handoff_keywords` text DEFAULT '[]' NOT NULL,
	`handoff_message` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`source_account_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `assistant_templates_usage_idx` ON `assistant_templates` (`usage_count`,`created_at`);--> statement-breakpoint
CREATE TABLE `assistant_token_usage` (
	`account_id` text NOT NULL,
	`assistant_id` text NOT NULL,
	`day` text NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `assistant_token_usage_uq` ON `assistant_token_usage` (`account_id`,`assistant_id`,`day`);--> statement-breakpoint
CREATE TABLE `assistants` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`model` text DEFAULT 'gpt-4.1-mini' NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`greeting` text DEFAULT '' NOT NULL,
	`temperature` real DEFAULT 0.4 NOT NULL,
	`max_reply_tokens` integer DEFAULT 400 NOT NULL,
	`language` text DEFAULT 'ru' NOT NULL,
	`knowledge` text DEFAULT '' NOT NULL,
	`tools` text DEFAULT '[]' NOT NULL,
	`debounce_seconds` integer DEFAULT 0 NOT NULL,
	`handoff_keywords` text DEFAULT '[]' NOT NULL,
	`handoff_message` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`template_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `assistants_account_idx` ON `assistants` (`account_id`,`created_at`);