/**
 * The browsing screens the Worker renders (`/browse`, `/songs`, `/genres/{slug}`, `/songs/{id}`,
 * `/artists/{slug}`): their route paths, their chunks, and the data each was rendered with, embedded
 * once as a JSON block as Home's is (home-page-data.ts). The browser seeds the reads the screen makes
 * with it and hydrates, fetching nothing again (docs/decisions/065-browse-song-and-artist-pages.md).
 */
import { matchPath } from "react-router";
import { artistPageKey, browsePageKey, GENRES_KEY, songDetailsKey } from "@/features/catalogue/api/browse";
import type { ListenerPageData } from "@/server/render-contract";

export type { ListenerPageData };

export const LISTENER_PAGE_DATA_ID = "listener-page-data";

/** Each screen's route path and chunk (app/router.tsx uses both). */
export const listenerScreens = {
  browse: { path: "/browse", load: () => import("./routes/browse") },
  "all-songs": { path: "/songs", load: () => import("./routes/all-songs") },
  genre: { path: "/genres/:genre", load: () => import("./routes/genre") },
  song: { path: "/songs/:songId", load: () => import("./routes/song") },
  artist: { path: "/artists/:slug", load: () => import("./routes/artist-page") },
} as const satisfies Record<ListenerPageData["screen"], { path: string; load: () => Promise<unknown> }>;

/** The reads the screen makes, answered by `data`. */
export function listenerPageReads(data: ListenerPageData): ReadonlyMap<string, unknown> {
  switch (data.screen) {
    case "browse":
      return new Map([[GENRES_KEY, data.genres]]);
    case "all-songs":
      return new Map([[browsePageKey(null, data.after), data.page]]);
    case "genre":
      return new Map([[browsePageKey(data.genre, data.after), data.page]]);
    case "song":
      return new Map([[songDetailsKey(data.song.id), data.song]]);
    case "artist":
      return new Map([[artistPageKey(data.artist.slug), data.artist]]);
  }
}

/** The block the server embedded, when this page has one and it was rendered for `pathname`. */
export function readListenerPageData(pathname: string): ListenerPageData | null {
  const text = document.getElementById(LISTENER_PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ListenerPageData;
    return matchPath(listenerScreens[data.screen].path, pathname) ? data : null;
  } catch {
    return null;
  }
}
