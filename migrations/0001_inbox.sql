CREATE TABLE `channels` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`external_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`assistant_id` text,
	`enabled` integer DEFAULT true NOT NULL,
	`credentials` text,
	`webhook_secret_hash` text,
	`state` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_platform_external_uq` ON `channels` (`platform`,`external_id`);--> statement-breakpoint
CREATE INDEX `channels_account_idx` ON `channels` (`account_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`platform` text NOT NULL,
	`platform_user_id` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`platform_username` text,
	`phone` text,
	`avatar` text,
	`status` text,
	`about` text,
	`is_test_contact` integer DEFAULT false NOT NULL,
	`custom_fields` text DEFAULT '{}' NOT NULL,
	`facts` text DEFAULT '[]' NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_account_platform_user_uq` ON `contacts` (`account_id`,`platform`,`platform_user_id`);--> statement-breakpoint
CREATE INDEX `contacts_account_test_idx` ON `contacts` (`account_id`,`is_test_contact`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`thread_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`type` text NOT NULL,
	`direction` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`payload_url` text,
	`file_name` text,
	`mime_type` text,
	`file_size` integer,
	`is_system` integer DEFAULT false NOT NULL,
	`is_sent` integer DEFAULT false NOT NULL,
	`is_delivered` integer DEFAULT false NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`delivery_status` text,
	`metadata` text DEFAULT '{}' NOT NULL,
	`sender_type` text NOT NULL,
	`sender_user_id` text,
	`platform_message_id` text,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_thread_created_idx` ON `messages` (`thread_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_account_dedupe_uq` ON `messages` (`account_id`,`dedupe_key`) WHERE "messages"."dedupe_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `messages_platform_id_idx` ON `messages` (`account_id`,`platform_message_id`);--> statement-breakpoint
CREATE TABLE `threads` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`channel_id` text,
	`kind` text DEFAULT 'dm' NOT NULL,
	`external_thread_id` text DEFAULT '' NOT NULL,
	`assistant_id` text,
	`status` text DEFAULT 'active' NOT NULL,
	`gpt_status` text DEFAULT 'COMPLETED' NOT NULL,
	`is_gpt_active` integer DEFAULT true NOT NULL,
	`last_message` text,
	`last_message_type` text,
	`last_message_at` integer,
	`last_incoming_at` integer,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `threads_contact_channel_uq` ON `threads` (`contact_id`,`channel_id`,`kind`,`external_thread_id`);--> statement-breakpoint
CREATE INDEX `threads_account_updated_idx` ON `threads` (`account_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `threads_contact_idx` ON `threads` (`contact_id`);