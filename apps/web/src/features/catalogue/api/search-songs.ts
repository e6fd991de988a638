/**
 * `GET /api/songs/search?q=`: the catalogue's songs matching what the listener typed, best first, in
 * this tablet's facility (facility.ts). Kept like the catalogue's other reads (read-cache.ts): a
 * search asked again shows at once, and a write that changes songs forgets it.
 */
import { type SongDto, SongListSchema } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** The most songs one search shows. */
export const SEARCH_RESULTS_LIMIT = 48;

export const searchSongs = (query: string): Promise<SongDto[]> =>
  api.get(inFacility(`/api/songs/search?q=${encodeURIComponent(query)}&limit=${SEARCH_RESULTS_LIMIT}`), SongListSchema);

/** Nothing is read while the query has no letter or digit (the Worker would find nothing). */
export const useSearchSongs = (query: string) => {
  const searchable = /[\p{L}\p{N}]/u.test(query);
  return useRead(searchable ? `songs/search/${inFacility(query)}` : null, () => searchSongs(query));
};
