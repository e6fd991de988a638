CREATE TABLE `connect_account_creations` (
	`artist_id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`started_at` integer NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `connect_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`failure_code` text,
	`failure_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `connect_payouts_artist_idx` ON `connect_payouts` (`artist_id`);