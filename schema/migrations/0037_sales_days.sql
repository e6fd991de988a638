CREATE TABLE `sales_days` (
	`song_id` text NOT NULL,
	`day` integer NOT NULL,
	`facility_key` text NOT NULL,
	`artist_id` text NOT NULL,
	`units` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	`artist_cents` integer NOT NULL,
	`platform_cents` integer NOT NULL,
	PRIMARY KEY(`song_id`, `day`, `facility_key`)
);
--> statement-breakpoint
CREATE INDEX `sales_days_artist_idx` ON `sales_days` (`artist_id`,`day`,`song_id`,`facility_key`,`units`,`gross_cents`,`artist_cents`);--> statement-breakpoint
CREATE INDEX `sales_days_day_idx` ON `sales_days` (`day`,`song_id`,`facility_key`,`units`,`gross_cents`,`platform_cents`);--> statement-breakpoint
CREATE INDEX `ledger_entries_transaction_idx` ON `ledger_entries` (`transaction_id`,`account`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `purchases_facility_song_idx` ON `purchases` (`facility_id`,`song_id`,`purchased_at`,`listener_id`);--> statement-breakpoint
CREATE TABLE `sales_months` (
	`song_id` text NOT NULL,
	`month` integer NOT NULL,
	`facility_key` text NOT NULL,
	`artist_id` text NOT NULL,
	`units` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	`artist_cents` integer NOT NULL,
	`platform_cents` integer NOT NULL,
	PRIMARY KEY(`song_id`, `month`, `facility_key`)
);
--> statement-breakpoint
CREATE INDEX `sales_months_artist_idx` ON `sales_months` (`artist_id`,`month`,`song_id`,`facility_key`,`units`,`gross_cents`,`artist_cents`);--> statement-breakpoint
CREATE INDEX `sales_months_month_idx` ON `sales_months` (`month`,`song_id`,`facility_key`,`units`,`gross_cents`,`platform_cents`);
--> statement-breakpoint
CREATE TABLE `song_day_counts` (
	`song_id` text NOT NULL,
	`day` integer NOT NULL,
	`previews` integer DEFAULT 0 NOT NULL,
	`saves` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`song_id`, `day`)
);
--> statement-breakpoint
-- Every sale recorded before the rollup existed, summed as schema/src/sales-days.ts sums a touched row
-- (a row already there is summed again: the statement may run over a database that has some).
INSERT OR REPLACE INTO `sales_days` (`song_id`, `day`, `facility_key`, `artist_id`, `units`, `gross_cents`, `artist_cents`, `platform_cents`)
SELECT song_id, day, facility_key, artist_id, sum(1 - refunded), sum(CASE WHEN refunded = 1 THEN 0 ELSE price_cents END), sum(artist_cents), sum(platform_cents)
FROM (
  SELECT q.song_id, q.purchased_at / 86400000 AS day, coalesce(q.facility_id, '') AS facility_key, s.artist_id, q.price_cents,
    EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.kind = 'purchase.refund' AND t.ref = q.id) AS refunded,
    (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.kind IN ('purchase', 'purchase.split', 'purchase.refund', 'purchase.split_refund') AND t.ref = q.id AND e.account = 'artist:' || s.artist_id || ':available') AS artist_cents,
    (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.kind IN ('purchase', 'purchase.split', 'purchase.refund', 'purchase.split_refund') AND t.ref = q.id AND e.account = 'platform:revenue') AS platform_cents
  FROM purchases q JOIN songs s ON s.id = q.song_id
  WHERE s.artist_id IS NOT NULL
)
GROUP BY song_id, day, facility_key;
--> statement-breakpoint
INSERT OR REPLACE INTO `sales_months` (`song_id`, `month`, `facility_key`, `artist_id`, `units`, `gross_cents`, `artist_cents`, `platform_cents`)
SELECT song_id, unixepoch(day * 86400, 'unixepoch', 'start of month') / 86400, facility_key, artist_id, sum(units), sum(gross_cents), sum(artist_cents), sum(platform_cents)
FROM sales_days GROUP BY song_id, 2, facility_key;
