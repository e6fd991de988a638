import { type SongDto, SongListSchema } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** Live songs of this tablet's facility (services/catalogue-scope.ts), most purchased first. */
export const getPopularSongs = (): Promise<SongDto[]> => api.get(inFacility("/api/songs/popular"), SongListSchema);

export const POPULAR_SONGS_KEY = "songs/popular";
export const prefetchPopularSongs = () => void startRead(POPULAR_SONGS_KEY, getPopularSongs);
export const usePopularSongs = () => useRead(POPULAR_SONGS_KEY, getPopularSongs);
