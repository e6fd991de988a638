ALTER TABLE `song_audio_checks` ADD `preview_start_ms` integer;--> statement-breakpoint
ALTER TABLE `song_audio_checks` ADD `preview_duration_ms` integer;--> statement-breakpoint
ALTER TABLE `song_audio_checks` ADD `delivered_gain_steps` integer;