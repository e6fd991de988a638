CREATE TABLE `artist_links` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artist_links_token_hash_unique` ON `artist_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `artist_links_artist_idx` ON `artist_links` (`artist_id`);--> statement-breakpoint
CREATE TABLE `card_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`payment_id` text,
	`outcome` text DEFAULT 'pending' NOT NULL,
	`decline_code` text,
	`attempted_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `card_attempts_fingerprint_idx` ON `card_attempts` (`fingerprint`,`attempted_at`);--> statement-breakpoint
CREATE TABLE `failed_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`job_type` text NOT NULL,
	`payload` text NOT NULL,
	`error` text,
	`song_id` text,
	`failed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`account` text NOT NULL,
	`artist_id` text,
	`amount_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_entries_account_idx` ON `ledger_entries` (`account`);--> statement-breakpoint
CREATE INDEX `ledger_entries_artist_idx` ON `ledger_entries` (`artist_id`);--> statement-breakpoint
CREATE TABLE `ledger_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_transactions_kind_ref_unique` ON `ledger_transactions` (`kind`,`ref`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`song_id` text,
	`purpose` text NOT NULL,
	`package` text,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'claimed' NOT NULL,
	`request_id` text,
	`response_json` text,
	`payment_method_id` text,
	`card_fingerprint` text,
	`stripe_payment_intent_id` text,
	`failure_code` text,
	`decline_code` text,
	`failure_message` text,
	`retry_item_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_payment_intent_id_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_artist_idx` ON `payments` (`artist_id`);--> statement-breakpoint
CREATE INDEX `payments_song_idx` ON `payments` (`song_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_song_request_unique` ON `payments` (`song_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_song_open_unique` ON `payments` (`song_id`) WHERE song_id is not null and status in ('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX `payments_initial_charge_unique` ON `payments` (`artist_id`) WHERE purpose = 'initial_charge' and status in ('claimed', 'requires_payment_method', 'requires_action', 'processing', 'succeeded');--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_transfer_id` text,
	`failure_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_stripe_transfer_id_unique` ON `payouts` (`stripe_transfer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_artist_period_unique` ON `payouts` (`artist_id`,`period`);--> statement-breakpoint
CREATE TABLE `retry_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`item_count` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `retry_items` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`artist_id` text NOT NULL,
	`song_id` text,
	`payment_method_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `retry_batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_method_id`) REFERENCES `payment_methods`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `retry_items_batch_idx` ON `retry_items` (`batch_id`);--> statement-breakpoint
CREATE TABLE `song_events` (
	`id` text PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`cause` text NOT NULL,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `song_events_song_idx` ON `song_events` (`song_id`,`at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`stripe_subscription_id` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`current_period_end` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_artist_id_unique` ON `subscriptions` (`artist_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_id_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
ALTER TABLE `artists` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `artists` ADD `payouts_enabled` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `artists_stripe_account_id_unique` ON `artists` (`stripe_account_id`);--> statement-breakpoint
ALTER TABLE `songs` ADD `package` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `distribution_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `revenue_split_bps` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `deliver_at` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `bitrate` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `sample_rate` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `rejection_reason` text;--> statement-breakpoint
CREATE INDEX `songs_deliver_idx` ON `songs` (`status`,`deliver_at`);