/**
 * Which stored object answers a cover request with `?size=96|288|576` (schema/src/cover-sizes.ts): the
 * WebP of that width when the distribution pipeline stored it (distribution/store-cover-sizes.ts), else the
 * uploaded cover itself, e.g. one that could not be decoded. Without `size`, the uploaded cover.
 */
import { COVER_WIDTHS, coverSizeKey, parseCoverWidth, type CoverWidth } from "@jplay/schema/cover-sizes";
import type { Ctx } from "../platform/context";
import { badRequest } from "../platform/errors";
import { cachedValue } from "./edge-cache";

/** The width a request asked for, none when it has no `size`; 400 for any other value. */
export function requestedCoverWidth(raw: string | undefined): CoverWidth | undefined {
  if (raw === undefined) return undefined;
  const width = parseCoverWidth(raw);
  if (width === null) throw badRequest(/*i18n*/ "size must be one of {sizes}", { sizes: COVER_WIDTHS.join(", ") });
  return width;
}

/** Looked up in R2 once per catalogue generation and colo, not on every cover request (catalogue/edge-cache.ts). */
export async function coverKeyToServe(ctx: Ctx, coverKey: string, width: CoverWidth | undefined): Promise<string> {
  if (width === undefined) return coverKey;
  const sized = coverSizeKey(coverKey, width);
  return (await cachedValue(`cover-key/${sized}`, async () => ((await ctx.media.head(sized)) ? sized : coverKey)))!;
}
