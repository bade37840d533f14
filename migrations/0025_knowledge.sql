CREATE TABLE `assistant_knowledge` (
	`assistant_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`mode` text DEFAULT 'all' NOT NULL,
	`source_ids` text DEFAULT '[]' NOT NULL,
	`handoff_when_uncovered` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`assistant_id`) REFERENCES `assistants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `knowledge_chunks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`source_id` text NOT NULL,
	`position` integer NOT NULL,
	`text` text NOT NULL,
	`embedding` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_id`) REFERENCES `knowledge_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_chunks_source_idx` ON `knowledge_chunks` (`source_id`,`position`);--> statement-breakpoint
CREATE INDEX `knowledge_chunks_account_idx` ON `knowledge_chunks` (`account_id`);--> statement-breakpoint
CREATE TABLE `knowledge_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`error` text,
	`question` text DEFAULT '' NOT NULL,
	`answer` text DEFAULT '' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`url` text,
	`file_name` text,
	`mime_type` text,
	`file_key` text,
	`assistant_id` text,
	`content_hash` text,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`char_count` integer DEFAULT 0 NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`fetched_at` integer,
	`indexed_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assistant_id`) REFERENCES `assistants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `knowledge_sources_account_idx` ON `knowledge_sources` (`account_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `knowledge_sources_assistant_idx` ON `knowledge_sources` (`assistant_id`);