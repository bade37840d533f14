ALTER TABLE `accounts` ADD `search_slot` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_search_slot_uq` ON `accounts` (`search_slot`);