ALTER TABLE `flow_turns` ADD `after` text;--> statement-breakpoint
ALTER TABLE `flow_turns` ADD `after_done_at` integer;--> statement-breakpoint
CREATE INDEX `flow_turns_after_idx` ON `flow_turns` (`created_at`) WHERE after_done_at IS NULL AND after IS NOT NULL;