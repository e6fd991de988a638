CREATE TABLE `song_catalogue_matches` (
	`song_id` text NOT NULL,
	`matched_song_id` text NOT NULL,
	`bit_error_rate_bp` integer NOT NULL,
	`offset_ms` integer NOT NULL,
	`overlap_ms` integer NOT NULL,
	`same_artist` integer NOT NULL,
	`found_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`decision_reason` text,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`matched_song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `song_catalogue_matches_pair` ON `song_catalogue_matches` (`song_id`,`matched_song_id`);--> statement-breakpoint
CREATE TABLE `song_fingerprint_keys` (
	`key` integer NOT NULL,
	`song_id` text NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `song_fingerprint_keys_key_song` ON `song_fingerprint_keys` (`key`,`song_id`);--> statement-breakpoint
CREATE INDEX `song_fingerprint_keys_song` ON `song_fingerprint_keys` (`song_id`);--> statement-breakpoint
CREATE TABLE `song_fingerprints` (
	`song_id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
