/**
 * Which requests the service worker answers, and how (docs/architecture.md, Offline and repeat
 * visits). An allow-list: the app shell, the catalogue lists Home shows, covers and saved audio.
 * Everything else (admin, artist, me, distribution and payments, checkout, subscriptions, webhooks,
 * the Stripe sandbox, song details, any write) is never cached and not even seen: the browser sends
 * it to the network as if there were no service worker.
 */
export type CacheRule =
  /** A page load: the network first, the last copy of `/` when there is no network. */
  | "page"
  /** The build's files (hashed names never change) and the few public files the shell needs. */
  | "shell-file"
  /** Home's catalogue lists: the network first, the last answer when there is no network. */
  | "catalogue"
  /** A song's cover: the cached copy first (covers never change, docs/decisions/052). */
  | "cover"
  /** A song's audio: from the saved copy of a liked song (ranges sliced from it), else the network. */
  | "audio";

/** The public files the shell loads besides the hashed build (index.html links them). */
export const SHELL_PUBLIC_FILES = ["/theme-init.js", "/favicon.svg", "/placeholder-cover.svg", "/manifest.webmanifest", "/icon-192.png", "/icon-512.png"];

const CATALOGUE = /^\/api\/songs\/(popular|recent|featured)$/;
const COVER = /^\/api\/songs\/[^/]+\/cover$/;
const AUDIO = /^\/api\/songs\/[^/]+\/audio$/;

export function cacheRuleFor(request: { url: string; method: string; mode: string }, origin: string): CacheRule | null {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== origin) return null;
  const path = url.pathname;
  if (path.startsWith("/api/")) {
    if (CATALOGUE.test(path)) return "catalogue";
    if (COVER.test(path)) return "cover";
    if (AUDIO.test(path)) return "audio";
    return null;
  }
  if (request.mode === "navigate") return "page";
  if (path.startsWith("/assets/") || SHELL_PUBLIC_FILES.includes(path)) return "shell-file";
  return null;
}
