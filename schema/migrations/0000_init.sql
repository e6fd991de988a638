CREATE TABLE `artists` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text,
	`payment_frequency` text DEFAULT 'daily' NOT NULL,
	`stripe_customer_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `artists_stripe_customer_id_unique` ON `artists` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `purchases` (
	`id` text PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`purchased_at` integer NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `purchases_song_idx` ON `purchases` (`song_id`);--> statement-breakpoint
CREATE TABLE `songs` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text,
	`title` text NOT NULL,
	`artist_name` text NOT NULL,
	`price_cents` integer DEFAULT 199 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`audio_key` text NOT NULL,
	`cover_key` text,
	`featured_at` integer,
	`distributed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `songs_status_created_idx` ON `songs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `songs_featured_idx` ON `songs` (`featured_at`);--> statement-breakpoint
CREATE INDEX `songs_artist_idx` ON `songs` (`artist_id`);