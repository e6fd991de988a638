import { useEffect, type RefObject } from "react";
import type { SongDto } from "@jplay/schema/song";
import { PLACEHOLDER_COVER_URL, songArtist, songTitle } from "@/lib/song-labels";
import { useI18n } from "@/lib/i18n";

const SEEK_OFFSET_SECONDS = 10;

function updatePosition(audio: HTMLAudioElement) {
  if (!("setPositionState" in navigator.mediaSession)) return;
  const duration = audio.duration;
  if (!Number.isFinite(duration) || duration <= 0) return;
  try {
    navigator.mediaSession.setPositionState({
      duration,
      playbackRate: audio.playbackRate || 1,
      position: Math.min(audio.currentTime, duration),
    });
  } catch {
    // Inconsistent values mid-seek: skip this update.
  }
}

/** Lock-screen / hardware-key controls through the Media Session API, where the browser has it. */
export function useMediaSession(audioRef: RefObject<HTMLAudioElement | null>, song: SongDto | null, playing: boolean, duration: number) {
  const supported = typeof navigator !== "undefined" && "mediaSession" in navigator;
  const i18n = useI18n();

  useEffect(() => {
    if (!supported) return;
    const session = navigator.mediaSession;
    if (!song) {
      session.metadata = null;
      return;
    }
    const cover = new URL(song.coverUrl ?? PLACEHOLDER_COVER_URL, window.location.href).href;
    session.metadata = new MediaMetadata({
      title: songTitle(song, i18n),
      artist: songArtist(song, i18n),
      album: "JPlay",
      artwork: [{ src: cover }],
    });
  }, [supported, song, i18n]);

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.playbackState = song ? (playing ? "playing" : "paused") : "none";
    const audio = audioRef.current;
    if (audio) updatePosition(audio);
  }, [supported, audioRef, song, playing, duration]);

  useEffect(() => {
    if (!supported) return;
    const session = navigator.mediaSession;
    const withAudio = (fn: (audio: HTMLAudioElement) => void) => () => {
      const audio = audioRef.current;
      if (audio && audio.getAttribute("src")) fn(audio);
    };
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ["play", withAudio((audio) => void audio.play().catch(() => undefined))],
      ["pause", withAudio((audio) => audio.pause())],
      [
        "seekto",
        (details) => {
          const audio = audioRef.current;
          if (!audio || details.seekTime === undefined) return;
          audio.currentTime = details.seekTime;
          updatePosition(audio);
        },
      ],
      [
        "seekbackward",
        (details) => {
          const audio = audioRef.current;
          if (!audio) return;
          audio.currentTime = Math.max(0, audio.currentTime - (details.seekOffset ?? SEEK_OFFSET_SECONDS));
          updatePosition(audio);
        },
      ],
      [
        "seekforward",
        (details) => {
          const audio = audioRef.current;
          if (!audio) return;
          const end = Number.isFinite(audio.duration) ? audio.duration : Infinity;
          audio.currentTime = Math.min(end, audio.currentTime + (details.seekOffset ?? SEEK_OFFSET_SECONDS));
          updatePosition(audio);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Not supported.
        }
      }
      session.metadata = null;
      session.playbackState = "none";
    };
  }, [supported, audioRef]);
}
