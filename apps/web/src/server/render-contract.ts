/**
 * What the Worker may call to server-render a screen (render-home.tsx, render-distribute.tsx). The
 * Worker type-checks against this file alone, not against the web app's browser code (package.json
 * "exports", "types").
 */
import type { Language } from "@jplay/schema/language";
import type { SongDto } from "@jplay/schema/song";
import type { ArtistPageDto, BrowsePage, GenreSummary, SongDetailsDto } from "@jplay/schema/browse";

/** The data Home is rendered with, embedded in the page (app/home-page-data.ts). */
export interface HomePageData {
  /** The facility whose catalogue was rendered (features/catalogue/facility.ts); null: the full catalogue. */
  facility: string | null;
  popular: SongDto[];
  recent: SongDto[];
  featured: SongDto | null;
}

/** The address a screen is rendered for: its path and query ("" or "?…"). */
export interface ScreenLocation {
  pathname: string;
  search: string;
}

export interface RenderedScreen {
  /** The screen's <title> and the images React preloads, for the document's head. */
  head: string;
  /** The screen inside the layout, as the browser's router renders it: the markup for #root. */
  html: string;
}

export interface RenderedHome extends RenderedScreen {
  /** `data` for the page's JSON block (escaped: safe inside <script type="application/json">). */
  dataJson: string;
  /** The block's element id. */
  dataElementId: string;
}

/** Home's HTML for `location` rendered with `data`, in `language`. */
export type RenderHome = (data: HomePageData, location: ScreenLocation, language: Language) => RenderedHome;

/** /distribute's HTML for `location` (its query may hold `returnTo`), as a first visit shows it, in `language`. */
export type RenderDistribute = (location: ScreenLocation, language: Language) => RenderedScreen;

/**
 * The data a browsing screen is rendered with (render-listener-page.tsx), embedded in the page like
 * Home's: `/browse` (the genres), `/songs` and `/genres/{slug}` (one page, `after` its cursor or null
 * for the first), `/songs/{id}`, `/artists/{slug}` and `/search` (the query as the search reads it,
 * "" for none, and the songs it found).
 */
export type ListenerPageData = { facility: string | null } & (
  | { screen: "browse"; genres: GenreSummary[] }
  | { screen: "all-songs"; after: string | null; page: BrowsePage }
  | { screen: "genre"; genre: string; after: string | null; page: BrowsePage }
  | { screen: "song"; song: SongDetailsDto }
  | { screen: "artist"; artist: ArtistPageDto }
  | { screen: "search"; query: string; songs: SongDto[] }
);

/**
 * What a browsing page embeds (app/listener-page-data.ts): the screen, the facility it was rendered
 * for and the reads it made, as [key, value] pairs the browser seeds its read cache with.
 */
export interface EmbeddedListenerPage {
  screen: ListenerPageData["screen"];
  facility: string | null;
  reads: [string, unknown][];
}

/** A browsing screen's HTML for `location` rendered with `data`, in `language`. */
export type RenderListenerPage = (data: ListenerPageData, location: ScreenLocation, language: Language) => RenderedHome;

export declare const renderHome: RenderHome;
export declare const renderListenerPage: RenderListenerPage;
export declare const renderDistribute: RenderDistribute;
