import { createContext, useContext } from "react";
import type { SongDto } from "@jplay/schema/song";

export interface PlayerState {
  /** The song loaded in the one <audio> element, or null before the first tap. */
  song: SongDto | null;
  /** Playback requested and not paused (true while buffering too). */
  playing: boolean;
  /** Waiting for audio data after play was requested. */
  buffering: boolean;
  /** The current song could not be played. */
  error: boolean;
}

export interface PlayerTime {
  currentTime: number;
  /** Seconds; 0 until the metadata of the current song has loaded. */
  duration: number;
}

export interface PlayerActions {
  /** Tap on a song: the current one toggles play/pause, another one is loaded and played. */
  toggle: (song: SongDto) => void;
  seek: (seconds: number) => void;
  pause: () => void;
  /** Get the likely first tap's song ready to start (its metadata and first bytes) while nothing is chosen. */
  warm: (song: SongDto) => void;
}

export const PlayerStateContext = createContext<PlayerState | null>(null);
export const PlayerTimeContext = createContext<PlayerTime | null>(null);
export const PlayerActionsContext = createContext<PlayerActions | null>(null);

function required<T>(value: T | null, hook: string): T {
  if (value === null) throw new Error(`${hook} must be used inside <PlayerProvider>`);
  return value;
}

export const usePlayerState = () => required(useContext(PlayerStateContext), "usePlayerState");
export const usePlayerTime = () => required(useContext(PlayerTimeContext), "usePlayerTime");
export const usePlayerActions = () => required(useContext(PlayerActionsContext), "usePlayerActions");
