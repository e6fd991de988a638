/**
 * The edge cache for answers that change only when the catalogue does: the catalogue lists, song
 * details, the live-song lookups of the media routes and (for the server-rendered Home) `/`
 * (docs/decisions/032-edge-cache.md). Answers live in the Cache API under keys that carry the
 * catalogue's generation, itself an entry of the same cache (read at most once a second per
 * isolate), so a hit costs one or two cache reads and no D1 query. `purgeCatalogue` starts a new generation: every key of the old one (every scope variant,
 * every path) is unreachable at once. Entries are fresh for CATALOGUE_FRESH_SECONDS, then served stale
 * while one rebuild runs in the background, and gone after the stale window, so a purge this colo
 * never saw (another colo's) heals within minutes; where a zone id and purge token are configured, a
 * purge also removes the tagged entries in every colo through Cloudflare's purge-by-tag API.
 *
 * A read that finds nothing (an artist, a song or its media not in the catalogue) may be kept too, for
 * NOT_FOUND_SECONDS and with no stale window (`keepNotFound`): a made-up address asked again and again
 * then costs one D1 read a colo for that long, not one a request (docs/decisions/088-leaks-and-cheap-reads.md).
 * What is kept is the fact, not the answer: a thrown 404 is thrown again, in the asker's language.
 */
import { env, waitUntil } from "cloudflare:workers";
import type { ApiErrorCode } from "@jplay/schema/api-errors";
import type { MessageValues } from "@jplay/schema/format-message";
import { todayUtc } from "@jplay/schema/release-metadata";
import { AppError } from "../platform/errors";
import { loggableError } from "../platform/loggable-error";

/** Seconds an answer is served as fresh, then (up to STALE_SECONDS more) stale while it is rebuilt. */
export const CATALOGUE_FRESH_SECONDS = 60;
export const CATALOGUE_STALE_SECONDS = 300;
/** What browsers and any shared cache in front are told about a catalogue answer. */
/**
 * What answers tell browsers and shared caches: a browser asks again every time (no stale-while-
 * revalidate: a browser would show a catalogue up to minutes old after a change), a shared cache may
 * keep it as long as this Worker's own cache does.
 */
export const CATALOGUE_CACHE_CONTROL = `public, max-age=0, s-maxage=${CATALOGUE_FRESH_SECONDS}`;
/** The tag every catalogue entry carries, for the purge-by-tag API. */
export const CATALOGUE_TAG = "jplay-catalogue";

const STORED_AT = "X-Edge-Stored-At";
/** Marks an entry that says "nothing here": its body is the NotFound it stands for. */
const NOT_FOUND_ENTRY = "X-Edge-Not-Found";
/** How long a "nothing here" is kept: short, and never served stale, as the next purge or upload may change it. */
export const NOT_FOUND_SECONDS = 30;

/** A kept "nothing here": the 404 a build threw (its code, message and values), or none for a 404 it answered. */
interface NotFound {
  error?: { code: ApiErrorCode; template: string; values?: MessageValues };
}

/** Options of a cached read. */
export interface CacheOptions {
  /** Keep a 404 (thrown as AppError or answered) for NOT_FOUND_SECONDS, as the build's result. */
  keepNotFound?: boolean;
}

/**
 * The colo's cache (`caches.default`). Typed by hand: the repository's own typecheck also reads this
 * module with Node's types (e2e imports the cron schedule), whose CacheStorage has no `default`.
 */
export const edgeCache = (): Cache => (caches as unknown as { default: Cache }).default;
/** A generation outlives any entry made under it; a lost generation only costs one miss per key. */
const GENERATION_SECONDS = 86_400;

/**
 * Keys are URLs on the public origin when one is configured (production: the zone the cache belongs
 * to), else on a fixed local one; a purge from the cron and a read from a request agree either way.
 */
function cacheOrigin(): string {
  return env.APP_ORIGIN ? new URL(env.APP_ORIGIN).origin : "http://edge-cache.jplay.local";
}

