import type { SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";

/** Distributed songs, most purchased first. */
export const getPopularSongs = (): Promise<SongDto[]> => api.get<SongDto[]>("/api/songs/popular");

const KEY = "songs/popular";
export const prefetchPopularSongs = () => startRead(KEY, getPopularSongs);
export const usePopularSongs = () => useRead(KEY, getPopularSongs);
