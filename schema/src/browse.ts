/**
 * What the listener's browsing screens and the Worker agree on: the addresses of a genre and of an
 * artist (slugs made from their names), the keyset cursor of a paged list, and the shapes of the
 * browse, song and artist answers (docs/decisions/065-browse-song-and-artist-pages.md).
 */
import * as v from "valibot";
import { SongDtoSchema } from "./song";
import { CreditSchema, GENRES, type Genre } from "./release-metadata";
import { slugOf } from "./catalogue-paths";

export { artistPath, genrePath, slugOf, songPagePath } from "./catalogue-paths";

/** The genre a slug names, or undefined. */
export const genreOfSlug = (slug: string): Genre | undefined => GENRES.find((genre) => slugOf(genre) === slug);

/** Songs on one page of a browse list. */
export const BROWSE_PAGE_SIZE = 12;

/** The most songs one search shows (`/search`, in the app and rendered by the Worker). */
export const SEARCH_RESULTS_LIMIT = 48;

/** Where the next page of a newest-first list starts: after this song (its upload time and id). */
export interface BrowseCursor {
  createdAt: number;
  id: string;
}

/** The cursor as the `after` parameter: `<createdAt in base 36>.<id>`, URL-safe as song ids are. */
export const encodeCursor = ({ createdAt, id }: BrowseCursor) => `${createdAt.toString(36)}.${id}`;

/** The cursor of an `after` parameter, or null when it is not one. */
export function decodeCursor(raw: string): BrowseCursor | null {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,64})$/.exec(raw);
  if (!match) return null;
  const createdAt = parseInt(match[1]!, 36);
  return Number.isSafeInteger(createdAt) ? { createdAt, id: match[2]! } : null;
}

/** One page of a list: its songs, newest first, and the `after` of the next page (null: the last). */
export const BrowsePageSchema = v.object({ songs: v.array(SongDtoSchema), next: v.nullable(v.string()) });
export type BrowsePage = v.InferOutput<typeof BrowsePageSchema>;

/** A genre with songs in the listener's scope. */
export const GenreSummarySchema = v.object({ genre: v.picklist(GENRES), slug: v.string(), songCount: v.number() });
export type GenreSummary = v.InferOutput<typeof GenreSummarySchema>;
export const GenreSummariesSchema = v.array(GenreSummarySchema);

/** A song's page: the song and what its release says (docs/decisions/042-release-identifiers-and-metadata.md). */
export const SongDetailsDtoSchema = v.object({
  ...SongDtoSchema.entries,
  genre: v.picklist(GENRES),
  /** Without hyphens, as stored; null until one is assigned. */
  isrc: v.nullable(v.string()),
  credits: v.array(CreditSchema),
  /** The words, line breaks kept; null for an instrumental or when none were given. */
  lyrics: v.nullable(v.string()),
  /** ISO 639-1, or "zxx" for no linguistic content. */
  lyricsLanguage: v.string(),
});
export type SongDetailsDto = v.InferOutput<typeof SongDetailsDtoSchema>;

/** An artist's public page: the name listeners see and their songs in the listener's scope, newest first. Nothing else. */
export const ArtistPageDtoSchema = v.object({ name: v.string(), slug: v.string(), songs: v.array(SongDtoSchema) });
export type ArtistPageDto = v.InferOutput<typeof ArtistPageDtoSchema>;
