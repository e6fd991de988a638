import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";

/** The featured song, or null when there is none. */
export const getFeaturedSong = (): Promise<SongDto | null> => api.get<SongDto | null>("/api/songs/featured");

const KEY = "songs/featured";
export const prefetchFeaturedSong = () => startRead(KEY, getFeaturedSong);
export const useFeaturedSong = () => useRead(KEY, getFeaturedSong);
