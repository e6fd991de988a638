/**
 * The step before a song can be delivered: its ISRC and UPC (assign-identifiers.ts), then the
 * delivered copy of its audio carrying the ISRC (delivered-copy.ts). The distribution pipeline runs it
 * once the audio check passes and before the delivery time is set, so no song reaches the delivery
 * feed without both (deliverDueSongs also delivers none without them); the cron's backfill runs it for
 * songs scheduled or live before identifiers existed. Safe to run again: the codes stay, the copy is rewritten.
 */
import { eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { assignIdentifiers, type ReleaseIdentifiers } from "./assign-identifiers";
import { storeDeliveredCopy } from "./delivered-copy";
import type { IdentifierSettings } from "./identifier-settings";

export async function prepareRelease(ctx: Ctx, settings: IdentifierSettings, songId: string, now: number): Promise<ReleaseIdentifiers> {
  const identifiers = await assignIdentifiers(ctx, settings, songId, now);
  const [song] = await ctx.db
    .select({ audioKey: songs.audioKey, title: songs.title, artistName: songs.artistName })
    .from(songs)
    .where(eq(songs.id, songId))
    .limit(1);
  if (!song) throw new Error(`No song ${songId} to prepare for delivery`);
  await storeDeliveredCopy(ctx, { id: songId, ...song, isrc: identifiers.isrc });
  return identifiers;
}
