CREATE TABLE `contact_field_values` (
	`account_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`field_id` text NOT NULL,
	`value_text` text NOT NULL,
	`value_num` real,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`contact_id`, `field_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `custom_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_field_values_text_idx` ON `contact_field_values` (`account_id`,`field_id`,`value_text`,`contact_id`);--> statement-breakpoint
CREATE INDEX `contact_field_values_num_idx` ON `contact_field_values` (`account_id`,`field_id`,`value_num`,`contact_id`);--> statement-breakpoint
CREATE INDEX `contact_field_values_field_idx` ON `contact_field_values` (`field_id`);--> statement-breakpoint
CREATE TABLE `contact_tags` (
	`account_id` text NOT NULL,
	`tag_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`tag_id`, `contact_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_tags_account_tag_idx` ON `contact_tags` (`account_id`,`tag_id`,`contact_id`);--> statement-breakpoint
CREATE INDEX `contact_tags_contact_idx` ON `contact_tags` (`contact_id`);--> statement-breakpoint
CREATE TABLE `custom_fields` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`type` text NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_fields_account_key_uq` ON `custom_fields` (`account_id`,`key`);--> statement-breakpoint
CREATE INDEX `custom_fields_account_position_idx` ON `custom_fields` (`account_id`,`position`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`color` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_account_name_uq` ON `tags` (`account_id`,`name_key`);