PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_ingest_outbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`source` text NOT NULL,
	`message_ids` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_ingest_outbox`("account_id", "source", "message_ids", "created_at") SELECT "account_id", "source", json_group_array("message_id"), min("created_at") FROM `ingest_outbox` GROUP BY "account_id", "source";--> statement-breakpoint
DROP TABLE `ingest_outbox`;--> statement-breakpoint
ALTER TABLE `__new_ingest_outbox` RENAME TO `ingest_outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;