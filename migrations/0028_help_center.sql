CREATE TABLE `help_article_translations` (
	`article_id` text NOT NULL,
	`locale` text NOT NULL,
	`title` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`article_id`, `locale`),
	FOREIGN KEY (`article_id`) REFERENCES `help_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "help_article_tr_locale_ck" CHECK("help_article_translations"."locale" IN ('ru', 'en'))
);
--> statement-breakpoint
CREATE TABLE `help_article_votes` (
	`article_id` text NOT NULL,
	`user_id` text NOT NULL,
	`helpful` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`article_id`, `user_id`),
	FOREIGN KEY (`article_id`) REFERENCES `help_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `help_articles` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`category` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`related` text DEFAULT '[]' NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`helpful_count` integer DEFAULT 0 NOT NULL,
	`not_helpful_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `help_articles_slug_uq` ON `help_articles` (`slug`);--> statement-breakpoint
CREATE INDEX `help_articles_order_idx` ON `help_articles` (`category`,`position`);--> statement-breakpoint
CREATE TABLE `help_faq_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `help_faq_order_idx` ON `help_faq_entries` (`category`,`position`);--> statement-breakpoint
CREATE TABLE `help_faq_translations` (
	`entry_id` text NOT NULL,
	`locale` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`entry_id`, `locale`),
	FOREIGN KEY (`entry_id`) REFERENCES `help_faq_entries`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "help_faq_tr_locale_ck" CHECK("help_faq_translations"."locale" IN ('ru', 'en'))
);
