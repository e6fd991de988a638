CREATE TABLE `admin_summary_counts` (
	`id` integer PRIMARY KEY NOT NULL,
	`total_artists` integer NOT NULL,
	`payment_methods` integer NOT NULL,
	`pending_payments` integer NOT NULL,
	`counted_at` integer NOT NULL
);
