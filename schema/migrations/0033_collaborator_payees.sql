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
CREATE UNIQUE INDEX `collaborator_payees_stripe_account_id_unique` ON `collaborator_payees` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `collaborator_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`payee_id` text NOT NULL,
	`period` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`parts` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_transfer_id` text,
	`failure_message` text,
	`stripe_key_attempt` integer DEFAULT 0 NOT NULL,
	`funding_waits` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`payee_id`) REFERENCES `collaborator_payees`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaborator_payouts_stripe_transfer_id_unique` ON `collaborator_payouts` (`stripe_transfer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `collaborator_payouts_payee_period_unique` ON `collaborator_payouts` (`payee_id`,`period`);--> statement-breakpoint
CREATE INDEX `collaborator_payouts_status_idx` ON `collaborator_payouts` (`status`);