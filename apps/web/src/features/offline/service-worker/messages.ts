/**
 * What the page and the service worker say to each other about liked songs' audio
 * (features/offline/saved-audio.ts asks, service-worker/sw.ts answers `true` through the port).
 * Types only: the worker is its own bundle and must share no code chunk with the page.
 */
export interface AudioMessage {
  type: "save-audio" | "forget-audio";
  /** The song's audio address, absolute. */
  url: string;
}
