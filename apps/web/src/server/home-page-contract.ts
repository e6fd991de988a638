/**
 * What the Worker may call to server-render Home (render-home.tsx). The Worker type-checks against
 * this file alone, not against the web app's browser code (package.json "exports", "types").
 */
import type { SongDto } from "@jplay/schema/song";

/** The data Home is rendered with, embedded in the page (app/home-page-data.ts). */
export interface HomePageData {
  /** The facility whose catalogue was rendered (features/catalogue/facility.ts); null: the full catalogue. */
  facility: string | null;
  popular: SongDto[];
  recent: SongDto[];
  featured: SongDto | null;
}

export interface RenderedHome {
  /** Home's <title> and the images React preloads, for the document's head. */
  head: string;
  /** Home inside the layout, as the browser's router renders it: the markup for #root. */
  html: string;
  /** `data` for the page's JSON block (escaped: safe inside <script type="application/json">). */
  dataJson: string;
  /** The block's element id. */
  dataElementId: string;
}

/** Home's HTML for `location` (path and query) rendered with `data`. */
export type RenderHome = (data: HomePageData, location: { pathname: string; search: string }) => RenderedHome;

export declare const renderHome: RenderHome;
