/**
 * The sizes a song's cover is also kept in (docs/decisions/033-cover-sizes.md): WebP copies 96, 288 and
 * 576 px wide, stored beside the uploaded cover under keys made from its key, and asked for with
 * `?size=<width>` on the cover's address. Written once here so the Worker that makes and serves them,
 * the demo seed and the SPA's `srcset` cannot disagree.
 */

/** The widths, smallest first: a player thumbnail, a catalogue card, a card on a high-density screen. */
export const COVER_WIDTHS = [96, 288, 576] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

export const COVER_SIZE_TYPE = "image/webp";

/** The R2 key of a cover's copy `width` px wide, e.g. `songs/<id>/cover.jpg.w288.webp`. */
export const coverSizeKey = (coverKey: string, width: CoverWidth) => `${coverKey}.w${width}.webp`;

/** A cover size asked for in a query string, or null for anything that is not one of COVER_WIDTHS. */
export function parseCoverWidth(raw: string): CoverWidth | null {
  return COVER_WIDTHS.find((width) => String(width) === raw) ?? null;
}

/** The address of a cover's copy `width` px wide: the cover's address (its scope query kept) with `size`. */
export const coverSizeUrl = (coverUrl: string, width: CoverWidth) => `${coverUrl}${coverUrl.includes("?") ? "&" : "?"}size=${width}`;
