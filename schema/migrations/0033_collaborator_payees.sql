CREATE TABLE `collaborator_payees` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`confirmed_at` integer,
	`code_hash` text,
	`code_expires_at` integer,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`stripe_account_id` text,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`payout_requirements` text DEFAULT '[]' NOT NULL,
	`account_key` text,
	`account_started_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaborator_payees_phone_unique` ON `collaborator_payees` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `collaborator_payees_stripe_account_id_unique` ON `collaborator_payees` (`stripe_account_id`);