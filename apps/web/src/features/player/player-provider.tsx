import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { SongDto } from "@jplay/schema/song";
import { PlayerActionsContext, PlayerStateContext, PlayerTimeContext, type PlayerActions, type PlayerState, type PlayerTime } from "./player-context";
import { useMediaSession } from "./hooks/use-media-session";
import { holds, loadAndPlay } from "./audio-element";
import { takeEarlySong } from "@/lib/early-taps";

const idle: PlayerState = { song: null, playing: false, buffering: false, error: false };

/**
 * Owns the page's one <audio> element and mirrors its events into React state. Nothing downloads until
 * a tap (preload="none"), except the likely first tap's start: `warm` loads that song's metadata and
 * first bytes (preload="metadata", never the whole file) while nothing is chosen, so a tap on it plays
 * at once. A song a tap started before the app ran (src/early-taps.ts) is taken over as the current one.
 * Unmounting (leaving Home) pauses playback.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const songRef = useRef<SongDto | null>(null);
  const [state, setState] = useState<PlayerState>(idle);
  const [time, setTime] = useState<PlayerTime>({ currentTime: 0, duration: 0 });

  const play = useCallback((attempt: Promise<void>) => {
    attempt.catch((error: unknown) => {
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
        if (audio.paused) play(audio.play());
        else audio.pause();
        return;
      }
      songRef.current = song;
      setState({ song, playing: true, buffering: true, error: false });
      // Warmed: its metadata is in already, and no event will announce it again.
      const warmed = holds(audio, song.audioUrl) && Number.isFinite(audio.duration);
      setTime({ currentTime: 0, duration: warmed ? audio.duration : 0 });
      play(loadAndPlay(audio, song.audioUrl));
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

  const warm = useCallback((song: SongDto) => {
    const audio = audioRef.current;
    if (!audio || songRef.current || audio.getAttribute("src") === song.audioUrl) return;
    audio.preload = "metadata";
    audio.src = song.audioUrl;
  }, []);

  // A tap before the app ran started a song on this very element (the server rendered it): carry on.
  useEffect(() => {
    const audio = audioRef.current;
    const early = takeEarlySong();
    if (!audio || !early || !holds(audio, early.audioUrl)) return;
    songRef.current = early;
    const playing = !audio.paused;
    setState({ song: early, playing, buffering: playing && audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA, error: false });
    setTime({ currentTime: audio.currentTime, duration: Number.isFinite(audio.duration) ? audio.duration : 0 });
  }, []);

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
        // A warmed song that failed is only an error once it is chosen (its load is retried then).
        if (!audio.getAttribute("src") || !songRef.current) return;
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

  const actions = useMemo<PlayerActions>(() => ({ toggle, seek, pause, warm }), [toggle, seek, pause, warm]);

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