const generationKey = () => `${cacheOrigin()}/__edge-cache/catalogue-generation`;

/**
 * This isolate's last look at the generation, trusted for GENERATION_MEMO_MS: a purge made by this
 * isolate is seen at once, one made by another isolate of the colo within that time.
 */
let seen: { generation: string; at: number } | undefined;
const GENERATION_MEMO_MS = 1_000;

async function readGeneration(cache: Cache): Promise<string> {
  if (seen && Date.now() - seen.at < GENERATION_MEMO_MS) return seen.generation;
  const stored = await cache.match(generationKey());
  if (!stored) return startGeneration(cache);
  seen = { generation: await stored.text(), at: Date.now() };
  return seen.generation;
}

async function startGeneration(cache: Cache): Promise<string> {
  const generation = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await cache.put(generationKey(), new Response(generation, { headers: { "Cache-Control": `max-age=${GENERATION_SECONDS}` } }));
  seen = { generation, at: Date.now() };
  return generation;
}

/**
 * The Cache API key of `path` (path and query, e.g. `/api/songs/popular?facility=x`) in this
 * generation and UTC day: a song whose release date comes at midnight joins every answer then,
 * though nothing purged the catalogue.
 */
const entryKey = (generation: string, path: string) => `${cacheOrigin()}/__edge-cache/${generation}/${todayUtc(Date.now())}${path}`;

async function store(cache: Cache, key: string, body: ArrayBuffer, contentType: string): Promise<void> {
  await cache.put(
    key,
    new Response(body, {
      headers: {
        "Content-Type": contentType,
        "Cache-Control": `max-age=${CATALOGUE_FRESH_SECONDS + CATALOGUE_STALE_SECONDS}`,
        "Cache-Tag": CATALOGUE_TAG,
        [STORED_AT]: String(Date.now()),
      },
    }),
  );
}

const answer = (body: BodyInit | null, contentType: string, state: "hit" | "stale" | "miss") =>
  new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": CATALOGUE_CACHE_CONTROL, "X-Edge-Cache": state } });

/** Only a plain 200 meant for everyone is kept: errors, and answers marked private, always run `build`. */
const cacheable = (response: Response) => response.status === 200 && !/private|no-store/.test(response.headers.get("Cache-Control") ?? "");

async function storeNotFound(cache: Cache, key: string, notFound: NotFound): Promise<void> {
  await cache.put(
    key,
    new Response(JSON.stringify(notFound), {
      headers: {
        "Content-Type": "application/json",
        "Cache-Control": `max-age=${NOT_FOUND_SECONDS}`,
        "Cache-Tag": CATALOGUE_TAG,
        [STORED_AT]: String(Date.now()),
        [NOT_FOUND_ENTRY]: "1",
      },
    }),
  );
}

/** The 404 a kept "nothing here" stands for: thrown again, or answered (uncacheable by anyone else). */
function replayNotFound({ error }: NotFound): Response {
  if (error) throw new AppError(404, error.code, error.template, {}, error.values);
  return new Response(null, { status: 404, headers: { "Cache-Control": "no-store", "X-Edge-Cache": "hit" } });
}

/**
 * `build()`, with a 404 it throws or answers kept as "nothing here" when `keepNotFound`; any other
 * failure is the caller's, as before.
 */
async function buildKeepingNotFound(cache: Cache, key: string, build: () => Promise<Response>, { keepNotFound = false }: CacheOptions): Promise<Response> {
  let built: Response;
  try {
    built = await build();
  } catch (error) {
    if (keepNotFound && error instanceof AppError && error.status === 404) {
      await storeNotFound(cache, key, { error: { code: error.code, template: error.template, ...(error.values ? { values: error.values } : {}) } });
    }
    throw error;
  }
  if (keepNotFound && built.status === 404) await storeNotFound(cache, key, {});
  return built;
}

/**
 * The answer for `path` from the edge cache, or `build()`'s, kept for the next caller when it is a
 * public 200. A stale hit is answered at once and rebuilt in the background.
 */
