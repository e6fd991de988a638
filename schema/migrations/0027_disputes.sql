CREATE TABLE `card_fraud_warnings` (
	`fingerprint` text PRIMARY KEY NOT NULL,
	`stripe_warning_id` text NOT NULL,
	`stripe_charge_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`stripe_charge_id` text NOT NULL,
	`payment_id` text,
	`song_id` text,
	`artist_id` text,
	`card_fingerprint` text,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`inquiry` integer NOT NULL,
	`evidence_due_by` integer,
	`evidence_submitted_at` integer,
	`song_held` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `disputes_payment_idx` ON `disputes` (`payment_id`);--> statement-breakpoint
CREATE INDEX `disputes_artist_idx` ON `disputes` (`artist_id`,`status`);--> statement-breakpoint
CREATE INDEX `disputes_fingerprint_idx` ON `disputes` (`card_fingerprint`);