/**
 * A song's split as the artist page shows it (the version in force now) and as the operator's portal
 * shows it (every version, newest first), with what each recoup has been paid (docs/splits.md).
 */
import { eq } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { AdminSongSplitsResponse, SongSplitResponse } from "@jplay/schema/splits";
import type { Ctx } from "../platform/context";
import { notFound } from "../platform/errors";
import { versionAt } from "./purchase-splits";
import { SONG_NOT_FOUND, ownSong } from "./save-song-split";
import { recoupPaid, splitVersionView, splitVersionsOf } from "./split-versions";

export async function songSplitNow(ctx: Ctx, artistId: string, songId: string, now = ctx.now()): Promise<SongSplitResponse> {
  await ownSong(ctx, artistId, songId);
  const version = versionAt((await splitVersionsOf(ctx, [songId])).get(songId) ?? [], now);
  if (!version) return { songId, split: null };
  const paid = await recoupPaid(ctx, [version.id]);
  return { songId, split: splitVersionView(version, paid.get(version.id) ?? 0) };
}

export async function songSplitHistory(ctx: Ctx, songId: string): Promise<AdminSongSplitsResponse> {
  const [song] = await ctx.db.select({ artistId: songs.artistId }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw notFound(SONG_NOT_FOUND);
  const versions = [...((await splitVersionsOf(ctx, [songId])).get(songId) ?? [])].reverse();
  const paid = await recoupPaid(
    ctx,
    versions.map((version) => version.id),
  );
  return { songId, artistId: song.artistId, versions: versions.map((version) => splitVersionView(version, paid.get(version.id) ?? 0)) };
}
