CREATE TABLE `contact_import_chunks` (
	`import_id` text NOT NULL,
	`chunk` integer NOT NULL,
	`done_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `chunk`),
	FOREIGN KEY (`import_id`) REFERENCES `contact_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contact_import_issues` (
	`import_id` text NOT NULL,
	`row` integer NOT NULL,
	`column` text DEFAULT '' NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`reason` text NOT NULL,
	`kind` text NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `contact_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_import_issues_import_row_idx` ON `contact_import_issues` (`import_id`,`row`);--> statement-breakpoint
CREATE TABLE `contact_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_by` text,
	`file_name` text NOT NULL,
	`file_key` text NOT NULL,
	`format` text NOT NULL,
	`header` text DEFAULT '[]' NOT NULL,
	`mapping` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`total_rows` integer NOT NULL,
	`chunk_count` integer NOT NULL,
	`chunks_done` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_imports_account_created_idx` ON `contact_imports` (`account_id`,`created_at`);