/**
 * What the page asks the service worker (ask-service-worker.ts asks, service-worker/sw.ts answers
 * `true` through the message's port when it did it). Types only: the worker is its own bundle and
 * must share no code chunk with the page.
 */
export type WorkerMessage =
  /** Save / delete a liked song's audio (the address is absolute). */
  | { type: "save-audio" | "forget-audio"; url: string }
  /**
   * Keep what the page loaded before the worker controlled it (a first visit's catalogue answers
   * and covers), so the very next visit without a network has them.
   */
  | { type: "keep-loaded"; urls: string[] };
