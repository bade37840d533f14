CREATE TABLE `calendar_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`contact_id` text,
	`thread_id` text,
	`calendar_id` text NOT NULL,
	`event_id` text NOT NULL,
	`start_at` integer NOT NULL,
	`end_at` integer NOT NULL,
	`timezone` text NOT NULL,
	`summary` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`reminder_at` integer,
	`reminder_sent_at` integer,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_bookings_event_uq` ON `calendar_bookings` (`account_id`,`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_bookings_live_slot_uq` ON `calendar_bookings` (`account_id`,`calendar_id`,`start_at`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `calendar_bookings_account_start_idx` ON `calendar_bookings` (`account_id`,`start_at`);--> statement-breakpoint
CREATE INDEX `calendar_bookings_contact_idx` ON `calendar_bookings` (`contact_id`);--> statement-breakpoint
CREATE TABLE `google_calendar_connections` (
	`account_id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'disconnected' NOT NULL,
	`refresh_token_enc` text,
	`access_token_enc` text,
	`access_expires_at` integer,
	`scope` text,
	`calendar_id` text,
	`calendar_summary` text,
	`settings` text,
	`last_error_code` text,
	`last_error` text,
	`last_error_at` integer,
	`last_worked_at` integer,
	`connected_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
