CREATE TABLE `stripe_sync_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`position` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_key_attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `stripe_key_attempt` integer DEFAULT 0 NOT NULL;