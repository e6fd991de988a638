CREATE TABLE `download_failures` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`attempt_id` text NOT NULL,
	`reason` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `download_failures_attempt_unique` ON `download_failures` (`provider_id`,`attempt_id`);--> statement-breakpoint
CREATE INDEX `download_failures_receipt_idx` ON `download_failures` (`receipt_id`);--> statement-breakpoint
CREATE TABLE `receipt_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`listener_id` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `receipt_redemptions_receipt_idx` ON `receipt_redemptions` (`receipt_id`,`at`);--> statement-breakpoint
CREATE INDEX `receipt_redemptions_listener_idx` ON `receipt_redemptions` (`listener_id`,`at`);--> statement-breakpoint
CREATE INDEX `receipt_redemptions_provider_idx` ON `receipt_redemptions` (`provider_id`,`at`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`purchase_id` text NOT NULL,
	`listener_id` text NOT NULL,
	`song_id` text NOT NULL,
	`isrc` text,
	`price_cents` integer NOT NULL,
	`purchased_at` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`kid` text NOT NULL,
	`token` text NOT NULL,
	`revoked_at` integer,
	`revoked_reason` text,
	`revoked_by` text,
	FOREIGN KEY (`purchase_id`) REFERENCES `purchases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_purchase_id_unique` ON `receipts` (`purchase_id`);--> statement-breakpoint
CREATE INDEX `receipts_listener_idx` ON `receipts` (`listener_id`,`purchased_at`);--> statement-breakpoint
ALTER TABLE `purchases` ADD `listener_id` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `device_id` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `facility_id` text;--> statement-breakpoint
ALTER TABLE `purchases` ADD `isrc` text;--> statement-breakpoint
CREATE INDEX `purchases_listener_idx` ON `purchases` (`listener_id`,`purchased_at`);--> statement-breakpoint
ALTER TABLE `songs` ADD `takedown_kind` text;