/**
 * The browsing screens' reads (the Worker's catalogue/browse.ts): a page of "All songs" or of one
 * genre, the genres with songs, a song's page and an artist's page, each in this tablet's facility
 * (facility.ts). Kept like the catalogue's other reads (read-cache.ts); the keys start with "songs/",
 * so a write that changes songs forgets them too (get-song.ts). A server-rendered page seeds them
 * with the data it was rendered with (app/listener-page-data.ts).
 */
import { ArtistPageDtoSchema, BrowsePageSchema, GenreSummariesSchema, SongDetailsDtoSchema } from "@jplay/schema/browse";
import { api } from "@/lib/api-client";
import { useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

const query = (params: Record<string, string | null>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
};

/** The read of one page: `genre` a genre's slug (null: all songs), `after` the page's cursor (null: the first). */
export const browsePageKey = (genre: string | null, after: string | null) => `songs/browse/${genre ?? ""}${query({ after })}`;
export const useBrowsePage = (genre: string | null, after: string | null) =>
  useRead(browsePageKey(genre, after), () => api.get(inFacility(`/api/songs/browse${query({ genre, after })}`), BrowsePageSchema));

export const GENRES_KEY = "songs/genres";
export const useGenres = () => useRead(GENRES_KEY, () => api.get(inFacility("/api/songs/genres"), GenreSummariesSchema));

export const songDetailsKey = (songId: string) => `songs/details/${songId}`;
export const useSongDetails = (songId: string) =>
  useRead(songDetailsKey(songId), () => api.get(inFacility(`/api/songs/${encodeURIComponent(songId)}/details`), SongDetailsDtoSchema));

export const artistPageKey = (slug: string) => `songs/artist/${slug}`;
export const useArtistPage = (slug: string) =>
  useRead(artistPageKey(slug), () => api.get(inFacility(`/api/artists/${encodeURIComponent(slug)}`), ArtistPageDtoSchema));
