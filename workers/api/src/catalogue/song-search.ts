/**
 * Search of the public catalogue (`GET /api/songs/search?q=`): the words a listener typed, matched
 * against the song_search FTS5 index (schema/migrations/0015_song_search.sql): title, artist, credited
 * names, genre and lyrics, case and accents folded ("cancion" finds "Canción"), the last word also as
 * the start of a word, so results follow the typing. Ranked by BM25 with the title weighing most,
 * then the artist, the credits and genre, the lyrics least. Only songs public in the listener's
 * scope are found (catalogue.ts), clean ones only in a clean scope.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { songs } from "@jplay/schema/tables";
import type { SongDto } from "@jplay/schema/song";
import type { Ctx } from "../platform/context";
import { isPublic, listedSongColumns, toSongDto } from "./catalogue";
import type { CatalogueScope } from "./catalogue-scope";

/** The longest query read, in characters: a search box, not a document. */
export const SEARCH_QUERY_MAX_CHARS = 100;
/** Words past this many are ignored. */
export const SEARCH_MAX_WORDS = 8;

/** The migration's tables, as drizzle reads them (not in schema/src/tables.ts: drizzle-kit cannot make them). */
const songSearchDocs = sqliteTable("song_search_docs", { doc: integer("doc").primaryKey(), songId: text("song_id").notNull() });
const songSearch = sqliteTable("song_search", { rowid: integer("rowid") });

/** Column weights for BM25, in the index's column order: title, artist, credits, genre, lyrics. */
const RANK = sql`bm25(${songSearch}, 10.0, 6.0, 3.0, 3.0, 1.0)`;

/**
 * The FTS5 query for what was typed: its words (letters and digits, as the index's tokenizer splits
 * them), each quoted so nothing typed is an operator, all required; the last also matches words it
 * starts when it has two characters or more. Null when nothing searchable was typed.
 */
export function ftsQuery(typed: string): string | null {
  const words = (typed.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word, i) => `"${word}"${i === words.length - 1 && [...word].length >= 2 ? "*" : ""}`).join(" ");
}

/** The public songs in `scope` that match `typed`, best first, at most `limit`. */
export async function searchSongs(ctx: Ctx, scope: CatalogueScope, typed: string, limit: number): Promise<SongDto[]> {
  const query = ftsQuery(typed);
  if (query === null) return [];
  const rows = await ctx.db
    .select(listedSongColumns)
    .from(songSearch)
    .innerJoin(songSearchDocs, eq(songSearchDocs.doc, songSearch.rowid))
    .innerJoin(songs, eq(songs.id, songSearchDocs.songId))
    .where(and(sql`${songSearch} MATCH ${query}`, isPublic(scope)))
    .orderBy(RANK, desc(songs.createdAt))
    .limit(limit);
  return rows.map((row) => toSongDto(row, scope));
}
