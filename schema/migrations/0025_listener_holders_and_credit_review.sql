CREATE TABLE `download_credits` (
	`receipt_id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`requested_at` integer NOT NULL,
	`credited_at` integer,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `download_credits_provider_idx` ON `download_credits` (`provider_id`,`credited_at`);--> statement-breakpoint
CREATE INDEX `download_credits_status_idx` ON `download_credits` (`status`,`requested_at`);--> statement-breakpoint
CREATE TABLE `listener_holders` (
	`listener_id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `listener_holders_provider_idx` ON `listener_holders` (`provider_id`);--> statement-breakpoint
CREATE TABLE `listener_transfer_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`listener_id` text NOT NULL,
	`from_provider_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text
);
--> statement-breakpoint
CREATE INDEX `listener_transfer_codes_listener_idx` ON `listener_transfer_codes` (`listener_id`);--> statement-breakpoint
-- Every listener named so far was named by the primary provider's purchase reports (the only
-- provider that reports purchases): it holds them (docs/decisions/086-listeners-held-by-one-provider.md).
INSERT INTO `listener_holders` (`listener_id`, `provider_id`, `since`)
	SELECT `listener_id`, 'primary', min(`purchased_at`) FROM `purchases` WHERE `listener_id` IS NOT NULL GROUP BY `listener_id`;--> statement-breakpoint
-- Credits already written to the ledger keep their record, counted as automatic ones of the provider
-- whose failure report came last before the credit (the primary one when none is known).
INSERT INTO `download_credits` (`receipt_id`, `provider_id`, `amount_cents`, `status`, `requested_at`, `credited_at`)
	SELECT t.`ref`,
		coalesce((SELECT f.`provider_id` FROM `download_failures` f WHERE f.`receipt_id` = t.`ref` AND f.`at` <= t.`created_at` ORDER BY f.`at` DESC LIMIT 1), 'primary'),
		r.`price_cents`, 'credited', t.`created_at`, t.`created_at`
	FROM `ledger_transactions` t JOIN `receipts` r ON r.`id` = t.`ref`
	WHERE t.`kind` = 'download.credit';
