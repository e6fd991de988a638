DROP INDEX `text_messages_created_idx`;--> statement-breakpoint
CREATE INDEX `text_messages_created_id_idx` ON `text_messages` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `songs` ADD `purchase_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `songs_status_artist_idx` ON `songs` (`status`,`artist_id`);--> statement-breakpoint
CREATE INDEX `artists_created_idx` ON `artists` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `artists_phone_idx` ON `artists` (`phone`);--> statement-breakpoint
CREATE INDEX `payment_methods_last4_idx` ON `payment_methods` (`last4`);--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`status`);--> statement-breakpoint
-- The running counts start from the purchases already recorded.
UPDATE `songs` SET `purchase_count` = (SELECT count(*) FROM `purchases` WHERE `purchases`.`song_id` = `songs`.`id`);
