-- Full-text search over the catalogue's words (workers/api/src/catalogue/song-search.ts): each song's
-- title, artist name, credited names, genre and lyrics, case and accents folded ("canción" = "cancion",
-- tokenizer unicode61 with remove_diacritics 2), prefixes of 2 to 4 characters indexed for search as
-- one types. song_search_docs gives each song a fixed integer document id: a song's own rowid may
-- change (songs has no INTEGER PRIMARY KEY). The triggers keep the index in step with every write,
-- whichever code makes it. Kept out of schema/src/tables.ts: drizzle cannot describe a virtual table.
CREATE TABLE `song_search_docs` (
	`doc` integer PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL UNIQUE REFERENCES `songs`(`id`)
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `song_search` USING fts5(title, artist, credits, genre, lyrics, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
INSERT INTO `song_search_docs` (`song_id`) SELECT `id` FROM `songs` ORDER BY `created_at`;
--> statement-breakpoint
INSERT INTO `song_search` (rowid, title, artist, credits, genre, lyrics)
	SELECT d.`doc`, s.`title`, s.`artist_name`,
		coalesce((SELECT group_concat(c.`name`, ' ') FROM `song_credits` c WHERE c.`song_id` = s.`id`), ''),
		s.`genre`, coalesce(s.`lyrics`, '')
	FROM `songs` s JOIN `song_search_docs` d ON d.`song_id` = s.`id`;
--> statement-breakpoint
CREATE TRIGGER `song_search_song_added` AFTER INSERT ON `songs` BEGIN
	INSERT INTO `song_search_docs` (`song_id`) VALUES (new.`id`);
	INSERT INTO `song_search` (rowid, title, artist, credits, genre, lyrics)
		VALUES ((SELECT `doc` FROM `song_search_docs` WHERE `song_id` = new.`id`), new.`title`, new.`artist_name`, '', new.`genre`, coalesce(new.`lyrics`, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `song_search_song_changed` AFTER UPDATE OF `title`, `artist_name`, `genre`, `lyrics` ON `songs` BEGIN
	UPDATE `song_search` SET title = new.`title`, artist = new.`artist_name`, genre = new.`genre`, lyrics = coalesce(new.`lyrics`, '')
		WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `song_search_song_deleted` BEFORE DELETE ON `songs` BEGIN
	DELETE FROM `song_search` WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = old.`id`);
	DELETE FROM `song_search_docs` WHERE `song_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `song_search_credit_added` AFTER INSERT ON `song_credits` BEGIN
	UPDATE `song_search` SET credits = (SELECT group_concat(`name`, ' ') FROM `song_credits` WHERE `song_id` = new.`song_id`)
		WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = new.`song_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `song_search_credit_changed` AFTER UPDATE OF `name`, `song_id` ON `song_credits` BEGIN
	UPDATE `song_search` SET credits = coalesce((SELECT group_concat(`name`, ' ') FROM `song_credits` WHERE `song_id` = old.`song_id`), '')
		WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = old.`song_id`);
	UPDATE `song_search` SET credits = (SELECT group_concat(`name`, ' ') FROM `song_credits` WHERE `song_id` = new.`song_id`)
		WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = new.`song_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `song_search_credit_deleted` AFTER DELETE ON `song_credits` BEGIN
	UPDATE `song_search` SET credits = coalesce((SELECT group_concat(`name`, ' ') FROM `song_credits` WHERE `song_id` = old.`song_id`), '')
		WHERE rowid = (SELECT `doc` FROM `song_search_docs` WHERE `song_id` = old.`song_id`);
END;
