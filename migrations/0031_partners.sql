CREATE TABLE `partner_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`company` text,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`website` text NOT NULL,
	`audience` text NOT NULL,
	`expected_volume` text NOT NULL,
	`payout_method` text NOT NULL,
	`legal_form` text NOT NULL,
	`inn` text,
	`bank_account` text,
	`bik` text,
	`card_last4` text,
	`agreed_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reject_reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_applications_status_idx` ON `partner_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_applications_user_idx` ON `partner_applications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `partner_applications_pending_uq` ON `partner_applications` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE TABLE `partner_attributions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`code_id` text,
	`touched_at` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`code_id`) REFERENCES `partner_codes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_attributions_partner_idx` ON `partner_attributions` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_attributions_code_idx` ON `partner_attributions` (`code_id`);--> statement-breakpoint
CREATE TABLE `partner_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`code` text NOT NULL,
	`code_key` text NOT NULL,
	`label` text,
	`is_default` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_codes_key_uq` ON `partner_codes` (`code_key`);--> statement-breakpoint
CREATE INDEX `partner_codes_partner_idx` ON `partner_codes` (`partner_id`);--> statement-breakpoint
CREATE TABLE `partner_commissions` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`account_id` text NOT NULL,
	`code_id` text,
	`payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`base_kopecks` integer NOT NULL,
	`rate_bp` integer NOT NULL,
	`key` text NOT NULL,
	`available_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_commissions_key_uq` ON `partner_commissions` (`key`);--> statement-breakpoint
CREATE INDEX `partner_commissions_partner_idx` ON `partner_commissions` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_commissions_account_idx` ON `partner_commissions` (`account_id`);--> statement-breakpoint
CREATE TABLE `partner_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`amount_kopecks` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`reference` text,
	`reject_reason` text,
	`decided_by` text,
	`approved_at` integer,
	`paid_at` integer,
	`rejected_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `partner_payouts_partner_idx` ON `partner_payouts` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_payouts_status_idx` ON `partner_payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`application_id` text,
	`rate_bp` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partners_user_uq` ON `partners` (`user_id`);--> statement-breakpoint
ALTER TABLE `partner_clicks` ADD `visitor` text;--> statement-breakpoint
ALTER TABLE `partner_clicks` ADD `day` text;--> statement-breakpoint
ALTER TABLE `partner_clicks` ADD `code_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `partner_clicks_visit_uq` ON `partner_clicks` (`code`,`visitor`,`day`);--> statement-breakpoint
CREATE INDEX `partner_clicks_code_id_idx` ON `partner_clicks` (`code_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `partner_clicks_visitor_idx` ON `partner_clicks` (`visitor`,`created_at`);