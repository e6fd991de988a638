CREATE TABLE `collaborator_links` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`token_hash` text NOT NULL,
	`revoked_at` integer,
	`renewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaborator_links_token_hash_unique` ON `collaborator_links` (`token_hash`);