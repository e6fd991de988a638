/**
 * The catalogue's search index (schema/migrations/0015_song_search.sql) written beside the songs:
 * `songSearchEntry(songId)` (re)writes one song's entry from its row and its credits, in the batch
 * that wrote them (workers/api/src/distribution/submit-song.ts and release-corrections.ts, the demo
 * seed); `songSearchEntries` does it for every song a condition picks (bench/search.ts). Not
 * triggers: D1 counts a trigger's writes in its statement's `changes`, which the code reads (an
 * upload's insert answers 1 row or the artist is refused). A song not in `songs` gets no entry.
 * Imports only drizzle-orm, so Node scripts load it too.
 */
import { sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/** The statements that (re)write the entries of the songs `picked` chooses (a condition on `songs s`). */
export function songSearchEntries(picked: SQL): SQL[] {
  return [
    sql`insert into song_search_docs (song_id) select s.id from songs s where ${picked} on conflict (song_id) do nothing`,
    sql`delete from song_search where rowid in (select d.doc from song_search_docs d join songs s on s.id = d.song_id where ${picked})`,
    sql`insert into song_search (rowid, title, artist, credits, genre, lyrics)
      select d.doc, s.title, s.artist_name, coalesce((select group_concat(c.name, ' ') from song_credits c where c.song_id = s.id), ''), s.genre, coalesce(s.lyrics, '')
      from songs s join song_search_docs d on d.song_id = s.id where ${picked}`,
  ];
}

export const songSearchEntry = (songId: string): SQL[] => songSearchEntries(sql`s.id = ${songId}`);

/** `songSearchEntries` as SQL text, for a file `wrangler d1 execute` runs (bench/search.ts); `picked` is SQL text too. */
export function songSearchEntriesSql(picked: string): string[] {
  const dialect = new SQLiteAsyncDialect();
  return songSearchEntries(sql.raw(picked)).map((statement) => dialect.sqlToQuery(statement).sql);
}
