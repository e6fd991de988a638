import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** Live songs of this tablet's facility (services/catalogue-scope.ts), most purchased first. */
export const getPopularSongs = (): Promise<SongDto[]> => api.get<SongDto[]>(inFacility("/api/songs/popular"));

export const POPULAR_SONGS_KEY = "songs/popular";
export const prefetchPopularSongs = () => startRead(POPULAR_SONGS_KEY, getPopularSongs);
export const usePopularSongs = () => useRead(POPULAR_SONGS_KEY, getPopularSongs);
