/**
 * The one way a song starts on the page's <audio> element, for the player (player-provider.tsx) and
 * for a tap on the server's HTML before the app runs (src/early-taps.ts): its source set (kept when it
 * is already this song's, e.g. warmed) and play requested. No React here, so the page's first script
 * carries it without the app.
 */
export function loadAndPlay(audio: HTMLAudioElement, audioUrl: string): Promise<void> {
  if (audio.getAttribute("src") !== audioUrl || audio.error) audio.src = audioUrl;
  return audio.play();
}

/** Whether `audio` holds `audioUrl` ready to go on (its source set, nothing failed). */
export const holds = (audio: HTMLAudioElement, audioUrl: string): boolean => audio.getAttribute("src") === audioUrl && !audio.error;
