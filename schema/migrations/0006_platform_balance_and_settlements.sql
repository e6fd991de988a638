CREATE TABLE `provider_settlements` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`settled_on` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_settlements_reference_unique` ON `provider_settlements` (`reference`);--> statement-breakpoint
ALTER TABLE `payouts` ADD `funding_waits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `waiting_for_funds_since` integer;--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`);