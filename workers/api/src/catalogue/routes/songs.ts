/**
 * /api/songs: the public catalogue the tablets list and play (docs/product.md, Data; Calls). Every call takes
 * the listener's scope, `?facility=<id>` or `?catalogue=clean` (catalogue/catalogue-scope.ts): a song
 * outside it answers 404 as if it did not exist, media included. Answers come from the edge cache
 * until the catalogue changes (catalogue/edge-cache.ts, docs/decisions/032-edge-cache.md).
 * `GET /api/songs/search?q=` finds songs by their words (catalogue/song-search.ts); `GET /api/songs/browse`
 * pages through every listed song or one genre's (`?genre=<slug>&after=<cursor>`), `GET
 * /api/songs/genres` names the genres with songs and `GET /api/songs/{id}/details` is a song's page
 * (catalogue/browse.ts). A read the cache cannot answer counts against its client's burst before it
 * reaches D1 (platform/client-bursts.ts); a song, its media or its page not found is kept as such for a
 * short while, and a search is keyed by its words as the search reads them (case, accents and
 * punctuation folded), so spellings of one search share one answer (docs/decisions/088).
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../platform/env";
import { badRequest, notFound } from "../../platform/errors";
import { readSessionCustomer } from "../../access/index";
import { serveCachedMedia } from "../cached-media";
import { countPreviewStart, countWishlistSave } from "../listener-counts";
import { previewAudioKey, streamAudioKey } from "../../platform/song-media-keys";
import { findOwnedSong, findPublicSong, toSongDto } from "../catalogue";
import { facilityInDb, FULL_CATALOGUE, resolveCatalogueScope, type CatalogueScope } from "../catalogue-scope";
import { currentCatalogueSnapshot, featuredSong, popularSongs, recentSongs, snapshotFacilities, type CatalogueSnapshot } from "../catalogue-snapshot";
import { cachedJson, cachedResponse, cachedValue } from "../edge-cache";
import { SEARCH_QUERY_MAX_CHARS, searchKeyOf, searchSongs } from "../song-search";
import { enforcePublicReadBurst } from "../../platform/client-bursts";
import { coverKeyToServe, requestedCoverWidth } from "../cover-to-serve";
import { BROWSE_PAGE_SIZE, genreOfSlug } from "@jplay/schema/browse";
import { browseSongs, genresWithSongs, songDetails } from "../browse";

const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;
/**
 * A song's audio and cover never change once uploaded, so browsers and the CDN may keep them; a
 * takedown stops serving them but cannot reach a copy already kept (docs/decisions/052). The Worker's
 * own cache is reached only after the song is found live (docs/decisions/032-edge-cache.md).
 */
const IMMUTABLE = "public, max-age=31536000, immutable";

function parseLimit(raw: string | undefined, fallback = DEFAULT_LIST_LIMIT): number {
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
    throw badRequest(/*i18n*/ "limit must be a whole number from 1 to {max}", { max: MAX_LIST_LIMIT });
  }
  return limit;
}

const askedScope = (c: Context<AppEnv>) => ({ facility: c.req.query("facility"), catalogue: c.req.query("catalogue") });
/** The query parameters a catalogue call reads; others are left out of its key, so they cannot fill the cache. */
const KEYED_PARAMS = ["after", "catalogue", "facility", "genre", "limit", "q"] as const;
/** The edge cache's key of this call: its path and the parameters it reads, scope included; `read` gives a parameter as the call reads it. */
const callKey = (c: Context<AppEnv>, read: Partial<Record<(typeof KEYED_PARAMS)[number], string>> = {}) => {
  const url = new URL(c.req.url);
  const keyed = new URLSearchParams();
  for (const name of KEYED_PARAMS) {
    const value = read[name] ?? url.searchParams.get(name);
    if (value !== null) keyed.set(name, value);
  }
  const query = keyed.toString();
  return query === "" ? url.pathname : `${url.pathname}?${query}`;
};

/** A catalogue list or the featured song, from the one snapshot of Home's catalogue (catalogue/catalogue-snapshot.ts). */
function fromSnapshot(c: Context<AppEnv>, read: (snapshot: CatalogueSnapshot, scope: CatalogueScope) => unknown) {
  return cachedJson(callKey(c), async () => {
    await enforcePublicReadBurst(c.var.ctx, c.req.raw.headers);
    const snapshot = await currentCatalogueSnapshot(c.var.ctx);
    return read(snapshot, await resolveCatalogueScope(snapshotFacilities(snapshot), askedScope(c)));
  });
}

/**
 * The context and the scope this listener call asked for (404 for an unknown facility), once the call
 * is counted against its client's burst: only a read the edge cache could not answer comes here.
 */
async function listenerCall(c: Context<AppEnv>) {
  const ctx = c.var.ctx;
  await enforcePublicReadBurst(ctx, c.req.raw.headers);
  const scope = await resolveCatalogueScope(facilityInDb(ctx), askedScope(c));
  return { ctx, scope };
}

/**
 * The media keys of a song public in the call's scope (404 otherwise), kept with the catalogue's
 * generation: a takedown starts a new one, so its media stop being served at once.
 */
