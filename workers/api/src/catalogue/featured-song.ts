/**
 * The featured song an operator chooses (admin: Catalogue tab): one live song at a time, or none.
 * Home's player bar shows it until a listener picks a song (catalogue/catalogue.ts getFeaturedSong).
 * Choosing one sets its featured_at and clears every other in the same batch, and only while the
 * song is live and not taken down, so a song taken down meanwhile is never made the featured one. The
 * operator's choice is an audit record in the same batch (docs/decisions/087-audit-log-hash-chain.md).
 */
import { eq, sql } from "drizzle-orm";
import { songs } from "@jplay/schema/tables";
import { auditEntry } from "../platform/audit-log";
import type { Ctx } from "../platform/context";
import { runBatch } from "../platform/db";
import { AppError, notFound } from "../platform/errors";
import { purgeCatalogue } from "./edge-cache";

const notFeaturable = () => new AppError(409, "not_live", "Only a live song that is not taken down can be featured.");

/** Makes `songId` the only featured song, or clears the featured song when it is null; `actor` is the operator. */
export async function setFeaturedSong(ctx: Ctx, songId: string | null, now: number, actor: string): Promise<void> {
  const { db } = ctx;
  if (songId === null) {
    await runBatch(db, [
      sql`update songs set featured_at = null where featured_at is not null`,
      auditEntry({ at: now, actor, action: "featured_changed", detail: "No song featured on Home" }),
    ]);
    await purgeCatalogue();
    return;
  }
  const [song] = await db.select({ status: songs.status, takenDownAt: songs.takenDownAt, title: songs.title }).from(songs).where(eq(songs.id, songId)).limit(1);
  if (!song) throw notFound("No song with this id.");
  if (song.status !== "distributed" || song.takenDownAt !== null) throw notFeaturable();
  const featuredNow = sql`exists (select 1 from songs f where f.id = ${songId} and f.featured_at = ${now} and f.taken_down_at is null)`;
  const [featured] = await runBatch(db, [
    sql`update songs set featured_at = ${now} where id = ${songId} and status = 'distributed' and taken_down_at is null`,
    sql`
      update songs set featured_at = null
      where featured_at is not null and id <> ${songId}
        and ${featuredNow}`,
    auditEntry({ at: now, actor, action: "featured_changed", songId, detail: `Featured "${song.title}" on Home` }, featuredNow),
  ]);
  if (featured.meta.changes !== 1) throw notFeaturable();
  await purgeCatalogue();
}
