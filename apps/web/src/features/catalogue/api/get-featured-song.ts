import { FeaturedSongDtoSchema, type SongDto } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { startRead, useRead } from "@/lib/read-cache";
import { inFacility } from "../facility";

/** The featured song, or null when there is none (or it is not in this tablet's facility's catalogue). */
export const getFeaturedSong = (): Promise<SongDto | null> => api.get(inFacility("/api/songs/featured"), FeaturedSongDtoSchema);

export const FEATURED_SONG_KEY = "songs/featured";
export const prefetchFeaturedSong = () => void startRead(FEATURED_SONG_KEY, getFeaturedSong);
export const useFeaturedSong = () => useRead(FEATURED_SONG_KEY, getFeaturedSong);
