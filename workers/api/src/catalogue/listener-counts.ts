/**
 * What listeners did with a song before buying it (`song_day_counts`, owned here): each preview started
 * on a tablet and each "Save for later", counted per song and UTC day, and read back per song for the
 * sales reports, so an artist sees how many listeners heard or kept a song (docs/decisions/104-sales-rollup.md).
 * A preview start is a preview answered from its first byte: a player fetching the rest of a clip, or
 * seeking in it, counts nothing more. Counted after the answer is sent (`waitUntil`) for previews; nothing
 * about the listener, the tablet or the time of day is kept.
 */
import { waitUntil } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "@jplay/schema/sales-days";
import type { Ctx } from "../platform/context";

const FROM_FIRST_BYTE = /^bytes=0-\d*$/;

/** Adds one to today's count of `column` for the song. */
function countToday(ctx: Ctx, songId: string, column: "previews" | "saves") {
  const day = Math.floor(ctx.now() / DAY_MS);
  const counted = sql.raw(column);
  return ctx.db.run(
    sql`insert into song_day_counts (song_id, day, ${counted}) values (${songId}, ${day}, 1) on conflict (song_id, day) do update set ${counted} = ${counted} + 1`,
  );
}

export function countPreviewStart(ctx: Ctx, songId: string, request: Request, response: Response): void {
  const range = request.headers.get("Range");
  if (request.method !== "GET" || (response.status !== 200 && response.status !== 206)) return;
  if (range !== null && !FROM_FIRST_BYTE.test(range.trim())) return;
  waitUntil(
    countToday(ctx, songId, "previews").then(
      () => undefined,
      (error: unknown) => console.error(JSON.stringify({ level: "error", message: "preview start not counted", songId, error: String(error) })),
    ),
  );
}

/** A song saved for later on a tablet (`POST /api/songs/{id}/saves`, the song public in the caller's scope). */
export async function countWishlistSave(ctx: Ctx, songId: string): Promise<void> {
  await countToday(ctx, songId, "saves");
}

export interface ListenerCountScope {
  /** The artist whose songs are read; null: every artist's. */
  artistId: string | null;
  /** UTC day numbers, the first included, the end excluded. */
  firstDay: number;
  endDay: number;
  songId?: string;
}

/** Each song's preview starts and saves in the scope, with its title. */
export function listenerCountsBySong(ctx: Ctx, { artistId, firstDay, endDay, songId }: ListenerCountScope) {
  const song: SQL = songId !== undefined ? sql` and p.song_id = ${songId}` : sql``;
  const artist: SQL = artistId === null ? sql`` : sql` and s.artist_id = ${artistId}`;
  return ctx.db.all<{ songId: string; title: string; previews: number; saves: number }>(
    sql`select p.song_id as songId, s.title, sum(p.previews) as previews, sum(p.saves) as saves from song_day_counts p join songs s on s.id = p.song_id
      where p.day >= ${firstDay} and p.day < ${endDay}${song}${artist} group by p.song_id`,
  );
}
