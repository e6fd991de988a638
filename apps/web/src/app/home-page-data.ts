/**
 * The data a server-rendered Home was rendered with, embedded once in the page as a JSON block
 * (`<script type="application/json">`: data, never run, so the Content-Security-Policy's "no inline
 * script" holds). The Worker writes it (server/render-home.tsx); the page's islands read their songs
 * from it (lib/page-songs.ts), so nothing is fetched again (docs/decisions/031-server-rendered-home.md,
 * 105-listener-pages-as-islands.md).
 */
import { FEATURED_SONG_KEY } from "@/features/catalogue/api/get-featured-song";
import { POPULAR_SONGS_KEY } from "@/features/catalogue/api/get-popular-songs";
import { RECENT_SONGS_KEY } from "@/features/catalogue/api/get-recent-songs";
import type { HomePageData } from "@/server/render-contract";

export type { HomePageData };

/** Home rows show 4 songs each (docs/product.md, Prices and limits). */
export const HOME_ROW_SIZE = 4;

export { HOME_PAGE_DATA_ID } from "./listener-page-block";

/** The reads Home makes, answered by `data`. */
export const homePageReads = (data: HomePageData): ReadonlyMap<string, unknown> =>
  new Map<string, unknown>([
    [POPULAR_SONGS_KEY, data.popular],
    [RECENT_SONGS_KEY, data.recent],
    [FEATURED_SONG_KEY, data.featured],
  ]);

/**
 * `data` as the JSON block's text. "<" is written as \u003c, so no title (e.g. one holding
 * "</script>") can close the block or open a comment; U+2028/U+2029 likewise, for old parsers.
 */
export function serializeHomePageData(data: HomePageData): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
