-- Full-text search over the catalogue's words (workers/api/src/catalogue/song-search.ts): each song's
-- title, artist name, credited names, genre and lyrics, case and accents folded ("canción" = "cancion",
-- tokenizer unicode61 with remove_diacritics 2), prefixes of 2 to 4 characters indexed for search as
-- one types. song_search_docs gives each song a fixed integer document id: a song's own rowid may
-- change (songs has no INTEGER PRIMARY KEY). The code that writes a song's words writes its entry in
-- the same batch (songSearchEntry in schema/src/song-search-index.ts); no trigger does, because D1
-- counts a trigger's writes in the statement's `changes`, which the code reads. Kept out of
-- schema/src/tables.ts: drizzle cannot describe a virtual table.
CREATE TABLE `song_search_docs` (
	`doc` integer PRIMARY KEY NOT NULL,
	`song_id` text NOT NULL UNIQUE
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
