/**
 * What the admin portal's Catalogue tab lists: the featured song, the live songs an operator may
 * feature or take down, and the taken-down songs they may restore. Bounded lists narrowed by a
 * search, so the tab stays quick with tens of thousands of songs.
 */
import { and, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_LIVE_SONGS_SHOWN, type AdminCatalogueResponse, type AdminLiveSong } from "@jplay/schema/catalogue-control";
import { songs } from "@jplay/schema/tables";
import type { Ctx } from "../platform/context";

type SongRow = typeof songs.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

const toLiveSong = (song: SongRow): AdminLiveSong => ({
  id: song.id,
  title: song.title,
  artistName: song.artistName,
  explicit: song.explicit,
  distributedAt: song.distributedAt === null ? null : iso(song.distributedAt),
  isrc: song.isrc,
  upc: song.upc,
});

/** Title or artist containing `query` (any case for ASCII, as SQLite's LIKE); none for an empty query. */
function matching(query: string): SQL | undefined {
  const trimmed = query.trim();
  if (trimmed === "") return undefined;
  const pattern = `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(sql`${songs.title} like ${pattern} escape '\\'`, sql`${songs.artistName} like ${pattern} escape '\\'`);
}

export async function readAdminCatalogue(ctx: Ctx, query: string): Promise<AdminCatalogueResponse> {
  const { db } = ctx;
  const search = matching(query);
  const live = and(eq(songs.status, "distributed"), isNull(songs.takenDownAt));
  const takenDown = and(eq(songs.status, "distributed"), isNotNull(songs.takenDownAt));
  const [featured, liveRows, [liveCount], takenDownRows] = await Promise.all([
    db
      .select()
      .from(songs)
      .where(and(live, isNotNull(songs.featuredAt)))
      .orderBy(desc(songs.featuredAt))
      .limit(1),
    db.select().from(songs).where(and(live, search)).orderBy(desc(songs.distributedAt), desc(songs.createdAt)).limit(ADMIN_LIVE_SONGS_SHOWN),
    db.select({ n: count() }).from(songs).where(and(live, search)),
    db.select().from(songs).where(and(takenDown, search)).orderBy(desc(songs.takenDownAt)).limit(ADMIN_LIVE_SONGS_SHOWN),
  ]);
  return {
    featured: featured[0] ? toLiveSong(featured[0]) : null,
    live: liveRows.map(toLiveSong),
    liveMatching: liveCount?.n ?? 0,
    takenDown: takenDownRows.map((song) => ({
      id: song.id,
      title: song.title,
      artistName: song.artistName,
      reason: song.takedownReason ?? "",
      takenDownAt: iso(song.takenDownAt!),
    })),
  };
}
