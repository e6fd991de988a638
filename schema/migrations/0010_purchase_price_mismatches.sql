CREATE TABLE `purchase_price_mismatches` (
	`id` text PRIMARY KEY NOT NULL,
	`purchase_id` text NOT NULL,
	`song_id` text NOT NULL,
	`reported_price_cents` integer NOT NULL,
	`catalogue_price_cents` integer NOT NULL,
	`purchased_at` integer NOT NULL,
	`detected_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_price_mismatches_purchase_id_unique` ON `purchase_price_mismatches` (`purchase_id`);--> statement-breakpoint
CREATE INDEX `purchase_price_mismatches_detected_idx` ON `purchase_price_mismatches` (`detected_at`);