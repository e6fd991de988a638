import { type SongDto, SongDtoSchema } from "@jplay/schema/song";
import { api } from "@/lib/api-client";
import { invalidateReads, useRead } from "@/lib/read-cache";

/** One song by id; throws ApiError 404 when it does not exist. */
export const getSong = (songId: string): Promise<SongDto> => api.get(`/api/songs/${encodeURIComponent(songId)}`, SongDtoSchema);

/** Nothing is read while `songId` is empty. */
export const useSong = (songId: string | null | undefined) => useRead(songId ? `songs/detail/${songId}` : null, () => getSong(songId ?? ""));

/** Forgets every song read (rows, featured, details): after a write that changes a song, screens read again. */
export const invalidateSongReads = () => void invalidateReads("songs/");
