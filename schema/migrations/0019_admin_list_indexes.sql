CREATE INDEX `artists_created_idx` ON `artists` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `artists_phone_idx` ON `artists` (`phone`);--> statement-breakpoint
CREATE INDEX `payment_methods_last4_idx` ON `payment_methods` (`last4`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);--> statement-breakpoint
CREATE INDEX `songs_status_artist_idx` ON `songs` (`status`,`artist_id`);