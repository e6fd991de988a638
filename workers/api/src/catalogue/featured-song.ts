/**
 * The featured song an operator chooses (admin: Catalogue tab): one live song at a time, or none.
 * Home's player bar shows it until a listener picks a song (catalogue/catalogue.ts getFeaturedSong).
 * Choosing one sets its featured_at and clears every other in the same batch, and only while the
 * song is live and not taken down, so a song taken down meanwhile is never made the featured one.
 */
import { eq, isNotNull, sql } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { purgeCatalogue } from "./edge-cache";

const notFeaturable = () => new AppError(409, "not_live", "Only a live song that is not taken down can be featured.");

/** Makes `songId` the only featured song, or clears the featured song when it is null. */
export async function setFeaturedSong(ctx: Ctx, songId: string | null, now: number): Promise<void> {
  const { db } = ctx;
  if (songId === null) {
    await db.update(songs).set({ featuredAt: null }).where(isNotNull(songs.featuredAt));
    await purgeCatalogue();
    return;
  }
  const [song] = await db.select({ status: songs.status, takenDownAt: songs.takenDownAt }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw notFound("No song with this id.");
  if (song.status !== "distributed" || song.takenDownAt !== null) throw notFeaturable();
  const [featured] = await runBatch(db, [
    sql`update songs set featured_at = ${now} where id = ${songId} and status = 'distributed' and taken_down_at is null`,
    sql`
      update songs set featured_at = null
      where featured_at is not null and id <> ${songId}
        and exists (select 1 from songs f where f.id = ${songId} and f.featured_at = ${now} and f.taken_down_at is null)`,
  ]);
  if (featured.meta.changes !== 1) throw notFeaturable();
  await purgeCatalogue();
}
