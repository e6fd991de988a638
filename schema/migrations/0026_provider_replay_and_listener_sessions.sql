CREATE TABLE `listener_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`listener_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `listener_sessions_listener_idx` ON `listener_sessions` (`provider_id`,`listener_id`);--> statement-breakpoint
CREATE INDEX `listener_sessions_expires_idx` ON `listener_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `provider_signatures` (
	`signature_hash` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `provider_signatures_expires_idx` ON `provider_signatures` (`expires_at`);