/**
 * What the page and the service worker say to each other. Types only: the worker is its own bundle
 * and must share no code chunk with the page.
 */
export type WorkerMessage =
  /** Save / delete a liked song's audio (the address is absolute); answered `true` when done. */
  | { type: "save-audio" | "forget-audio"; url: string }
  /**
   * Keep what the page loaded before the worker controlled it (a first visit's catalogue answers
   * and covers), so the very next visit without a network has them; answered `true` when done.
   */
  | { type: "keep-loaded"; urls: string[] }
  /** Whether the worker's last request to the network got through; answered with that boolean. */
  | { type: "network-status" };

/** What the worker tells every open page on its own (network-from-service-worker.ts listens). */
export type WorkerNotice =
  /** Its requests to the network started failing (`false`) or got through again (`true`). */
  { type: "network"; reachable: boolean };
