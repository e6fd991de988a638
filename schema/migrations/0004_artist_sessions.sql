CREATE TABLE `admin_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_token_hash_unique` ON `admin_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `admin_sessions_expires_idx` ON `admin_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `admin_sign_in_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`address` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_sign_in_attempts_address_idx` ON `admin_sign_in_attempts` (`address`,`at`);--> statement-breakpoint
CREATE INDEX `admin_sign_in_attempts_at_idx` ON `admin_sign_in_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `artist_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`artist_id` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ended_at` integer,
	`ended_reason` text,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artist_sessions_token_hash_unique` ON `artist_sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `artist_sessions_artist_idx` ON `artist_sessions` (`artist_id`,`ended_at`);--> statement-breakpoint
CREATE INDEX `artist_sessions_expires_idx` ON `artist_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `payment_mismatches` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`stripe_payment_intent_id` text NOT NULL,
	`source` text NOT NULL,
	`expected_amount_cents` integer NOT NULL,
	`received_amount_cents` integer,
	`expected_currency` text NOT NULL,
	`received_currency` text,
	`expected_customer` text,
	`received_customer` text,
	`detected_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_mismatches_payment_intent_unique` ON `payment_mismatches` (`payment_id`,`stripe_payment_intent_id`);--> statement-breakpoint
ALTER TABLE `artist_links` ADD `renewed_at` integer;