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
import { parseIds, readRaw, subscribe, toggleStoredLike } from "./liked-songs-store";

export { likedSongDetails } from "./liked-songs-store";

export function useLikedSongs() {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  const liked = useMemo(() => new Set(parseIds(raw)), [raw]);
  const toggleLike = useCallback((song: SongDto) => {
    if (toggleStoredLike(song)) void saveAudio(song.audioUrl);
    else void forgetAudio(song.audioUrl);
  }, []);
  return { liked, toggleLike };
}
