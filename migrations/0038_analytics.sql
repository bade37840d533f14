CREATE TABLE `analytics_conversations` (
	`thread_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`account_id` text NOT NULL,
	`channel_id` text DEFAULT '' NOT NULL,
	`assistant_id` text DEFAULT '' NOT NULL,
	`last_at` integer NOT NULL,
	`first_reply_at` integer,
	`last_reply_at` integer,
	`last_reply_by` text,
	`ai_replied` integer DEFAULT 0 NOT NULL,
	`operator_involved` integer DEFAULT 0 NOT NULL,
	`closed` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`thread_id`, `started_at`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analytics_conversations_account_idx` ON `analytics_conversations` (`account_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `analytics_hourly` (
	`account_id` text NOT NULL,
	`hour` integer NOT NULL,
	`metric` text NOT NULL,
	`channel_id` text DEFAULT '' NOT NULL,
	`assistant_id` text DEFAULT '' NOT NULL,
	`dim` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`account_id`, `hour`, `metric`, `channel_id`, `assistant_id`, `dim`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analytics_time_buckets` (
	`idx` integer PRIMARY KEY NOT NULL,
	`upper_ms` integer NOT NULL
);
