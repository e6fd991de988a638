/**
 * `GET /api/songs/search?q=`: the catalogue's songs matching what the listener typed, best first, in
 * this tablet's facility (facility.ts). Kept like the catalogue's other reads (read-cache.ts): a
 * search asked again shows at once, and a write that changes songs forgets it.
 */
import { SEARCH_RESULTS_LIMIT } from "@jplay/schema/browse";
import { type SongDto, SongListSchema } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { useRead } from "@/lib/read-cache";
import { currentFacility, inFacility } from "../facility";

export const searchSongs = (query: string): Promise<SongDto[]> =>
  api.get(inFacility(`/api/songs/search?q=${encodeURIComponent(query)}&limit=${SEARCH_RESULTS_LIMIT}`), SongListSchema);

/** The read of `query` in `facility` (null: the full catalogue); a server-rendered /search seeds it (app/listener-page-data.ts). */
export const searchReadKey = (query: string, facility: string | null) => `songs/search/${encodeURIComponent(facility ?? "")}/${query}`;

/** Whether `query` has a letter or digit: without one the Worker would find nothing, and nothing is read. */
export const isSearchable = (query: string) => /[\p{L}\p{N}]/u.test(query);

export const useSearchSongs = (query: string) => useRead(isSearchable(query) ? searchReadKey(query, currentFacility()) : null, () => searchSongs(query));
