/**
 * The songs a listener liked on this tablet (docs/product.md, the player bar's like toggle), kept in
 * localStorage (liked-songs-store.ts), so their audio can be saved for offline play again later
 * without the catalogue (a song liked before the service worker arrived, a save cut short by lost
 * Wi-Fi). Liking saves the song's audio for offline play; unliking deletes it
 * (features/offline/saved-audio.ts).
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { SongDto } from "@jplay/schema/song";
import { forgetAudio, saveAudio } from "@/features/offline";
import { likedIds, toggleStoredLike } from "./liked-songs-store";

export { likedSongDetails } from "./liked-songs-store";

/** The server's render (no storage) sees no likes, as a first render does. */
const NONE_ON_THE_SERVER: string[] = [];

export function useLikedSongs() {
  const ids = useSyncExternalStore(likedIds.subscribe, likedIds.items, () => NONE_ON_THE_SERVER);
  const liked = useMemo(() => new Set(ids), [ids]);
  const toggleLike = useCallback((song: SongDto) => {
    if (toggleStoredLike(song)) void saveAudio(song.audioUrl);
    else void forgetAudio(song.audioUrl);
  }, []);
  return { liked, toggleLike };
}
