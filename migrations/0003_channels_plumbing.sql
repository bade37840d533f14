CREATE TABLE `dead_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`queue` text NOT NULL,
	`account_id` text,
	`platform` text,
	`body` text NOT NULL,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`replay_count` integer DEFAULT 0 NOT NULL,
	`replayed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dead_letters_created_idx` ON `dead_letters` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `dead_letters_account_idx` ON `dead_letters` (`account_id`);--> statement-breakpoint
CREATE TABLE `instagram_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`channel_id` text,
	`comment_id` text NOT NULL,
	`media_id` text NOT NULL,
	`parent_comment_id` text,
	`from_id` text NOT NULL,
	`from_username` text,
	`text` text DEFAULT '' NOT NULL,
	`contact_id` text,
	`thread_id` text,
	`message_id` text,
	`private_reply_message_id` text,
	`private_replied_at` integer,
	`public_reply_count` integer DEFAULT 0 NOT NULL,
	`commented_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`thread_id`) REFERENCES `threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instagram_comments_account_comment_uq` ON `instagram_comments` (`account_id`,`comment_id`);--> statement-breakpoint
CREATE INDEX `instagram_comments_media_idx` ON `instagram_comments` (`account_id`,`media_id`,`commented_at`);--> statement-breakpoint
CREATE TABLE `instagram_media` (
	`account_id` text NOT NULL,
	`media_id` text NOT NULL,
	`channel_id` text,
	`media_product_type` text,
	`caption` text,
	`permalink` text,
	`media_url` text,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`last_comment_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `media_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `instagram_media_last_idx` ON `instagram_media` (`account_id`,`last_comment_at`);--> statement-breakpoint
CREATE TABLE `outbound_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`message_id` text NOT NULL,
	`channel_id` text,
	`attempt` integer NOT NULL,
	`outcome` text NOT NULL,
	`http_status` integer,
	`error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbound_attempts_message_idx` ON `outbound_attempts` (`message_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `send_slots` (
	`key` text PRIMARY KEY NOT NULL,
	`next_at` integer NOT NULL
);
