/**
 * JPlay's service worker (docs/architecture.md, Offline and repeat visits): a tablet that lost its
 * Wi-Fi still opens Home, shows its covers and plays the songs its listener liked. Hand-written and
 * small; cache-rules.ts says which requests it answers (never admin, artist or payment calls).
 * Built as /sw.js by service-worker-plugin.ts, which prepends the build's version and the files of
 * Home's first load (the app shell) to precache. Data caches keep their names across versions; the
 * shell's cache is per build, and activation deletes every other `jplay-` cache.
 * It also watches its own requests to the network: when they start failing, or get through again, it
 * tells every open page, and a copy it answers with because the network failed says so in a header
 * (the page's network detector, lib/network-status.ts, reads both).
 */
import type { ServedFromCopyHeader } from "@/lib/network-status";
import { cacheRuleFor, type CacheRule } from "./cache-rules";
import type { WorkerMessage, WorkerNotice } from "./messages";
import { answerFromSavedFile } from "./range-response";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WindowClient {
  postMessage(message: WorkerNotice): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly __JPLAY_VERSION__: string;
  readonly __JPLAY_PRECACHE__: string[];
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<readonly WindowClient[]> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
}

const worker = self as unknown as WorkerScope;

const SHELL_CACHE = `jplay-shell-${worker.__JPLAY_VERSION__}`;
const CATALOGUE_CACHE = "jplay-catalogue-v1";
const COVER_CACHE = "jplay-covers-v1";
const AUDIO_CACHE = "jplay-audio-v1";
const CURRENT_CACHES = [SHELL_CACHE, CATALOGUE_CACHE, COVER_CACHE, AUDIO_CACHE];
/** Where the last page `/` answered is kept: the page any load gets without a network. */
const HOME_PAGE = "/";
const SERVED_FROM_COPY: ServedFromCopyHeader = "X-JPlay-Copy";

/** Whether this worker's last request to the network got through (a page asks at start). */
let networkReachable = true;

/** Records what a request to the network showed and, when that changed, tells every open page. */
function noteNetwork(reachable: boolean) {
  if (reachable === networkReachable) return;
  networkReachable = reachable;
  void worker.clients.matchAll({ type: "window" }).then((pages) => pages.forEach((page) => page.postMessage({ type: "network", reachable })));
}

/** A request to the network, noted: a rejection is the network failing (an HTTP error still got through). */
async function fromNetwork(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    noteNetwork(true);
    return response;
  } catch (error) {
    noteNetwork(false);
    throw error;
  }
}

/** A kept copy answered because the network failed, marked so the page knows the server did not answer. */
function markedCopy(copy: Response): Response {
  const headers = new Headers(copy.headers);
  headers.set(SERVED_FROM_COPY, "network-failed");
  return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
}

/**
 * The saved audio's addresses, read from its cache when this worker starts: a song's audio that is
 * not saved goes straight to the network, unseen by the worker (the browser's own media loading).
 */
let savedAudio: Set<string> | undefined;
void caches
  .open(AUDIO_CACHE)
  .then((cache) => cache.keys())
  .then((requests) => (savedAudio = new Set(requests.map((request) => request.url))));

async function keep(cacheName: string, key: string, response: Response) {
  if (response.status !== 200) return;
  await (await caches.open(cacheName)).put(key, response.clone());
}

async function cached(cacheName: string, key: string): Promise<Response | undefined> {
  return (await caches.open(cacheName)).match(key, { ignoreVary: true });
}

async function networkFirst(request: Request, cacheName: string, key: string | null, fallbackKey: string): Promise<Response> {
  let response: Response;
  try {
    response = await fromNetwork(request);
  } catch (error) {
    const copy = await cached(cacheName, fallbackKey);
    if (copy) return markedCopy(copy);
    throw error;
  }
  if (key) await keep(cacheName, key, response);
  return response;
}

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const copy = await cached(cacheName, request.url);
  if (copy) return copy;
  const response = await fromNetwork(request);
  await keep(cacheName, request.url, response);
  return response;
}

async function savedAudioOrNetwork(request: Request): Promise<Response> {
  const saved = await cached(AUDIO_CACHE, request.url);
  return saved ? answerFromSavedFile(saved, request.headers.get("Range")) : fromNetwork(request);
}

function answer(rule: CacheRule, request: Request): Promise<Response> {
  switch (rule) {
    case "page": {
      const isHome = new URL(request.url).pathname === "/";
      return networkFirst(request, SHELL_CACHE, isHome ? HOME_PAGE : null, HOME_PAGE);
    }
    case "catalogue":
      return networkFirst(request, CATALOGUE_CACHE, request.url, request.url);
    case "shell-file":
      return cacheFirst(request, SHELL_CACHE);
    case "cover":
      return cacheFirst(request, COVER_CACHE);
    case "audio":
      return savedAudioOrNetwork(request);
  }
}

/**
 * A liked song's whole audio file, fetched once (no Range: a full 200 to slice later). Only a song's
 * audio on this origin, as the cache rules say: a page's message cannot make the worker keep anything else.
 */
async function saveAudio(url: string): Promise<boolean> {
  if (cacheRuleFor({ url, method: "GET", mode: "cors" }, worker.location.origin) !== "audio") return false;
  if (await cached(AUDIO_CACHE, url)) return true;
  const response = await fetch(url, { credentials: "same-origin" });
  await keep(AUDIO_CACHE, url, response);
  if (response.status !== 200) return false;
  savedAudio?.add(url);
  return true;
}

async function forgetAudio(url: string): Promise<boolean> {
  savedAudio?.delete(url);
  return (await caches.open(AUDIO_CACHE)).delete(url, { ignoreVary: true });
}

/** Files the page loaded before this worker was in control, kept as if it had answered them. */
async function keepLoaded(urls: string[]): Promise<boolean> {
  const keepers: Partial<Record<CacheRule, string>> = { catalogue: CATALOGUE_CACHE, cover: COVER_CACHE, "shell-file": SHELL_CACHE };
  await Promise.all(
    urls.map(async (url) => {
      const rule = cacheRuleFor({ url, method: "GET", mode: "cors" }, worker.location.origin);
      const cacheName = rule ? keepers[rule] : undefined;
      if (!cacheName || (await cached(cacheName, url))) return;
      await keep(cacheName, url, await fetch(url, { credentials: "same-origin" }));
    }),
  );
  return true;
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(worker.__JPLAY_PRECACHE__))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith("jplay-") && !CURRENT_CACHES.includes(name)).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const rule = cacheRuleFor(event.request, worker.location.origin);
  if (!rule || (rule === "audio" && savedAudio && !savedAudio.has(event.request.url))) return;
  event.respondWith(answer(rule, event.request));
});

worker.addEventListener("message", (event) => {
  const message = event.data as WorkerMessage;
  const port = event.ports[0];
  if (message.type === "network-status") {
    port?.postMessage(networkReachable);
    return;
  }
  const work = message.type === "keep-loaded" ? keepLoaded(message.urls) : message.type === "save-audio" ? saveAudio(message.url) : forgetAudio(message.url);
  event.waitUntil(
    work.then(
      (done) => port?.postMessage(done),
      () => port?.postMessage(false),
    ),
  );
});
