CREATE TABLE `audit_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`facility_id` text,
	`song_id` text,
	`artist_id` text,
	`list_id` text,
	`detail` text NOT NULL,
	`list_versions` text NOT NULL,
	`matches` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_facility_idx` ON `audit_log` (`facility_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_song_idx` ON `audit_log` (`song_id`);--> statement-breakpoint
CREATE TABLE `facility_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`facility_id` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facility_blocks_unique` ON `facility_blocks` (`facility_id`,`kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `facility_song_reviews` (
	`facility_id` text NOT NULL,
	`song_id` text NOT NULL,
	`status` text NOT NULL,
	`terms` text NOT NULL,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`held_at` integer,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facility_song_reviews_unique` ON `facility_song_reviews` (`facility_id`,`song_id`);--> statement-breakpoint
CREATE INDEX `facility_song_reviews_song_idx` ON `facility_song_reviews` (`song_id`,`status`);--> statement-breakpoint
CREATE TABLE `facility_term_lists` (
	`facility_id` text NOT NULL,
	`list_id` text NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`list_id`) REFERENCES `term_lists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facility_term_lists_unique` ON `facility_term_lists` (`facility_id`,`list_id`);--> statement-breakpoint
CREATE INDEX `facility_term_lists_list_idx` ON `facility_term_lists` (`list_id`);--> statement-breakpoint
CREATE TABLE `song_screening_matches` (
	`song_id` text NOT NULL,
	`list_id` text NOT NULL,
	`list_version` integer NOT NULL,
	`field` text NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`text` text NOT NULL,
	`term` text NOT NULL,
	`language` text NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`list_id`) REFERENCES `term_lists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `song_screening_matches_song_idx` ON `song_screening_matches` (`song_id`);--> statement-breakpoint
CREATE INDEX `song_screening_matches_list_idx` ON `song_screening_matches` (`list_id`);--> statement-breakpoint
CREATE TABLE `song_screenings` (
	`song_id` text PRIMARY KEY NOT NULL,
	`list_versions` text NOT NULL,
	`screened_at` integer NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `term_list_versions` (
	`list_id` text NOT NULL,
	`version` integer NOT NULL,
	`name` text NOT NULL,
	`terms` text NOT NULL,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `term_lists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `term_list_versions_list_version_unique` ON `term_list_versions` (`list_id`,`version`);--> statement-breakpoint
CREATE TABLE `term_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `term_lists_name_unique` ON `term_lists` (`name`);--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or remove a record.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: records cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: records cannot be deleted'); END;
