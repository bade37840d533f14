CREATE TABLE `bitrix24_call_log` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`method` text NOT NULL,
	`ok` integer NOT NULL,
	`http_status` integer,
	`error_code` text,
	`error_message` text,
	`duration_ms` integer NOT NULL,
	`attempt` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bitrix24_call_log_account_idx` ON `bitrix24_call_log` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bitrix24_integrations` (
	`account_id` text PRIMARY KEY NOT NULL,
	`mode` text NOT NULL,
	`webhook_url` text,
	`domain` text NOT NULL,
	`member_id` text,
	`client_endpoint` text,
	`server_endpoint` text,
	`access_token` text,
	`refresh_token` text,
	`access_expires_at` integer,
	`status` text DEFAULT 'connected' NOT NULL,
	`last_error` text,
	`last_ok_at` integer,
	`settings` text DEFAULT '{}' NOT NULL,
	`rate_tat` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bitrix24_integrations_member_uq` ON `bitrix24_integrations` (`member_id`);--> statement-breakpoint
CREATE TABLE `bitrix24_links` (
	`account_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`status` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`bitrix_contact_id` text,
	`reason` text NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`account_id`, `contact_id`),
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bitrix24_links_entity_idx` ON `bitrix24_links` (`account_id`,`entity_type`,`entity_id`);