CREATE TABLE `broadcast_recipients` (
	`broadcast_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`account_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`state` text,
	`message_id` text,
	`error` text,
	`clicked_at` integer,
	`claimed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`broadcast_id`, `contact_id`),
	FOREIGN KEY (`broadcast_id`) REFERENCES `broadcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `broadcast_recipients_state_idx` ON `broadcast_recipients` (`broadcast_id`,`state`,`contact_id`);--> statement-breakpoint
CREATE INDEX `broadcast_recipients_message_idx` ON `broadcast_recipients` (`message_id`);--> statement-breakpoint
CREATE INDEX `broadcast_recipients_contact_idx` ON `broadcast_recipients` (`contact_id`);--> statement-breakpoint
CREATE TABLE `broadcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`channel_id` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`audience` text NOT NULL,
	`message` text NOT NULL,
	`scheduled_at` integer,
	`pacing` text DEFAULT '{}' NOT NULL,
	`paused_reason` text,
	`total` integer DEFAULT 0 NOT NULL,
	`queued` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`read` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`quota_reserved` integer DEFAULT 0 NOT NULL,
	`next_tick_at` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`started_at` integer,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `broadcasts_account_created_idx` ON `broadcasts` (`account_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `broadcasts_channel_status_idx` ON `broadcasts` (`channel_id`,`status`);