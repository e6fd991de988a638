import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** Live songs of this tablet's facility, newest first. */
export const getRecentSongs = (): Promise<SongDto[]> => api.get<SongDto[]>(inFacility("/api/songs/recent"));

const KEY = "songs/recent";
export const prefetchRecentSongs = () => startRead(KEY, getRecentSongs);
export const useRecentSongs = () => useRead(KEY, getRecentSongs);
