CREATE TABLE `audit_log_seals` (
	`seq` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`sealed_at` integer NOT NULL,
	FOREIGN KEY (`seq`) REFERENCES `audit_log`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Hand-written (drizzle-kit writes no triggers; docs/decisions/087-audit-log-hash-chain.md).
-- The audit log is append-only (migration 0018 refuses UPDATE and DELETE): an INSERT OR REPLACE over a
-- record (which deletes it without firing the DELETE trigger) and a record slipped in below the newest
-- one are refused too. (SQLite gives NEW.seq as -1 in a BEFORE INSERT trigger when the number is left
-- to AUTOINCREMENT, as every write of the product does.)
CREATE TRIGGER `audit_log_no_replace` BEFORE INSERT ON `audit_log`
WHEN EXISTS (SELECT 1 FROM `audit_log` WHERE `seq` = NEW.`seq`) OR (NEW.`seq` <> -1 AND NEW.`seq` < (SELECT max(`seq`) FROM `audit_log`))
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: records cannot be replaced or inserted between others'); END;
--> statement-breakpoint
-- A seal is written once, only at the chain's head, never changed or removed.
CREATE TRIGGER `audit_log_seals_at_head` BEFORE INSERT ON `audit_log_seals`
WHEN NEW.`seq` <= (SELECT coalesce(max(`seq`), 0) FROM `audit_log_seals`)
BEGIN SELECT RAISE(ABORT, 'audit_log_seals is append-only: a seal is added only after the newest one'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_seals_no_update` BEFORE UPDATE ON `audit_log_seals` BEGIN SELECT RAISE(ABORT, 'audit_log_seals is append-only: seals cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_seals_no_delete` BEFORE DELETE ON `audit_log_seals` BEGIN SELECT RAISE(ABORT, 'audit_log_seals is append-only: seals cannot be deleted'); END;
--> statement-breakpoint
-- Every version of a term list stays as it was written: the audit log's records name these versions.
CREATE TRIGGER `term_list_versions_no_replace` BEFORE INSERT ON `term_list_versions`
WHEN EXISTS (SELECT 1 FROM `term_list_versions` WHERE (`list_id` = NEW.`list_id` AND `version` = NEW.`version`) OR rowid = NEW.rowid)
BEGIN SELECT RAISE(ABORT, 'term_list_versions is append-only: versions cannot be replaced'); END;
--> statement-breakpoint
CREATE TRIGGER `term_list_versions_no_update` BEFORE UPDATE ON `term_list_versions` BEGIN SELECT RAISE(ABORT, 'term_list_versions is append-only: versions cannot be changed'); END;
--> statement-breakpoint
CREATE TRIGGER `term_list_versions_no_delete` BEFORE DELETE ON `term_list_versions` BEGIN SELECT RAISE(ABORT, 'term_list_versions is append-only: versions cannot be deleted'); END;
