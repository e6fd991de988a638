CREATE TABLE `collaborators` (
	`id` text PRIMARY KEY NOT NULL,
	`artist_id` text NOT NULL,
	`phone` text NOT NULL,
	`name` text NOT NULL,
	`accepted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`artist_id`) REFERENCES `artists`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaborators_artist_phone_unique` ON `collaborators` (`artist_id`,`phone`);--> statement-breakpoint
CREATE TABLE `song_split_shares` (
	`version_id` text NOT NULL,
	`position` integer NOT NULL,
	`collaborator_id` text NOT NULL,
	`role` text NOT NULL,
	`basis_points` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `song_split_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`collaborator_id`) REFERENCES `collaborators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `song_split_shares_version_position_unique` ON `song_split_shares` (`version_id`,`position`);--> statement-breakpoint
CREATE TABLE `song_split_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL,
	`version` integer NOT NULL,
	`effective_from` integer NOT NULL,
	`recoup_payee_id` text,
	`recoup_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`song_id`) REFERENCES `songs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recoup_payee_id`) REFERENCES `collaborators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `song_split_versions_song_version_unique` ON `song_split_versions` (`song_id`,`version`);--> statement-breakpoint
CREATE INDEX `song_split_versions_song_from_idx` ON `song_split_versions` (`song_id`,`effective_from`);--> statement-breakpoint
CREATE TABLE `split_credits` (
	`id` text PRIMARY KEY NOT NULL,
	`purchase_id` text NOT NULL,
	`song_id` text NOT NULL,
	`artist_id` text NOT NULL,
	`version_id` text NOT NULL,
	`collaborator_id` text NOT NULL,
	`kind` text NOT NULL,
	`cents` integer NOT NULL,
	`held` integer NOT NULL,
	`created_at` integer NOT NULL,
	`warned_at` integer,
	`returned_at` integer,
	`refunded_at` integer,
	FOREIGN KEY (`version_id`) REFERENCES `song_split_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`collaborator_id`) REFERENCES `collaborators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `split_credits_purchase_collaborator_kind_unique` ON `split_credits` (`purchase_id`,`collaborator_id`,`kind`);--> statement-breakpoint
CREATE INDEX `split_credits_version_idx` ON `split_credits` (`version_id`);--> statement-breakpoint
CREATE INDEX `split_credits_held_idx` ON `split_credits` (`held`,`returned_at`,`created_at`);