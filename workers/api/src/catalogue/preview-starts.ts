/**
 * Preview starts (`preview_days`, owned here): a preview started on a tablet, counted per song and UTC
 * day, and read back per song for the sales reports, so an artist sees how many listeners heard a song
 * before buying it (docs/decisions/104-sales-rollup.md). A start is a
 * preview answered from its first byte (no range, or one from byte 0): a player fetching the rest of a
 * clip, or seeking in it, counts nothing more. Counted after the answer is sent (`waitUntil`), so a
 * listener never waits for it; nothing about the listener, the tablet or the time of day is kept.
 */
import { waitUntil } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "@jplay/schema/sales-days";
import type { Ctx } from "../platform/context";

const FROM_FIRST_BYTE = /^bytes=0-\d*$/;

export function countPreviewStart(ctx: Ctx, songId: string, request: Request, response: Response): void {
  const range = request.headers.get("Range");
  if (request.method !== "GET" || (response.status !== 200 && response.status !== 206)) return;
  if (range !== null && !FROM_FIRST_BYTE.test(range.trim())) return;
  const day = Math.floor(ctx.now() / DAY_MS);
  waitUntil(
    ctx.db
      .run(sql`insert into preview_days (song_id, day, starts) values (${songId}, ${day}, 1) on conflict (song_id, day) do update set starts = starts + 1`)
      .then(
        () => undefined,
        (error: unknown) => console.error(JSON.stringify({ level: "error", message: "preview start not counted", songId, error: String(error) })),
      ),
  );
}

export interface PreviewScope {
  /** The artist whose songs are read; null: every artist's. */
  artistId: string | null;
  /** UTC day numbers, the first included, the end excluded. */
  firstDay: number;
  endDay: number;
  songId?: string;
}

/** Each song's preview starts in the scope, with its title. */
export function previewStartsBySong(ctx: Ctx, { artistId, firstDay, endDay, songId }: PreviewScope) {
  const song: SQL = songId !== undefined ? sql` and p.song_id = ${songId}` : sql``;
  const artist: SQL = artistId === null ? sql`` : sql` and s.artist_id = ${artistId}`;
  return ctx.db.all<{ songId: string; title: string; previews: number }>(
    sql`select p.song_id as songId, s.title, sum(p.starts) as previews from preview_days p join songs s on s.id = p.song_id
      where p.day >= ${firstDay} and p.day < ${endDay}${song}${artist} group by p.song_id`,
  );
}