export async function cachedResponse(path: string, build: () => Promise<Response>, options: CacheOptions = {}): Promise<Response> {
  const cache = edgeCache();
  const key = entryKey(await readGeneration(cache), path);
  const hit = await cache.match(key);
  if (hit?.headers.has(NOT_FOUND_ENTRY)) {
    if (Date.now() - Number(hit.headers.get(STORED_AT)) <= NOT_FOUND_SECONDS * 1000) return replayNotFound(await hit.json<NotFound>());
  } else if (hit) {
    const contentType = hit.headers.get("Content-Type") ?? "application/octet-stream";
    const age = Date.now() - Number(hit.headers.get(STORED_AT));
    if (age <= CATALOGUE_FRESH_SECONDS * 1000) return answer(hit.body, contentType, "hit");
    waitUntil(
      build()
        .then(async (fresh) => {
          if (cacheable(fresh)) await store(cache, key, await fresh.arrayBuffer(), fresh.headers.get("Content-Type") ?? contentType);
        })
        // The stale copy was answered; a rebuild refused (the client's burst, a 404) or failed leaves it to expire.
        .catch((error: unknown) => {
          if (!(error instanceof AppError)) console.error(JSON.stringify({ level: "error", message: "catalogue rebuild failed", ...loggableError(error) }));
        }),
    );
    return answer(hit.body, contentType, "stale");
  }
  const built = await buildKeepingNotFound(cache, key, build, options);
  if (!cacheable(built)) return built;
  const contentType = built.headers.get("Content-Type") ?? "application/octet-stream";
  const body = await built.arrayBuffer();
  await store(cache, key, body, contentType);
  return answer(body, contentType, "miss");
}

/** `cachedResponse` for a JSON value. */
export function cachedJson(path: string, build: () => Promise<unknown>, options: CacheOptions = {}): Promise<Response> {
  return cachedResponse(path, async () => Response.json(await build()), options);
}

/**
 * A value (JSON) kept under the current generation, for lookups that are not answers themselves
 * (the catalogue snapshot, a live song's media keys); `undefined` from `build` is kept only with
 * `keepNotFound`, for NOT_FOUND_SECONDS.
 */
export async function cachedValue<T>(name: string, build: () => Promise<T | undefined>, { keepNotFound = false }: CacheOptions = {}): Promise<T | undefined> {
  const cache = edgeCache();
  const key = entryKey(await readGeneration(cache), `/__value/${name}`);
  const hit = await cache.match(key);
  if (hit?.headers.has(NOT_FOUND_ENTRY)) {
    if (Date.now() - Number(hit.headers.get(STORED_AT)) <= NOT_FOUND_SECONDS * 1000) return undefined;
  } else if (hit && Date.now() - Number(hit.headers.get(STORED_AT)) <= CATALOGUE_FRESH_SECONDS * 1000) return hit.json<T>();
  const value = await build();
  if (value !== undefined) await store(cache, key, new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer, "application/json");
  else if (keepNotFound) await storeNotFound(cache, key, {});
  return value;
}

/**
 * After a change to the catalogue (a song distributed, taken down or restored, a purchase, the
 * featured song, a facility's clean-only flag): a new generation in this colo, and, where configured,
 * the tagged entries of every colo purged. A failed global purge is logged, never thrown: the change
 * itself happened, and the bounded lifetime heals the other colos.
 */
export async function purgeCatalogue(): Promise<void> {
  await startGeneration(edgeCache());
  const zone = env.CLOUDFLARE_ZONE_ID;
  const token = env.CLOUDFLARE_CACHE_PURGE_TOKEN;
  if (!zone || !token) return;
  try {
    const purged = await fetch(`https://api.cloudflare.com/client/v4/zones/${zone}/purge_cache`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ tags: [CATALOGUE_TAG] }),
    });
    if (!purged.ok) console.error(JSON.stringify({ level: "error", message: "catalogue purge by tag refused", status: purged.status }));
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: "catalogue purge by tag failed", ...loggableError(error) }));
  }
}
