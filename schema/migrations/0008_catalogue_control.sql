CREATE TABLE `catalogue_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`song_id` text NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `catalogue_changes_song_idx` ON `catalogue_changes` (`song_id`);--> statement-breakpoint
CREATE TABLE `facilities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`clean_only` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `song_events` ADD `actor` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `rejection_code` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `explicit` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `taken_down_at` integer;--> statement-breakpoint
ALTER TABLE `songs` ADD `takedown_reason` text;--> statement-breakpoint
UPDATE `songs` SET `reviewed_at` = coalesce(`distributed_at`, `created_at`), `reviewed_by` = 'delivered before review existed' WHERE `status` = 'distributed';--> statement-breakpoint
INSERT INTO `catalogue_changes` (`song_id`, `kind`, `at`) SELECT `id`, 'release', coalesce(`distributed_at`, `created_at`) FROM `songs` WHERE `status` = 'distributed' ORDER BY coalesce(`distributed_at`, `created_at`), `id`;
