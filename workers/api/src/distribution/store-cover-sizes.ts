/**
 * The distribution pipeline's cover step (distribution/jobs/process-distribution.ts): reads the uploaded cover from
 * R2 and stores its WebP sizes beside it (schema/src/cover-sizes.ts), before the song can go live, so a
 * tablet's first `?size=` request already finds them. A cover that cannot be made smaller never stops
 * a song: the step logs why and stores nothing, and every size is then served by the original
 * (catalogue/cover-to-serve.ts). Writing the same sizes again replaces them with the same bytes.
 */
import { COVER_SIZE_TYPE, coverSizeKey } from "@jplay/schema/cover-sizes";
import type { Ctx } from "../platform/context";
import { coverWasm } from "./cover-wasm";
import { makeCoverSizes, type CoverWasm } from "./make-cover-sizes";

export type CoverSizesOutcome = { stored: number } | { skipped: string };

export async function storeCoverSizes(ctx: Ctx, songId: string, coverKey: string, wasm: CoverWasm = coverWasm): Promise<CoverSizesOutcome> {
  const original = await ctx.media.get(coverKey);
  if (!original) return skip(songId, coverKey, "the cover is not stored");
  let result;
  try {
    result = await makeCoverSizes(new Uint8Array(await original.arrayBuffer()), wasm);
  } catch (error) {
    result = { ok: false as const, reason: `the codecs failed (${String(error)})` };
  }
  if (!result.ok) return skip(songId, coverKey, result.reason);
  for (const size of result.sizes) {
    await ctx.media.put(coverSizeKey(coverKey, size.width), size.webp, { httpMetadata: { contentType: COVER_SIZE_TYPE } });
  }
  return { stored: result.sizes.length };
}

function skip(songId: string, coverKey: string, reason: string): CoverSizesOutcome {
  console.warn(JSON.stringify({ level: "warn", task: "cover.sizes", songId, coverKey, note: `original kept for every size: ${reason}` }));
  return { skipped: reason };
}
