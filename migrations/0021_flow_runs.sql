CREATE TABLE `flow_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`flow_id` text NOT NULL,
	`flow_name` text DEFAULT '' NOT NULL,
	`flow_version` integer DEFAULT 0 NOT NULL,
	`graph` text NOT NULL,
	`step_id` text,
	`step_name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`wait` text,
	`variables` text DEFAULT '{}' NOT NULL,
	`retries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer,
	`is_test` integer DEFAULT false NOT NULL,
	`trigger` text DEFAULT 'manual' NOT NULL,
	`end_reason` text,
	`rev` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flow_runs_active_thread_uq` ON `flow_runs` (`thread_id`) WHERE status <> 'ended';--> statement-breakpoint
CREATE INDEX `flow_runs_flow_idx` ON `flow_runs` (`flow_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `flow_runs_account_idx` ON `flow_runs` (`account_id`,`status`);--> statement-breakpoint
CREATE TABLE `flow_step_stats` (
	`account_id` text NOT NULL,
	`flow_id` text NOT NULL,
	`step_id` text NOT NULL,
	`day` text NOT NULL,
	`entered` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`dropped` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`flow_id`, `step_id`, `day`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flow_step_stats_account_idx` ON `flow_step_stats` (`account_id`,`day`);--> statement-breakpoint
CREATE TABLE `flow_turns` (
	`key` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`run_id` text NOT NULL,
	`nonce` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
