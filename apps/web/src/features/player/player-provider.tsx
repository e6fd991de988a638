import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import {
  PlayerActionsContext,
  PlayerStateContext,
  PlayerTimeContext,
  type PlayerActions,
  type PlayerState,
  type PlayerTime,
} from "./player-context";
import { useMediaSession } from "./hooks/use-media-session";

const idle: PlayerState = { song: null, playing: false, buffering: false, error: false };

/**
 * Owns the page's one <audio> element (preload="none": nothing downloads until a tap) and mirrors its
 * events into React state. Unmounting (leaving Home) pauses playback.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const songRef = useRef<SongDto | null>(null);
  const [state, setState] = useState<PlayerState>(idle);
  const [time, setTime] = useState<PlayerTime>({ currentTime: 0, duration: 0 });

  const play = useCallback((audio: HTMLAudioElement) => {
    audio.play().catch((error: unknown) => {
      // AbortError: a newer source or a pause replaced this play request; not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setState((s) => ({ ...s, playing: false, buffering: false, error: error instanceof DOMException && error.name !== "NotAllowedError" }));
    });
  }, []);

  const toggle = useCallback(
    (song: SongDto) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (songRef.current?.id === song.id) {
        if (audio.paused) play(audio);
        else audio.pause();
        return;
      }
      songRef.current = song;
      setState({ song, playing: true, buffering: true, error: false });
      setTime({ currentTime: 0, duration: 0 });
      audio.src = song.audioUrl;
      play(audio);
    },
    [play],
  );

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !songRef.current) return;
    const max = Number.isFinite(audio.duration) ? audio.duration : Infinity;
    const target = Math.min(Math.max(0, seconds), max);
    audio.currentTime = target;
    setTime((t) => ({ ...t, currentTime: target }));
  }, []);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  // Mirror the element's events into state.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const readDuration = () => setTime((t) => ({ ...t, duration: Number.isFinite(audio.duration) ? audio.duration : 0 }));
    const handlers: Record<string, () => void> = {
      play: () => setState((s) => ({ ...s, playing: true, error: false })),
      playing: () => setState((s) => ({ ...s, playing: true, buffering: false, error: false })),
      waiting: () => setState((s) => ({ ...s, buffering: true })),
      pause: () => setState((s) => ({ ...s, playing: false, buffering: false })),
      timeupdate: () => setTime((t) => ({ ...t, currentTime: audio.currentTime })),
      loadedmetadata: readDuration,
      durationchange: readDuration,
      ended: () => {
        // End of track: back to the start, paused.
        audio.currentTime = 0;
        setState((s) => ({ ...s, playing: false, buffering: false }));
        setTime((t) => ({ ...t, currentTime: 0 }));
      },
      error: () => {
        if (!audio.getAttribute("src")) return;
        setState((s) => ({ ...s, playing: false, buffering: false, error: true }));
      },
    };
    for (const [name, handler] of Object.entries(handlers)) audio.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) audio.removeEventListener(name, handler);
      // Leaving the screen stops the music.
      audio.pause();
    };
  }, []);

  useMediaSession(audioRef, state.song, state.playing, time.duration);

  const actions = useMemo<PlayerActions>(() => ({ toggle, seek, pause }), [toggle, seek, pause]);

  return (
    <PlayerActionsContext.Provider value={actions}>
      <PlayerStateContext.Provider value={state}>
        <PlayerTimeContext.Provider value={time}>
          {children}
          <audio ref={audioRef} preload="none" hidden />
        </PlayerTimeContext.Provider>
      </PlayerStateContext.Provider>
    </PlayerActionsContext.Provider>
  );
}
