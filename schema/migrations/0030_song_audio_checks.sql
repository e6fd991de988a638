CREATE TABLE `song_audio_checks` (
	`song_id` text PRIMARY KEY NOT NULL,
	`integrated_loudness` integer,
	`loudness_range` integer,
	`true_peak` integer NOT NULL,
	`leading_silence_ms` integer NOT NULL,
	`trailing_silence_ms` integer NOT NULL,
	`clipped_samples` integer NOT NULL,
	`flags` text DEFAULT '[]' NOT NULL,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
