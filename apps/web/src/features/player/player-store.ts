/**
 * The player without React: one <audio> element, what it plays and its events mirrored into state
 * that anything may follow (`subscribe`, then `state()` and `time()`, the same objects until they
 * change). The app's player (player-provider.tsx) keeps one per screen; a page of islands
 * (docs/decisions/105-listener-pages-as-islands.md) keeps one for the page (`pagePlayer`), shared by
 * the page's first script, which answers a tap before any island runs (src/early-taps.ts), and by
 * every island that plays or shows the song (the player bar, the play buttons).
 */
import type { SongDto } from "@jplay/schema/song";
import type { PlayerActions, PlayerState, PlayerTime } from "./player-context";
import { holds, loadAndPlay } from "./audio-element";

export const IDLE_PLAYER: PlayerState = { song: null, playing: false, buffering: false, error: false };
export const NO_TIME: PlayerTime = { currentTime: 0, duration: 0 };

export interface PlayerStore extends PlayerActions {
  /** The <audio> element it follows, null before `attach`. */
  element(): HTMLAudioElement | null;
  state(): PlayerState;
  time(): PlayerTime;
  subscribe(listener: () => void): () => void;
  /** Follows `audio`'s events (and carries on with what it already plays); answers how to stop following. */
  attach(audio: HTMLAudioElement): () => void;
}

export function createPlayerStore(): PlayerStore {
  const listeners = new Set<() => void>();
  let audio: HTMLAudioElement | null = null;
  let state = IDLE_PLAYER;
  let time = NO_TIME;
  const setState = (next: Partial<PlayerState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  const setTime = (next: Partial<PlayerTime>) => {
    time = { ...time, ...next };
    listeners.forEach((listener) => listener());
  };
  const durationOf = (element: HTMLAudioElement) => (Number.isFinite(element.duration) ? element.duration : 0);

  const play = (attempt: Promise<void>) => {
    attempt.catch((error: unknown) => {
      // AbortError: a newer source or a pause replaced this play request; not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setState({ playing: false, buffering: false, error: error instanceof DOMException && error.name !== "NotAllowedError" });
    });
  };

  const handlers: Record<string, (element: HTMLAudioElement) => void> = {
    play: () => setState({ playing: true, error: false }),
    playing: () => setState({ playing: true, buffering: false, error: false }),
    waiting: () => setState({ buffering: true }),
    pause: () => setState({ playing: false, buffering: false }),
    timeupdate: (element) => setTime({ currentTime: element.currentTime }),
    loadedmetadata: (element) => setTime({ duration: durationOf(element) }),
    durationchange: (element) => setTime({ duration: durationOf(element) }),
    ended: (element) => {
      // End of track: back to the start, paused.
      element.currentTime = 0;
      setState({ playing: false, buffering: false });
      setTime({ currentTime: 0 });
    },
    error: (element) => {
      // A warmed song that failed is only an error once it is chosen (its load is retried then).
      if (!element.getAttribute("src") || !state.song) return;
      setState({ playing: false, buffering: false, error: true });
    },
  };

  return {
    element: () => audio,
    state: () => state,
    time: () => time,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(element) {
      audio = element;
      const bound = Object.entries(handlers).map(([name, handler]) => [name, () => handler(element)] as const);
      for (const [name, handler] of bound) element.addEventListener(name, handler);
      return () => {
        for (const [name, handler] of bound) element.removeEventListener(name, handler);
        if (audio === element) audio = null;
      };
    },
    toggle(song: SongDto) {
      if (!audio) return;
      if (state.song?.id === song.id) {
        if (audio.paused) play(audio.play());
        else audio.pause();
        return;
      }
      // Warmed: its metadata is in already, and no event will announce it again.
      const warmed = holds(audio, song.audioUrl) && Number.isFinite(audio.duration);
      setState({ song, playing: true, buffering: true, error: false });
      setTime({ currentTime: 0, duration: warmed ? audio.duration : 0 });
      // The sound comes first: asked for before the page's covers and the islands' code.
      audio.setAttribute("fetchpriority", "high");
      play(loadAndPlay(audio, song.audioUrl));
    },
    seek(seconds: number) {
      if (!audio || !state.song) return;
      const max = Number.isFinite(audio.duration) ? audio.duration : Infinity;
      const target = Math.min(Math.max(0, seconds), max);
      audio.currentTime = target;
      setTime({ currentTime: target });
    },
    pause: () => audio?.pause(),
    warm(song: SongDto) {
      if (!audio || state.song || audio.getAttribute("src") === song.audioUrl) return;
      audio.preload = "metadata";
      audio.src = song.audioUrl;
    },
  };
}

declare global {
  interface Window {
    /** The page's player (a page of islands), shared by its scripts: the first script and the islands. */
    __jplayPagePlayer?: PlayerStore;
  }
}

/** The page's one player, following the server-rendered page's <audio> element; null when it has none. */
export function pagePlayer(): PlayerStore | null {
  if (window.__jplayPagePlayer) return window.__jplayPagePlayer;
  const audio = document.querySelector<HTMLAudioElement>("#root audio");
  if (!audio) return null;
  const store = createPlayerStore();
  store.attach(audio);
  window.__jplayPagePlayer = store;
  return store;
}