async function requirePublicMedia(c: Context<AppEnv>) {
  const media = await cachedValue(
    `media-keys${callKey(c).replace(/\/(audio|cover|preview)(?=\?|$)/, "")}`,
    async () => {
      const { ctx, scope } = await listenerCall(c);
      const song = await findPublicSong(ctx, scope, c.req.param("id")!);
      if (!song) return undefined;
      // The tablet's player gets the low-bitrate stream copy when the listening check wrote one (docs/audio-checks.md, "Stream copy").
      const streamed = await ctx.media.head(streamAudioKey(song.id));
      return { audioKey: streamed ? streamed.key : song.audioKey, coverKey: song.coverKey };
    },
    { keepNotFound: true },
  );
  if (!media) throw notFound(/*i18n*/ "Song not found");
  return media;
}

export const songsRoutes = new Hono<AppEnv>()
  .get("/popular", (c) => {
    const limit = parseLimit(c.req.query("limit"));
    return fromSnapshot(c, (snapshot, scope) => popularSongs(snapshot, scope, limit));
  })
  .get("/recent", (c) => {
    const limit = parseLimit(c.req.query("limit"));
    return fromSnapshot(c, (snapshot, scope) => recentSongs(snapshot, scope, limit));
  })
  .get("/featured", (c) => fromSnapshot(c, featuredSong))
  .get("/search", (c) => {
    const limit = parseLimit(c.req.query("limit"));
    const typed = c.req.query("q") ?? "";
    if (typed.length > SEARCH_QUERY_MAX_CHARS) throw badRequest(/*i18n*/ "A search may be at most {max} characters long", { max: SEARCH_QUERY_MAX_CHARS });
    // "love", "Love" and "love!" are one search: keyed, and searched, as its words fold.
    const words = searchKeyOf(typed);
    return cachedJson(callKey(c, { q: words, limit: String(limit) }), async () => {
      const { ctx, scope } = await listenerCall(c);
      return searchSongs(ctx, scope, words, limit);
    });
  })
  .get("/browse", (c) => {
    const limit = parseLimit(c.req.query("limit"), BROWSE_PAGE_SIZE);
    const slug = c.req.query("genre");
    const genre = slug === undefined ? null : genreOfSlug(slug);
    if (genre === undefined) throw notFound(/*i18n*/ "No such genre");
    return cachedJson(callKey(c), async () => {
      const { ctx, scope } = await listenerCall(c);
      return browseSongs(ctx, scope, { genre, after: c.req.query("after"), limit });
    });
  })
  .get("/genres", (c) =>
    cachedJson(callKey(c), async () => {
      const { ctx, scope } = await listenerCall(c);
      return genresWithSongs(ctx, scope);
    }),
  )
  .get("/:id/details", (c) =>
    cachedResponse(
      callKey(c),
      async () => {
        const { ctx, scope } = await listenerCall(c);
        const details = await songDetails(ctx, scope, c.req.param("id"));
        if (!details) throw notFound(/*i18n*/ "Song not found");
        return c.json(details);
      },
      { keepNotFound: true },
    ),
  )
  .get("/:id", async (c) => {
    const songId = c.req.param("id");
    // A public song's details are kept; a song that is not public is never kept (cachedResponse keeps no 404 and nothing private).
    return cachedResponse(callKey(c), async () => {
      const { ctx, scope } = await listenerCall(c);
      const song = await findPublicSong(ctx, scope, songId);
      if (song) return c.json(toSongDto(song, scope));
      // Not public yet: only the artist who submitted it may see it, and no cache may keep it. A call
      // in a facility's or the clean scope is a tablet's: it gets the scope's songs and nothing else.
      const customerId = scope.query === "" ? await readSessionCustomer(c) : null;
      const owned = customerId ? await findOwnedSong(ctx, songId, customerId) : undefined;
      if (!owned) throw notFound(/*i18n*/ "Song not found");
      c.header("Cache-Control", "private, no-store");
      return c.json(toSongDto(owned, FULL_CATALOGUE));
    });
  })
  .get("/:id/audio", async (c) => {
    const media = await requirePublicMedia(c);
    return serveCachedMedia(c.var.ctx.media, media.audioKey, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: /*i18n*/ "Audio not found" });
  })
  // The preview clip listeners hear before they buy, cut when the song was delivered (docs/audio-checks.md, "Previews").
  // Each start of it is counted for the artist (catalogue/listener-counts.ts).
  .get("/:id/preview", async (c) => {
    await requirePublicMedia(c);
    const songId = c.req.param("id");
    const answer = await serveCachedMedia(c.var.ctx.media, previewAudioKey(songId), c.req.raw, {
      cacheControl: IMMUTABLE,
      missingMessage: /*i18n*/ "This song has no preview",
    });
    countPreviewStart(c.var.ctx, songId, c.req.raw, answer);
    return answer;
  })
  // "Save for later" on a tablet, counted for the song's artist (catalogue/listener-counts.ts); only a
  // song public in the caller's scope, within the caller's burst of public calls.
  .post("/:id/saves", async (c) => {
    const { ctx, scope } = await listenerCall(c);
    const song = await findPublicSong(ctx, scope, c.req.param("id"));
    if (!song) throw notFound(/*i18n*/ "Song not found");
    await countWishlistSave(ctx, song.id);
    return c.body(null, 204);
  })
  .get("/:id/cover", async (c) => {
    const width = requestedCoverWidth(c.req.query("size"));
    const media = await requirePublicMedia(c);
    if (!media.coverKey) throw notFound(/*i18n*/ "This song has no cover");
    const key = await coverKeyToServe(c.var.ctx, media.coverKey, width);
    return serveCachedMedia(c.var.ctx.media, key, c.req.raw, { cacheControl: IMMUTABLE, missingMessage: /*i18n*/ "Cover not found" });
  });
