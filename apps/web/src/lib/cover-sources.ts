/**
 * The `srcset` and `sizes` of a song's cover (docs/decisions/033-cover-sizes.md): the WebP copies 96,
 * 288 and 576 px wide the Worker serves with `?size=`, so a tablet loads the one its screen needs. One
 * place builds them for every cover <img>, and for the server-rendered page's first-row
 * `<link rel="preload" as="image" imagesrcset imagesizes>` (coverPreloadLink).
 */
import { COVER_WIDTHS, coverSizeUrl } from "@jplay/schema/cover-sizes";
import type { SongDto } from "@jplay/schema/song";
import { coverSrc } from "./song-labels";

/**
 * A Home card's rendered width: half the row below 640 px (two columns), a quarter from there (four),
 * at most a quarter of the 1152 px layout; less the page padding and the gaps (routes/home.tsx, song-row.tsx).
 */
export const CARD_COVER_SIZES = "(min-width: 1200px) 264px, (min-width: 640px) calc(25vw - 24px), calc(50vw - 24px)";
/** The player bar's 48 px thumbnail. */
export const PLAYER_COVER_SIZES = "48px";
/** The review queue's 96 px cover. */
export const REVIEW_COVER_SIZES = "96px";

export interface CoverSources {
  src: string;
  /** Absent for the placeholder, which has one size. */
  srcSet?: string;
  sizes?: string;
}

/** `src` (the 288 px copy, for a browser without srcset), `srcSet` and `sizes` of a cover shown `sizes` wide. */
export function coverSources(song: Pick<SongDto, "coverUrl">, sizes: string): CoverSources {
  if (!song.coverUrl) return { src: coverSrc(song) };
  return {
    src: coverSizeUrl(song.coverUrl, 288),
    srcSet: COVER_WIDTHS.map((width) => `${coverSizeUrl(song.coverUrl!, width)} ${width}w`).join(", "),
    sizes,
  };
}

/** A `<link rel="preload">` for a cover above the fold, with the same choice of size the <img> makes. */
export function coverPreloadLink(song: Pick<SongDto, "coverUrl">, sizes: string = CARD_COVER_SIZES) {
  const { src, srcSet } = coverSources(song, sizes);
  return srcSet
    ? { rel: "preload", as: "image", href: src, imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: "high" as const }
    : { rel: "preload", as: "image", href: src, fetchPriority: "high" as const };
}
