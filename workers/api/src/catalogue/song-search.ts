/**
 * Search of the public catalogue (`GET /api/songs/search?q=`): the words a listener typed, matched
 * against the song_search FTS5 index (schema/migrations/0015_song_search.sql): title, artist, credited
 * names, genre and lyrics, case and accents folded ("cancion" finds "Canción"). The last word also
 * matches the start of a word in the title, artist, credits or genre, so results follow the typing
 * (in lyrics only whole words: a two-letter start is in most songs' lyrics, which makes a slow search
 * and a useless list). Ranked by BM25 with the title weighing most, then the artist, the credits and
 * genre, the lyrics least. Only songs public in the listener's scope are found (catalogue.ts), clean
 * ones only in a clean scope.
 *
 * The index ranks its hits on its own, and only a window of the best is joined to its songs and
 * checked for the scope, so a common word does not join thousands of rows. When the window held too
 * few songs public in the scope and more hits may follow, a window ten times wider is asked, until
 * one holds every hit. Figures: bench/search.ts.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { songs } from "@jplay/schema/tables";
import type { SongDto } from "@jplay/schema/song";
import type { Ctx } from "../platform/context";
import { isPublic, listedSongColumns, toSongDto, type ListedSong } from "./catalogue";
import type { CatalogueScope } from "./catalogue-scope";

/** The longest query read, in characters: a search box, not a document. */
export const SEARCH_QUERY_MAX_CHARS = 100;
/** Words past this many are ignored. */
export const SEARCH_MAX_WORDS = 8;

/** The migration's tables, as drizzle reads them (not in schema/src/tables.ts: drizzle-kit cannot make them). */
const songSearchDocs = sqliteTable("song_search_docs", { doc: integer("doc").primaryKey(), songId: text("song_id").notNull() });
const songSearch = sqliteTable("song_search", { rowid: integer("rowid").notNull() });

/** Column weights for BM25, in the index's column order: title, artist, credits, genre, lyrics. */
const RANK = sql<number>`bm25(${songSearch}, 10.0, 6.0, 3.0, 3.0, 1.0)`;
/** Where the last word may be the start of a word: every column but the lyrics. */
const PREFIX_COLUMNS = "{title artist credits genre}";
/** The first window of ranked hits, as a multiple of the limit; each next one is WIDER times wider. */
const FIRST_WINDOW = 5;
const WIDER = 10;

/**
 * The words of what was typed as the index reads them: letters and digits (the tokenizer splits on
 * anything else), each letter in lower case (one by one, so no letter changes with its neighbours)
 * and a Latin letter without its accents, as `unicode61 remove_diacritics 2` folds both; at most
 * SEARCH_MAX_WORDS. Two spellings with the same words find the same songs.
 */
export function searchWords(typed: string): string[] {
  const folded = Array.from(typed, (letter) => letter.toLowerCase())
    .join("")
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, "$1")
    .normalize("NFC");
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_WORDS);
}

/** A search as its words (searchWords), one space apart: its edge-cache key and what is searched ("Love!" and "love" alike). */
export const searchKeyOf = (typed: string): string => searchWords(typed).join(" ");

/**
 * The FTS5 query for what was typed: its words (searchWords), each quoted so nothing typed is an
 * operator, all required; the last, when it has two characters or more, also as the start of a word
 * outside the lyrics. Null when nothing searchable was typed.
 */
export function ftsQuery(typed: string): string | null {
  const words = searchWords(typed);
  const last = words.pop();
  if (last === undefined) return null;
  const quoted = (word: string) => `"${word}"`;
  const lastMatch = [...last].length >= 2 ? `(${quoted(last)} OR ${PREFIX_COLUMNS} : ${quoted(last)}*)` : quoted(last);
  // FTS5 takes an implicit AND between phrases only, not before a group in brackets: AND is written.
  return [...words.map(quoted), lastMatch].join(" AND ");
}

/** The public songs in `scope` that match `typed`, best first, at most `limit`. */
export async function searchSongs(ctx: Ctx, scope: CatalogueScope, typed: string, limit: number): Promise<SongDto[]> {
  const query = ftsQuery(typed);
  if (query === null) return [];
  for (let window = limit * FIRST_WINDOW; ; window *= WIDER) {
    const { found, hits } = await searchWindow(ctx, scope, query, window);
    // Enough songs, or the window held every hit: this is the answer.
    if (found.length >= limit || hits < window) return found.slice(0, limit).map((song) => toSongDto(song, scope));
  }
}

/** Of the best `window` hits, how many there were and those public in `scope`, best first. */
async function searchWindow(ctx: Ctx, scope: CatalogueScope, query: string, window: number): Promise<{ found: ListedSong[]; hits: number }> {
  const ranked = ctx.db
    .select({ hitDoc: sql<number>`${songSearch.rowid}`.as("hit_doc"), hitScore: RANK.as("hit_score") })
    .from(songSearch)
    .where(sql`${songSearch} MATCH ${query}`)
    .orderBy(sql`hit_score`)
    .limit(window)
    .as("ranked");
  const rows = await ctx.db
    .select({ song: listedSongColumns, public: sql<number>`${songs.id} is not null` })
    .from(ranked)
    .innerJoin(songSearchDocs, eq(songSearchDocs.doc, ranked.hitDoc))
    .leftJoin(songs, and(eq(songs.id, songSearchDocs.songId), isPublic(scope)))
    .orderBy(sql`${ranked.hitScore}`, desc(songs.createdAt))
    // The window's hits, each one document: never more rows than it holds.
    .limit(window);
  return { found: rows.flatMap((row) => (row.public ? [row.song as ListedSong] : [])), hits: rows.length };
}
