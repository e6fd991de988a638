/**
 * Browsing the public catalogue past Home's rows: "All songs" and each genre's songs, newest first,
 * a page at a time; the genres that have songs; a song's page (its release details); an artist's
 * public page. Every read takes the listener's scope (catalogue-scope.ts) and lists what Home's lists
 * would: a clean (edited) version only in a clean scope, its explicit original in the full one
 * (catalogue-snapshot.ts).
 *
 * Pages are keyset pages: the cursor is the last song shown (upload time, id), and the next page is
 * the songs strictly after it in (created_at desc, id desc) — a range on the index
 * songs(status, [genre,] created_at, id) (schema/migrations/0020_browse_indexes.sql), never an OFFSET
 * that reads and drops every earlier row. A song added or taken down between two pages neither
 * repeats nor shifts a song off the next page.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { songCredits, songs } from "@jplay/schema/tables";
import { decodeCursor, encodeCursor, slugOf, type ArtistPageDto, type BrowsePage, type GenreSummary, type SongDetailsDto } from "@jplay/schema/browse";
import { GENRES, MAX_CREDITS, type Genre } from "@jplay/schema/release-metadata";
import type { Ctx } from "../platform/context";
import { badRequest } from "../platform/errors";
import { findPublicSong, isPublic, listedSongColumns, toSongDto } from "./catalogue";
import type { CatalogueScope } from "./catalogue-scope";

/** Listed in `scope`: public, and in the full catalogue not a clean version (its original is listed instead). */
const listedIn = (scope: CatalogueScope) => and(isPublic(scope), scope.cleanOnly ? undefined : isNull(songs.cleanVersionOf));

/** The cursor of an `after` parameter; 400 when it is not one. */
export function parseCursor(raw: string | undefined) {
  if (raw === undefined || raw === "") return null;
  const cursor = decodeCursor(raw);
  if (!cursor) throw badRequest(/*i18n*/ "after must be the next page's cursor from a previous answer");
  return cursor;
}

/** One page of the songs listed in `scope` (of `genre` when given), newest first, after `after`. */
export async function browseSongs(
  ctx: Ctx,
  scope: CatalogueScope,
  { genre, after, limit }: { genre: Genre | null; after: string | undefined; limit: number },
): Promise<BrowsePage> {
  const cursor = parseCursor(after);
  const rows = await ctx.db
    .select(listedSongColumns)
    .from(songs)
    .where(
      and(
        listedIn(scope),
        genre === null ? undefined : eq(songs.genre, genre),
        cursor === null ? undefined : sql`(${songs.createdAt}, ${songs.id}) < (${cursor.createdAt}, ${cursor.id})`,
      ),
    )
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .limit(limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { songs: shown.map((song) => toSongDto(song, scope)), next: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The genres with songs listed in `scope`, in the list's order (schema/src/release-metadata.ts), each with its count. */
export async function genresWithSongs(ctx: Ctx, scope: CatalogueScope): Promise<GenreSummary[]> {
  const rows = await ctx.db
    .select({ genre: songs.genre, songCount: sql<number>`count(*)` })
    .from(songs)
    .where(listedIn(scope))
    .groupBy(songs.genre)
    // One row a genre: at most the list's length, a bound written out as every catalogue read has one.
    .limit(GENRES.length);
  const counts = new Map(rows.map((row) => [row.genre, row.songCount]));
  return GENRES.filter((genre) => (counts.get(genre) ?? 0) > 0).map((genre) => ({ genre, slug: slugOf(genre), songCount: counts.get(genre)! }));
}

/** A song's page when it is public in `scope`: the listed fields, its genre, ISRC, credits in order and lyrics. */
export async function songDetails(ctx: Ctx, scope: CatalogueScope, songId: string): Promise<SongDetailsDto | undefined> {
  const song = await findPublicSong(ctx, scope, songId);
  if (!song) return undefined;
  const credits = await ctx.db
    .select({ name: songCredits.name, role: songCredits.role })
    .from(songCredits)
    .where(eq(songCredits.songId, song.id))
    .orderBy(asc(songCredits.position))
    .limit(MAX_CREDITS);
  return {
    ...toSongDto(song, scope),
    genre: song.genre as Genre,
    isrc: song.isrc,
    credits,
    lyrics: song.instrumental || !song.lyrics?.trim() ? null : song.lyrics,
    lyricsLanguage: song.lyricsLanguage,
  };
}

/** The search index's tables (schema/migrations/0015_song_search.sql), as song-search.ts reads them. */
const songSearchDocs = sqliteTable("song_search_docs", { doc: integer("doc").primaryKey(), songId: text("song_id").notNull() });
const songSearch = sqliteTable("song_search", { rowid: integer("rowid").notNull() });

/** The most songs an artist's page lists. */
export const ARTIST_PAGE_MAX_SONGS = 100;
/**
 * The most songs read to find them: songs of other artists whose names share the slug's words as a
 * phrase are read too, then left out. An artist whose words are in many other names may list fewer.
 */
export const ARTIST_PAGE_CANDIDATES = 10 * ARTIST_PAGE_MAX_SONGS;

/**
 * An artist's public page: the songs listed in `scope` whose artist name has this slug, newest first,
 * and the name (the newest song's spelling). Only the name listeners already see on every card: no
 * account, phone, Stripe id or balance. The search index's artist column (accents and case folded,
 * as slugs are) finds the candidates by the slug's words as a phrase; the slug of each one's name
 * then decides, so "ana-maria" is not "Ana María López". Undefined when none is listed.
 */
export async function artistPage(ctx: Ctx, scope: CatalogueScope, slug: string): Promise<ArtistPageDto | undefined> {
  const words = slug.split("-").filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
  // Not a slug any name has ("Love", "amor-é"): nobody's page, and no read of D1.
  if (words.length === 0 || words.join("-") !== slug || slugOf(slug) !== slug) return undefined;
  const rows = await ctx.db
    .select(listedSongColumns)
    .from(songSearch)
    .innerJoin(songSearchDocs, eq(songSearchDocs.doc, songSearch.rowid))
    .innerJoin(songs, eq(songs.id, songSearchDocs.songId))
    .where(and(sql`${songSearch} MATCH ${`artist : "${words.join(" ")}"`}`, listedIn(scope)))
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .limit(ARTIST_PAGE_CANDIDATES);
  const theirs = rows.filter((song) => slugOf(song.artistName) === slug).slice(0, ARTIST_PAGE_MAX_SONGS);
  const newest = theirs[0];
  if (!newest) return undefined;
  return { name: newest.artistName, slug, songs: theirs.map((song) => toSongDto(song, scope)) };
}
