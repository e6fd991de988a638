CREATE TABLE `identifier_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`last_number` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `song_credits` (
	`song_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `song_credits_song_position_unique` ON `song_credits` (`song_id`,`position`);--> statement-breakpoint
ALTER TABLE `songs` ADD `isrc` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `upc` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `genre` text DEFAULT 'Pop' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `lyrics_language` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `release_date` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `p_line_year` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `p_line_holder` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `c_line_year` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `c_line_holder` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `lyrics` text;--> statement-breakpoint
ALTER TABLE `songs` ADD `instrumental` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `songs` ADD `clean_version_of` text;--> statement-breakpoint
CREATE UNIQUE INDEX `songs_isrc_unique` ON `songs` (`isrc`);--> statement-breakpoint
CREATE UNIQUE INDEX `songs_upc_unique` ON `songs` (`upc`);--> statement-breakpoint
CREATE INDEX `songs_clean_version_idx` ON `songs` (`clean_version_of`);--> statement-breakpoint
-- Songs from before release metadata: released on the day they were uploaded, ℗ and © that year by
-- the artist, performed and composed by the artist (what an upload that says nothing gets).
UPDATE `songs` SET
	`release_date` = strftime('%Y-%m-%d', `created_at` / 1000, 'unixepoch'),
	`p_line_year` = CAST(strftime('%Y', `created_at` / 1000, 'unixepoch') AS INTEGER),
	`c_line_year` = CAST(strftime('%Y', `created_at` / 1000, 'unixepoch') AS INTEGER),
	`p_line_holder` = `artist_name`,
	`c_line_holder` = `artist_name`;--> statement-breakpoint
INSERT INTO `song_credits` (`song_id`, `position`, `name`, `role`)
	SELECT `id`, 0, `artist_name`, 'performer' FROM `songs`;--> statement-breakpoint
INSERT INTO `song_credits` (`song_id`, `position`, `name`, `role`)
	SELECT `id`, 1, `artist_name`, 'composer' FROM `songs`;
