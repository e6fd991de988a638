/**
 * The browsing screens the Worker renders (`/browse`, `/songs`, `/genres/{slug}`, `/songs/{id}`,
 * `/artists/{slug}`, `/search`): the route each is rendered in and the reads it makes, answered by the data it
 * was rendered with. The page embeds the reads once as a JSON block, as Home's data is
 * (home-page-data.ts); the browser seeds its read cache with them and hydrates, fetching nothing
 * again (main.tsx; docs/decisions/065-browse-song-and-artist-pages.md). Only the server imports this
 * module: the browser needs the block alone, so Home's download does not carry it.
 */
import { artistPageKey, browsePageKey, GENRES_KEY, songDetailsKey } from "@/features/catalogue/api/browse";
import { isSearchable, searchReadKey } from "@/features/catalogue/api/search-songs";
import type { EmbeddedListenerPage, ListenerPageData } from "@/server/render-contract";

/** Each screen's route path (app/router.tsx matches the same). */
export const listenerScreenPaths: Record<ListenerPageData["screen"], string> = {
  browse: "/browse",
  "all-songs": "/songs",
  genre: "/genres/:genre",
  song: "/songs/:songId",
  artist: "/artists/:slug",
  search: "/search",
};

/** The reads the screen makes, answered by `data`. */
export function listenerPageReads(data: ListenerPageData): [string, unknown][] {
  switch (data.screen) {
    case "browse":
      return [[GENRES_KEY, data.genres]];
    case "all-songs":
      return [[browsePageKey(null, data.after), data.page]];
    case "genre":
      return [[browsePageKey(data.genre, data.after), data.page]];
    case "song":
      return [[songDetailsKey(data.song.id), data.song]];
    case "artist":
      return [[artistPageKey(data.artist.slug), data.artist]];
    case "search":
      // An empty search reads nothing (features/catalogue/api/search-songs.ts): nothing to seed.
      return isSearchable(data.query) ? [[searchReadKey(data.query, data.facility), data.songs]] : [];
  }
}

/** What the page embeds for `data`. */
export const embeddedListenerPage = (data: ListenerPageData): EmbeddedListenerPage => ({
  screen: data.screen,
  facility: data.facility,
  reads: listenerPageReads(data),
});

/** The block's text, escaped as Home's is (home-page-data.ts): no "<", U+2028 or U+2029 left to end it. */
export const serializeListenerPage = (embedded: EmbeddedListenerPage): string =>
  JSON.stringify(embedded)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
