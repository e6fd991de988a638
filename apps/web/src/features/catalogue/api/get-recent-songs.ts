import { type SongDto, SongListSchema } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** Live songs of this tablet's facility, newest first. */
export const getRecentSongs = (): Promise<SongDto[]> => api.get(inFacility("/api/songs/recent"), SongListSchema);

export const RECENT_SONGS_KEY = "songs/recent";
export const prefetchRecentSongs = () => void startRead(RECENT_SONGS_KEY, getRecentSongs);
export const useRecentSongs = () => useRead(RECENT_SONGS_KEY, getRecentSongs);
