/**
 * The liked songs kept in localStorage, without React: "likedSongs" holds the ids (a JSON array,
 * lib/stored-list.ts), "likedSongDetails" the songs themselves. The like toggle (liked-songs.ts) and
 * a tap on a heart before the app runs (src/early-taps.ts) both change them here, so the app finds either.
 */
import type { SongDto } from "@jplay/schema/song";
import { storage } from "@/lib/storage";
import { parseJson, storedList } from "@/lib/stored-list";

export const LIKED_SONGS_KEY = "likedSongs";
export const LIKED_SONG_DETAILS_KEY = "likedSongDetails";

/** The liked ids (lib/stored-list.ts). */
export const likedIds = storedList(LIKED_SONGS_KEY, (id): id is string => typeof id === "string");

/** The liked songs' details by id (ids without details were liked before details were kept). */
export function likedSongDetails(): Record<string, SongDto> {
  const value = parseJson(storage.get(LIKED_SONG_DETAILS_KEY));
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, SongDto>) : {};
}

/**
 * Likes `song` or, when liked already, unlikes it; answers whether it is liked now. The details are
 * kept first, so whoever the ids' change tells finds the song's details already there.
 */
export function toggleStoredLike(song: SongDto): boolean {
  const ids = likedIds.items();
  const { [song.id]: _unliked, ...details } = likedSongDetails();
  const liked = !ids.includes(song.id);
  if (liked) details[song.id] = song;
  storage.set(LIKED_SONG_DETAILS_KEY, JSON.stringify(details));
  likedIds.write(liked ? [...ids, song.id] : ids.filter((id) => id !== song.id));
  return liked;
}
