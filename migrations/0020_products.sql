CREATE TABLE `product_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_categories_account_parent_idx` ON `product_categories` (`account_id`,`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_import_chunks` (
	`import_id` text NOT NULL,
	`chunk` integer NOT NULL,
	`done_at` integer NOT NULL,
	PRIMARY KEY(`import_id`, `chunk`),
	FOREIGN KEY (`import_id`) REFERENCES `product_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `product_import_issues` (
	`import_id` text NOT NULL,
	`row` integer NOT NULL,
	`column` text DEFAULT '' NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	`reason` text NOT NULL,
	FOREIGN KEY (`import_id`) REFERENCES `product_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_import_issues_import_row_idx` ON `product_import_issues` (`import_id`,`row`);--> statement-breakpoint
CREATE TABLE `product_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`created_by` text,
	`file_name` text NOT NULL,
	`file_key` text NOT NULL,
	`header` text DEFAULT '[]' NOT NULL,
	`mapping` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`total_rows` integer NOT NULL,
	`chunk_count` integer NOT NULL,
	`chunks_done` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_imports_account_created_idx` ON `product_imports` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category_id` text,
	`price` integer NOT NULL,
	`old_price` integer,
	`currency` text DEFAULT 'RUB' NOT NULL,
	`availability` text DEFAULT 'in_stock' NOT NULL,
	`stock_count` integer,
	`images` text DEFAULT '[]' NOT NULL,
	`link` text,
	`active` integer DEFAULT true NOT NULL,
	`attributes` text DEFAULT '[]' NOT NULL,
	`search_name` text DEFAULT '' NOT NULL,
	`search_body` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `product_categories`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_account_sku_uq` ON `products` (`account_id`,`sku`);--> statement-breakpoint
CREATE INDEX `products_account_updated_idx` ON `products` (`account_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `products_account_name_idx` ON `products` (`account_id`,`search_name`);--> statement-breakpoint
CREATE INDEX `products_account_price_idx` ON `products` (`account_id`,`price`);--> statement-breakpoint
CREATE INDEX `products_account_category_idx` ON `products` (`account_id`,`category_id`);--> statement-breakpoint
CREATE TABLE `promotions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`code` text,
	`kind` text NOT NULL,
	`percent` integer,
	`amount` integer,
	`currency` text DEFAULT 'RUB' NOT NULL,
	`gift_text` text,
	`applies_to` text DEFAULT 'all' NOT NULL,
	`category_ids` text DEFAULT '[]' NOT NULL,
	`product_ids` text DEFAULT '[]' NOT NULL,
	`min_order` integer,
	`valid_from` integer,
	`valid_to` integer,
	`usage_limit` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `promotions_account_created_idx` ON `promotions` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `assistants` ADD `knows_catalogue` integer DEFAULT false NOT NULL;