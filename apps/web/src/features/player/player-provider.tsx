import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { PlayerActionsContext, PlayerStateContext, PlayerTimeContext } from "./player-context";
import { useMediaSession } from "./hooks/use-media-session";
import { createPlayerStore, IDLE_PLAYER, NO_TIME, type PlayerStore } from "./player-store";

/**
 * Puts `store`'s state, time and actions where the player's components read them (player-context.ts).
 * The first render, hydration's, shows the idle player the server rendered; what the store holds
 * (a song a tap started before this island ran) follows at once.
 */
export function PlayerStoreProvider({ store, children }: { store: PlayerStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.state, () => IDLE_PLAYER);
  const time = useSyncExternalStore(store.subscribe, store.time, () => NO_TIME);
  return (
    <PlayerActionsContext.Provider value={store}>
      <PlayerStateContext.Provider value={state}>
        <PlayerTimeContext.Provider value={time}>{children}</PlayerTimeContext.Provider>
      </PlayerStateContext.Provider>
    </PlayerActionsContext.Provider>
  );
}

/** The lock screen's controls (use-media-session.ts) for what `store` plays on its element. */
export function MediaSession({ store }: { store: PlayerStore }) {
  const { song, playing } = useSyncExternalStore(store.subscribe, store.state, () => IDLE_PLAYER);
  const { duration } = useSyncExternalStore(store.subscribe, store.time, () => NO_TIME);
  const audio = useMemo(
    () => ({
      get current() {
        return store.element();
      },
    }),
    [store],
  );
  useMediaSession(audio, song, playing, duration);
  return null;
}

/**
 * Owns the screen's one <audio> element, played through a player store (player-store.ts). Nothing
 * downloads until a tap (preload="none"), except the likely first tap's start: `warm` loads that
 * song's metadata and first bytes (preload="metadata", never the whole file) while nothing is
 * chosen, so a tap on it plays at once. Unmounting (leaving the screen) pauses playback.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [store] = useState(createPlayerStore);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const detach = store.attach(audio);
    return () => {
      detach();
      // Leaving the screen stops the music.
      audio.pause();
    };
  }, [store]);

  return (
    <PlayerStoreProvider store={store}>
      {children}
      <MediaSession store={store} />
      <audio ref={audioRef} preload="none" hidden />
    </PlayerStoreProvider>
  );
}
